import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { developerEnv } from "./processes";

function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VITEST|NODE_ENV|TEST)/.test(k)) env[k] = v;
  return env;
}

/*
 * Builds mf-shop the way a remote team outside this repository would, against another
 * shared-ui release (and optionally another router release): a scratch workspace with copies of
 * shared-ui (its version set, and optionally one new export that the shop's page renders), the
 * router (its version set), mf-shop and the API contracts, and
 * a node_modules that links every installed package except our own, which point at the copies.
 * The repository itself is not touched.
 */
export function buildShopAgainst(
  repoRoot: string,
  sharedUiVersion: string,
  opts: { useNewExport: boolean; routerVersion?: string },
): string {
  const ws = mkdtempSync(join(tmpdir(), `portal-skew-${sharedUiVersion}-`));
  for (const dir of [
    "shared-ui",
    "router",
    "schema",
    "mf-shop",
    "api/contracts",
    "tsconfig.base.json",
    "tsconfig.contracts.json",
  ]) {
    cpSync(join(repoRoot, dir), join(ws, dir), {
      recursive: true,
      filter: (src) => !/\/(node_modules|dist)(\/|$)/.test(src),
    });
  }
  const modules = join(ws, "node_modules");
  mkdirSync(join(modules, "@hosting-portal"), { recursive: true });
  for (const name of readdirSync(join(repoRoot, "node_modules"))) {
    if (name === "@hosting-portal" || name === ".bin") continue;
    symlinkSync(join(repoRoot, "node_modules", name), join(modules, name));
  }
  symlinkSync(join(ws, "shared-ui"), join(modules, "@hosting-portal", "shared-ui"));
  symlinkSync(join(ws, "router"), join(modules, "@hosting-portal", "router"));
  symlinkSync(join(ws, "schema"), join(modules, "@hosting-portal", "schema"));

  const pkgFile = join(ws, "shared-ui", "package.json");
  const pkg = JSON.parse(readFileSync(pkgFile, "utf8"));
  pkg.version = sharedUiVersion;
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  if (opts.routerVersion) {
    // A remote built before the router's last major (its manifest asks for that major's range).
    const routerPkgFile = join(ws, "router", "package.json");
    const routerPkg = JSON.parse(readFileSync(routerPkgFile, "utf8"));
    routerPkg.version = opts.routerVersion;
    writeFileSync(routerPkgFile, JSON.stringify(routerPkg, null, 2));
  }

  if (opts.useNewExport) {
    // A minor release of shared-ui: one new component, which the newer shop page renders.
    writeFileSync(
      join(ws, "shared-ui", "src", "new-badge.tsx"),
      'export function NewBadge() {\n  return <span data-testid="new-badge">new</span>;\n}\n',
    );
    const index = join(ws, "shared-ui", "src", "index.ts");
    writeFileSync(index, `${readFileSync(index, "utf8")}export { NewBadge } from "./new-badge";\n`);
    const pageFile = join(ws, "mf-shop", "src", "pages", "vps-products-page.tsx");
    const page = readFileSync(pageFile, "utf8");
    writeFileSync(
      pageFile,
      `import { NewBadge } from "@hosting-portal/shared-ui";\n${page.replace("<Page>", "<Page>\n<NewBadge />")}`,
    );
  }

  const outDir = join(ws, "out");
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", outDir],
    // Not vitest's environment (NODE_ENV=test): the federation plugin would stand down.
    { cwd: join(ws, "mf-shop"), encoding: "utf8", env: developerEnv() },
  );
  if (r.status !== 0) throw new Error(`mf-shop build failed:\n${r.stdout}\n${r.stderr}`);
  return outDir;
}
