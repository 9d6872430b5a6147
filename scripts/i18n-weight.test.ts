import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type OutputChunk, rolldown } from "rolldown";
import { describe, expect, it } from "vitest";

/*
 * What the pages' i18n costs an English page, in bytes: shared-ui's translator, locale store and
 * contract-message lookup as an English page loads them (their static imports, minified, gzip
 * level 6 as the page benchmark counts). Each app's English messages come on top (they replace
 * the texts its components used to hold). The budget keeps /dashboard's growth from the i18n work
 * small (docs/page-weight.md): Lingui's runtime and the ICU parser load only with another
 * language, and every other language's files are separate chunks.
 */
const I18N_RUNTIME_BUDGET_GZIP = 1_900;

const i18n = fileURLToPath(new URL("../shared-ui/src/i18n/", import.meta.url));
const contracts = fileURLToPath(new URL("../api/contracts/", import.meta.url));

async function englishPageChunks(): Promise<OutputChunk[]> {
  const bundle = await rolldown({
    input: "entry",
    // The schema share (zod) is on every page whatever its language; only the i18n code counts.
    external: [/^react/, "@hosting-portal/schema"],
    resolve: { alias: { "@contracts": contracts } },
    logLevel: "silent",
    plugins: [
      {
        name: "i18n-entry",
        resolveId: (source) => (source === "entry" ? source : undefined),
        load: (id) =>
          id === "entry"
            ? [
                `export { createTranslator } from "${i18n}translator.ts";`,
                `export { localizeValidation } from "${i18n}validation-messages.ts";`,
                `export { localeStore } from "${i18n}locale-store.ts";`,
              ].join("\n")
            : undefined,
      },
    ],
  });
  const { output } = await bundle.generate({ format: "esm", minify: true });
  const chunks = new Map(
    output.filter((o): o is OutputChunk => o.type === "chunk").map((c) => [c.fileName, c]),
  );
  // The entry and what it imports statically: what an English page evaluates.
  const loaded: OutputChunk[] = [];
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || loaded.includes(chunk)) return;
    loaded.push(chunk);
    chunk.imports.forEach(visit);
  };
  visit(output.find((o) => o.type === "chunk" && o.isEntry)?.fileName ?? "");
  return loaded;
}

describe("the pages' i18n in bytes", () => {
  it(`costs an English page at most ${I18N_RUNTIME_BUDGET_GZIP} bytes of gzip, without Lingui's runtime`, async () => {
    const chunks = await englishPageChunks();
    const modules = chunks.flatMap((c) => Object.keys(c.modules));
    expect(modules.filter((m) => m.includes("@lingui/"))).toEqual([]);
    expect(modules.filter((m) => m.endsWith(".json"))).toEqual([]);
    const gzip = chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 6 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(I18N_RUNTIME_BUDGET_GZIP);
  }, 60_000);
});
