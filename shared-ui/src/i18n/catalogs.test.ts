import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { locales } from "@contracts/i18n/locales.ts";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import registry from "../../../api/contracts/remote-registry.json" with { type: "json" };

/**
 * Every app's message files (src/messages/<locale>.json, shared-ui's in src/i18n/messages): one
 * per locale of locales.ts, each with exactly English's keys, each message valid ICU with the
 * same arguments as English's. A key added in English only, or left behind in one language,
 * fails here.
 */
const root = `${resolve(import.meta.dirname, "../../..")}/`;
/**
 * Every app the page is made of: shared-ui, the shell and each remote of the registry (the one
 * list of the remotes), so a remote added there is checked without touching this file.
 */
const apps = ["shared-ui", registry.shell.folder, ...registry.remotes.map((r) => r.folder)];
const dirOf = (app: string) =>
  app === "shared-ui" ? `${root}shared-ui/src/i18n/messages` : `${root}${app}/src/messages`;

function files(app: string): string[] {
  try {
    return readdirSync(dirOf(app)).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
}
const read = (app: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`${dirOf(app)}/${locale}.json`, "utf8"));

/** The names of a message's ICU arguments, `{count, plural, ...}` and `{name}` alike. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === "string") names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === "object")
        for (const value of Object.values(choices)) walk(value);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

it("every app of the registry has message files", () => {
  expect(apps.filter((app) => files(app).length === 0)).toEqual([]);
});

// An app without files fails above; its keys are checked once it has them.
describe.each(apps.filter((app) => files(app).length > 0))("%s's message files", (app) => {
  const english = read(app, "en");

  it("has one file per locale and no other", () => {
    expect(
      files(app)
        .map((f) => f.replace(/\.json$/, ""))
        .sort(),
    ).toEqual([...locales].sort());
  });

  it.each(locales.filter((l) => l !== "en"))("%s has exactly English's keys", (locale) => {
    const other = read(app, locale);
    const missing = Object.keys(english).filter((k) => !(k in other));
    const extra = Object.keys(other).filter((k) => !(k in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each([...locales])("%s's messages are valid ICU with English's arguments", (locale) => {
    const messages = read(app, locale);
    const wrong = Object.entries(messages).filter(([key, message]) => {
      try {
        const expected = argumentsOf(english[key] ?? "");
        return JSON.stringify(argumentsOf(message)) !== JSON.stringify(expected);
      } catch {
        return true;
      }
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });
});
