import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { messages } from "../auth.ts";
import { localizeByEnglish } from "./by-english.ts";
import { fillTemplate } from "./fill-template.ts";
import { locales, negotiateLocale } from "./locales.ts";
import { englishMessages } from "./messages.ts";
import { catalogByEnglish, localizeMessage } from "./validation.ts";
import de from "./validation-de.json" with { type: "json" };
import fr from "./validation-fr.json" with { type: "json" };
import nl from "./validation-nl.json" with { type: "json" };

const catalogs: Record<string, Record<string, string>> = { de, fr, nl };

Deno.test("every English message id has a text in de, fr and nl, and no catalog has an id English lacks", () => {
  assertEquals(Object.keys(catalogs).sort(), locales.filter((l) => l !== "en").sort());
  const english = Object.keys(englishMessages).sort();
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const ids = Object.keys(catalog);
    const missing = english.filter((id) => !(id in catalog));
    const extra = ids.filter((id) => !(id in englishMessages));
    assertEquals({ locale, missing, extra }, { locale, missing: [], extra: [] });
    const blank = ids.filter((id) => typeof catalog[id] !== "string" || !catalog[id]!.trim());
    assertEquals({ locale, blank }, { locale, blank: [] });
  }
});

Deno.test("a message built from values keeps English's arguments in every catalog", () => {
  const argumentsOf = (text: string) =>
    [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]))].sort();
  for (const [id, english] of Object.entries(englishMessages)) {
    if (!english.includes("{")) continue;
    for (const [locale, catalog] of Object.entries(catalogs)) {
      assertEquals(
        [locale, id, argumentsOf(catalog[id] ?? "")],
        [locale, id, argumentsOf(english)],
      );
    }
  }
});

Deno.test("localizeMessage maps a contract's English message through its id; English and unknown stay", () => {
  assertEquals(localizeMessage(messages.invalidEmail, de), "Ungültige E-Mail-Adresse");
  assertEquals(localizeMessage(messages.invalidEmail, fr), "Adresse e-mail invalide");
  assertEquals(localizeMessage(messages.invalidEmail, nl), "Ongeldig e-mailadres");
  assertEquals(localizeMessage(messages.invalidEmail, {}), "Invalid email address");
  assertEquals(localizeMessage("Something no contract says", de), "Something no contract says");
  assertEquals(englishMessages["auth.invalidEmail"], "Invalid email address");
});

Deno.test("a catalog keyed by English (the pages' form) translates every message as the id-keyed one does", () => {
  const filled = Object.values(englishMessages)
    .filter((text) => text.includes("{"))
    .map((text) => fillTemplate(text, new Proxy({}, { get: (_, name) => `<${String(name)} 42>` })));
  const english = [...Object.values(englishMessages), ...filled, "Something no contract says"];
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const byEnglish = catalogByEnglish(catalog);
    for (const message of english) {
      assertEquals(
        [locale, message, localizeByEnglish(message, byEnglish)],
        [locale, message, localizeMessage(message, catalog)],
      );
    }
  }
  assertEquals(filled.length > 0, true);
  assertEquals(
    localizeByEnglish(messages.invalidEmail, catalogByEnglish(de)),
    "Ungültige E-Mail-Adresse",
  );
});

Deno.test("negotiateLocale: q-values, region tags, exclusions and the English fallback", () => {
  const cases: [string | null | undefined, string][] = [
    [undefined, "en"],
    [null, "en"],
    ["", "en"],
    ["de", "de"],
    ["de-AT", "de"],
    ["fr-CA,fr;q=0.9", "fr"],
    ["nl-BE;q=0.8, de;q=0.9", "de"],
    ["es,nl;q=0.5", "nl"],
    ["es, it", "en"],
    ["*", "en"],
    ["de;q=0, fr;q=0.1", "fr"],
    ["en-US,en;q=0.9,de;q=0.8", "en"],
    ["DE-de", "de"],
    ["de;q=abc, nl", "nl"],
    [";;;,,,", "en"],
  ];
  for (const [header, expected] of cases) {
    assertEquals([header, negotiateLocale(header)], [header, expected]);
  }
});
