#!/usr/bin/env node
/**
 * `npm run test:e2e`: builds the web apps whose dist is missing, then runs the e2e suite
 * (e2e/vitest.config.ts) in Debian's chromium against the `npm start` portal.
 * Exits non-zero on failure; vitest prints the pass/fail counts.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`e2e: ${chromium} not found. Install it with: apt-get install -y chromium`);
  process.exit(1);
}

const webApps = ["shell", "mf-account", "mf-shop", "mf-services", "mf-admin"];
for (const app of webApps) {
  if (existsSync(join(root, app, "dist", "index.html"))) continue;
  console.log(`e2e: building ${app}`);
  const r = spawnSync("npm", ["run", "build", "-w", app], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const r = spawnSync(
  "npx",
  ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(r.status ?? 1);
