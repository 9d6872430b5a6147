import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "./index";

const root = resolve(import.meta.dirname, "../..");
const contractsDir = join(root, "api", "contracts");
const contractFiles = readdirSync(contractsDir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .map((f) => join(contractsDir, f));

/** Web source files (tests excluded): what the browser bundles are built from. */
function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : webSources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}
/** The shell and every remote of the registry, and shared-ui. */
const registry: { remotes: { folder: string }[] } = JSON.parse(
  readFileSync(join(contractsDir, "remote-registry.json"), "utf8"),
);
const webFiles = ["shell", "shared-ui", ...registry.remotes.map((r) => r.folder)].flatMap((app) =>
  webSources(join(root, app, "src")),
);

describe("@hosting-portal/schema", () => {
  it("has every zod function the contracts and the web apps call", () => {
    const used = new Set<string>();
    for (const file of [...contractFiles, ...webFiles]) {
      const text = readFileSync(file, "utf8");
      if (!/import \{ z \} from "(zod\/mini|@hosting-portal\/schema)"/.test(text)) continue;
      // z.infer / z.input / z.output are types (z.infer<typeof X>), not functions.
      for (const [, name] of text.matchAll(/\bz\.([A-Za-z_]+)\b(?!<)/g)) used.add(name as string);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((name) => !(name in z));
    expect(missing).toEqual([]);
  });

  it("is the only zod the contracts use in the browser: each imports exactly { z } from zod/mini", () => {
    // shared-ui/vite-app-config.js rewrites this one import; anything else would bundle zod per app.
    for (const file of contractFiles) {
      const imports = readFileSync(file, "utf8").match(/^import .* from "zod[^"]*";$/gm) ?? [];
      expect(
        imports.every((i) => i === 'import { z } from "zod/mini";'),
        file,
      ).toBe(true);
    }
  });

  it("is zod/mini, not classic zod: schemas carry no methods beyond parsing", () => {
    // Classic zod's schemas have every method (.min, .optional, ...) and cannot be tree-shaken.
    const schema = z.string();
    expect("min" in schema || "optional" in schema).toBe(false);
    expect(schema.check(z.minLength(2, "short")).safeParse("a").error?.issues[0]?.message).toBe(
      "short",
    );
  });

  it("gives zod's English messages once the contracts are loaded, as classic zod did", async () => {
    // zod/mini loads no locale by itself: api/contracts/csp.ts loads English.
    await import(/* @vite-ignore */ join(contractsDir, "csp.ts"));
    const result = z.string().check(z.maxLength(3)).safeParse("abcd");
    expect(result.error?.issues[0]?.message).toBe(
      "Too big: expected string to have <=3 characters",
    );
  });

  it("is what web code imports zod from, apart from types", () => {
    const offenders = webFiles.filter((file) =>
      /^import (?!type )[^;]* from "zod[^"]*";$/m.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
