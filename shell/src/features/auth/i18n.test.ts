import { setLocale } from "@hosting-portal/shared-ui";
import { afterEach, describe, expect, it } from "vitest";
import { messages as frame } from "../../i18n";
import frameEn from "../../messages/en.json?keys=!auth.,auth.linkFailed";
import authEn from "../../messages/en.json?keys=auth.";
import { messages } from "./i18n";

/** The whole English file, uncompiled (a plain-text message compiles to the same string). */
const all: Record<string, string> = (
  await import("../../messages/en.json", { with: { type: "json" } })
).default;

afterEach(() => setLocale("en", { remember: false }));

describe("the shell's messages in two parts", () => {
  it("keeps the sign-in pages' texts out of the frame's English, and loses none", () => {
    expect(Object.keys(frameEn).filter((k) => k.startsWith("auth."))).toEqual(["auth.linkFailed"]);
    expect(Object.keys(authEn).every((k) => k.startsWith("auth."))).toBe(true);
    expect(new Set([...Object.keys(frameEn), ...Object.keys(authEn)])).toEqual(
      new Set(Object.keys(all)),
    );
  });

  it("translates the frame's and the sign-in pages' keys, in English and after a change", async () => {
    expect(messages.t("auth.signIn.title")).toBe(all["auth.signIn.title"]);
    expect(messages.t("error")).toBe(all.error);
    expect(frame.t("auth.linkFailed")).toBe(all["auth.linkFailed"]);
    const de = (await import("../../messages/de.json", { with: { type: "json" } })).default;
    await setLocale("de", { remember: false });
    expect(messages.t("auth.signIn.title")).toBe(de["auth.signIn.title"]);
    expect(messages.t("error")).toBe(de.error);
  });
});
