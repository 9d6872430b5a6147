import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));

// The project installs its own Node (the `node` package, a root devDependency) and `npm run` puts
// node_modules/.bin first on PATH, so the tests and every process they start run on it whatever
// Node the machine has.
describe("toolchain", () => {
  it("runs on the Node the project pins (24 LTS)", () => {
    expect(pkg.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(process.versions.node).toBe(pkg.devDependencies.node);
  });

  it("gives child processes that spawn `node` the same Node", () => {
    const child = spawnSync("node", ["-p", "process.versions.node"], { encoding: "utf8" });
    expect(child.stdout.trim()).toBe(pkg.devDependencies.node);
  });

  it("installs one nodemailer and runs no install-time analytics", () => {
    const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));
    const nodemailers = Object.keys(lock.packages).filter((p) =>
      p.endsWith("node_modules/nodemailer"),
    );
    expect(nodemailers).toEqual(["node_modules/nodemailer"]);
    expect(pkg.allowScripts["@scarf/scarf"]).toBe(false);
  });

  it("says the same version everywhere a newcomer looks", () => {
    expect(readFileSync(new URL(".nvmrc", root), "utf8").trim()).toBe(pkg.devDependencies.node);
    expect(pkg.engines.node).toBe(">=22.12");
    expect(readFileSync(new URL("README.md", root), "utf8")).toContain("Node >=22.12");
  });

  it("moves the federation plugin and its runtime together: one runtime, the plugin's own", () => {
    // The shell imports @module-federation/runtime itself (load-remote.ts) while the plugin's
    // generated code imports the plugin's exact runtime dependency: two versions would mean two
    // federation instances on the page, and the shell's checks would not see the plugin's shares.
    const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));
    const runtimes = Object.keys(lock.packages).filter((p) =>
      p.endsWith("node_modules/@module-federation/runtime"),
    );
    expect(runtimes).toEqual(["node_modules/@module-federation/runtime"]);
    const plugin = lock.packages["node_modules/@module-federation/vite"];
    const runtime = lock.packages["node_modules/@module-federation/runtime"].version;
    expect(plugin.dependencies["@module-federation/runtime"]).toBe(runtime);
    for (const [path, entry] of Object.entries(lock.packages) as [
      string,
      { devDependencies?: Record<string, string> },
    ][]) {
      const deps = entry.devDependencies ?? {};
      if (!deps["@module-federation/vite"]) continue;
      expect(deps["@module-federation/vite"], path).toBe(plugin.version);
      expect(deps["@module-federation/runtime"], path).toBe(runtime);
    }
  });
});
