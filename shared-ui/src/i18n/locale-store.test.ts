import { negotiateLocale } from "@contracts/i18n/locales.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocaleStore } from "./locale-store";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the page's first language", () => {
  // The store reads navigator.languages itself rather than shipping the API's header parser:
  // it must choose what the API chooses for the header the same browser sends.
  it.each([
    [["de-DE", "de", "en-US", "en"]],
    [["en-GB", "de"]],
    [["fr-CA"]],
    [["NL-be", "fr"]],
    [["pt-BR", "es", "nl"]],
    [["pt-BR", "es"]],
    [["zh-Hant-TW", "de_AT"]],
    [["*", "fr"]],
    [[]],
  ])("follows the browser's languages %j as negotiateLocale does", (languages) => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
    expect(new LocaleStore().get()).toBe(negotiateLocale(languages.join(",")));
  });

  it("takes a choice made on this device before the browser's languages", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["de-DE"]);
    localStorage.setItem("portal:locale", "nl");
    expect(new LocaleStore().get()).toBe("nl");
    localStorage.setItem("portal:locale", "xx");
    expect(new LocaleStore().get()).toBe("de");
  });

  it("sets <html lang>", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["fr-FR"]);
    new LocaleStore();
    expect(document.documentElement.lang).toBe("fr");
  });
});
