import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate, formatDateTime, formatEur, formatNumber } from "../format/format";
import { localeStore } from "./locale-store";
import { richText, strong } from "./rich-text";
import { createTranslator } from "./translator";

afterEach(async () => {
  await localeStore.set("en", { remember: false });
});

describe("formats per language", () => {
  it("keeps SPEC's English formats and writes euros the way each language does", async () => {
    expect(formatEur("12.5")).toBe("12.50 EUR");
    await localeStore.set("de", { remember: false });
    expect(formatEur("12.5").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatEur("-1234.5").replace(/\s/g, " ")).toBe("-1.234,50 €");
    await localeStore.set("nl", { remember: false });
    expect(formatEur("12.5").replace(/\s/g, " ")).toBe("€ 12,50");
    await localeStore.set("fr", { remember: false });
    expect(formatEur("12.5").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatNumber(1234.5).replace(/\s/g, " ")).toBe("1 234,5");
  });

  it("dates in the language's own order and month names", async () => {
    const moment = new Date(2026, 10, 22, 14, 5);
    expect(formatDateTime(moment)).toBe("Nov 22, 2026 14:05");
    await localeStore.set("de", { remember: false });
    expect(formatDateTime(moment)).toBe("22. Nov. 2026, 14:05");
    expect(formatDate(moment)).toBe("22. Nov. 2026");
    await localeStore.set("nl", { remember: false });
    expect(formatDate(moment)).toBe("22 nov 2026");
  });

  it("sets <html lang> to the page's language", async () => {
    await localeStore.set("fr", { remember: false });
    expect(document.documentElement.lang).toBe("fr");
  });
});

describe("createTranslator", () => {
  // Compiled as the apps' message files are (compiledMessages in vite-app-config.js).
  const compile = (messages: Record<string, string>) =>
    Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, compileMessageOrThrow(m)]));
  const en = compile({
    hello: "Hello {name}",
    items: "{count, plural, one {# item} other {# items}}",
    only: "English only",
  }) as unknown as Record<"hello" | "items" | "only", string>;
  const de = compile({
    hello: "Hallo {name}",
    items: "{count, plural, one {# Artikel} other {# Artikel}}",
  });

  it("loads a language only when the page switches to it, English for a missing key (reported)", async () => {
    const loadDe = vi.fn(async () => ({ default: de }));
    const loadFr = vi.fn(async () => ({ default: {} }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const tr = createTranslator("test-app", en, {
      "./messages/de.json": loadDe,
      "./messages/fr.json": loadFr,
    });
    function Page() {
      const t = tr.useT();
      return (
        <p>
          {t("hello", { name: "Ada" })} · {t("items", { count: 2 })} · {t("only")}
        </p>
      );
    }
    render(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Hello Ada · 2 items · English only")).toBeTruthy();
    expect(loadDe).not.toHaveBeenCalled();
    await act(() => localeStore.set("de", { remember: false }));
    expect(screen.getByText("Hallo Ada · 2 Artikel · English only")).toBeTruthy();
    expect(loadFr).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("only"));
    expect(tr.t("items", { count: 1 })).toBe("1 Artikel");
    warn.mockRestore();
  });
});

describe("richText", () => {
  it("wraps numbered tags and keeps the text between them", () => {
    const { container } = render(
      <p>{richText("Order <0>VPS S</0> for <1>12,50 €</1>?", [strong, strong])}</p>,
    );
    expect(container.innerHTML).toBe(
      "<p>Order <strong>VPS S</strong> for <strong>12,50 €</strong>?</p>",
    );
  });
});
