import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatCompiledEnglish } from "./compiled-english";

const root = join(import.meta.dirname, "..", "..", "..");
/** Every app's English message file (the same list catalogs.test.ts checks). */
const files = [
  join(root, "shared-ui", "src", "i18n", "messages", "en.json"),
  ...readdirSync(root)
    .filter((d) => d === "shell" || d.startsWith("mf-"))
    .map((d) => join(root, d, "src", "messages", "en.json"))
    .filter((f) => {
      try {
        return readFileSync(f) !== undefined;
      } catch {
        return false;
      }
    }),
];

/** Values for a message's arguments: each count a plural may branch on, and a text for the rest. */
function samples(message: string): Record<string, unknown>[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] as string);
  return [0, 1, 2, 5, 1234].map((n) =>
    Object.fromEntries(
      names.map((name) => [name, /plural|ordinal/.test(message) ? n : `<${name}>`]),
    ),
  );
}

describe("English without Lingui's runtime", () => {
  it("formats every app's English messages exactly as Lingui does", () => {
    let checked = 0;
    for (const file of files) {
      const source: Record<string, string> = JSON.parse(readFileSync(file, "utf8"));
      const compiled = Object.fromEntries(
        Object.entries(source).map(([id, message]) => [id, compileMessageOrThrow(message)]),
      );
      const lingui = setupI18n({ locale: "en", messages: { en: compiled } });
      for (const [id, message] of Object.entries(source)) {
        for (const values of samples(message)) {
          expect(formatCompiledEnglish(compiled[id], values), `${file}: ${id}`).toBe(
            lingui._(id, values),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("plurals, exact-number branches, '#' as a number, select and missing values", () => {
    const cases = [
      "{n, plural, =0 {none} one {# day} other {# days}}",
      "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
      "{kind, select, vps {a server} other {something}}, {missing}!",
      "It's '{'quoted'}' and {name}",
    ];
    const lingui = setupI18n({ locale: "en", messages: { en: {} } });
    for (const message of cases) {
      const compiled = compileMessageOrThrow(message);
      lingui.load("en", { m: compiled });
      for (const values of [
        { n: 0, kind: "vps", name: "x" },
        { n: 1 },
        { n: 2, kind: "y" },
        { n: 1234 },
        { n: 3 },
      ])
        expect(formatCompiledEnglish(compiled, values), message).toBe(lingui._("m", values));
    }
  });
});
