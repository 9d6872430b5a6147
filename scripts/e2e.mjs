#!/usr/bin/env node
/**
 * `npm run test:e2e`: installs Debian's chromium if it is missing (and it can), builds the web
 * apps whose dist is missing, then runs the e2e suite (e2e/vitest.config.ts) in that chromium
 * against the `npm start` portal.
 * Exits non-zero on failure; vitest prints the pass/fail counts.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import registry from "../api/contracts/remote-registry.json" with { type: "json" };

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const INSTALL =
  "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium";

/**
 * `npm ci && npm test` on a fresh Debian machine: installs Debian's chromium when it is missing
 * and we can (root, apt-get present), like `npm run bench` does for wrk; otherwise prints the command.
 */
function ensureChromium() {
  if (existsSync(chromium)) return;
  const canInstall =
    !process.env.CHROMIUM_PATH &&
    process.getuid?.() === 0 &&
    spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (canInstall) {
    console.log("e2e: installing chromium from Debian...");
    const r = spawnSync("sh", ["-c", `${INSTALL} >/dev/null`], { stdio: "inherit" });
    if (r.status === 0 && existsSync(chromium)) return;
    console.error("e2e: installing chromium failed.");
  }
  const command = process.getuid?.() === 0 ? INSTALL : `sudo sh -c '${INSTALL}'`;
  console.error(`e2e: ${chromium} not found. Install it with: ${command}`);
  process.exit(1);
}
ensureChromium();

const webApps = [registry.shell.folder, ...registry.remotes.map((r) => r.folder)];
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
