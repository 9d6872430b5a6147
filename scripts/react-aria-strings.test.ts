import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { type OutputChunk, rolldown } from "rolldown";
import { afterAll, describe, expect, it } from "vitest";
import { reactAriaStrings } from "../shared-ui/vite-app-config.js";

/*
 * React Aria's built-in strings as the builds ship them (reactAriaStrings() in
 * shared-ui/vite-app-config.js): English in the page's code, each other language of the portal a
 * chunk of its own that fills the strings React Aria already holds, so a page that changes
 * language speaks the new one without remounting.
 */
const overlays = join(
  dirname(createRequire(import.meta.url).resolve("react-aria/package.json")),
  "dist/private/overlays/intlStrings.mjs",
);
const out = mkdtempSync(join(tmpdir(), "react-aria-strings-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function build() {
  const bundle = await rolldown({
    input: "entry",
    logLevel: "silent",
    plugins: [
      reactAriaStrings(),
      {
        name: "entry",
        resolveId: (source) => (source === "entry" ? source : undefined),
        load: (id) =>
          id === "entry"
            ? [
                `import { LocalizedStringDictionary, LocalizedStringFormatter } from "@internationalized/string";`,
                `import strings from ${JSON.stringify(overlays)};`,
                `export { loadReactAriaStrings } from "virtual:portal-react-aria-strings";`,
                // One dictionary, made before any language arrives, as React Aria makes it on first render.
                "const dictionary = new LocalizedStringDictionary(strings);",
                `export const dismiss = (locale) => new LocalizedStringFormatter(locale, dictionary).format("dismiss");`,
              ].join("\n")
            : undefined,
      },
    ],
  });
  const { output } = await bundle.write({ dir: out, format: "esm", minify: true });
  return output.filter((o): o is OutputChunk => o.type === "chunk");
}

describe("React Aria's strings", () => {
  it("are English in the page's code and arrive per language, into the strings React Aria holds", async () => {
    const chunks = await build();
    const entry = chunks.find((c) => c.isEntry);
    if (!entry) throw new Error("no entry chunk");
    const code = (name: string) => readFileSync(join(out, name), "utf8");
    // What an English page evaluates: English only, no other of React Aria's 34 locales.
    const english = [entry.fileName, ...entry.imports].map(code).join("\n");
    expect(english).toContain("Dismiss");
    for (const other of ["Schließen", "Rejeter", "Negeren", "Descartar", "Zignoruj"])
      expect(english).not.toContain(other);
    // Spanish and Polish are no languages of the portal: in no chunk at all.
    const all = chunks.map((c) => code(c.fileName)).join("\n");
    for (const other of ["Descartar", "Zignoruj"]) expect(all).not.toContain(other);
    expect(chunks.filter((c) => !c.isEntry).map((c) => c.name)).toEqual(
      expect.arrayContaining(["de", "fr", "nl"]),
    );

    const page = await import(pathToFileURL(join(out, entry.fileName)).href);
    expect(page.dismiss("en")).toBe("Dismiss");
    // Before its chunk arrives a language reads English (the locale store waits for it).
    expect(page.dismiss("de")).toBe("Dismiss");
    await page.loadReactAriaStrings("de");
    expect(page.dismiss("de")).toBe("Schließen");
    expect(page.dismiss("fr")).toBe("Dismiss");
    await page.loadReactAriaStrings("fr");
    expect(page.dismiss("fr")).toBe("Rejeter");
    expect(page.dismiss("en")).toBe("Dismiss");
    // A German page's extra download: every package's German strings, once.
    const german = chunks.find((c) => c.name === "de");
    expect(gzipSync(code(german?.fileName ?? "")).length).toBeLessThan(4_000);
  }, 60_000);
});
