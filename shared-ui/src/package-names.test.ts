import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { satisfy } from "@module-federation/runtime";
import { describe, expect, it } from "vitest";

/*
 * Dependency confusion (docs/remotes.md: package names): a public npm package named `shared-ui`
 * exists. Ours is scoped, every app depends on it by a real range, and the lockfile resolves
 * every @hosting-portal/* name to a folder of this repository, never to the registry.
 */
const root = `${resolve(import.meta.dirname, "../..")}/`;
const readJson = (path: string) => JSON.parse(readFileSync(`${root}${path}`, "utf8"));
const lock = readJson("package-lock.json") as {
  packages: Record<string, { resolved?: string; link?: boolean; dependencies?: object }>;
};
/** The workspace folders, a trailing-star pattern (`mf-*`) read from the root's folders. */
const workspaces = (readJson("package.json").workspaces as string[]).flatMap((pattern) =>
  pattern.endsWith("*")
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name.startsWith(pattern.slice(0, -1)))
        .map((entry) => entry.name)
    : [pattern],
);
const sharedUi = readJson("shared-ui/package.json") as { name: string; version: string };

describe("package names nobody else can publish", () => {
  it("every workspace is scoped @hosting-portal/ and locked as a link to its folder", () => {
    for (const ws of workspaces) {
      const name = readJson(`${ws}/package.json`).name as string;
      expect(name).toBe(`@hosting-portal/${ws}`);
      expect(lock.packages[`node_modules/${name}`]).toEqual({ resolved: ws, link: true });
    }
  });

  it("no unscoped shared-ui anywhere in the lockfile", () => {
    for (const [path, entry] of Object.entries(lock.packages)) {
      expect(path.endsWith("node_modules/shared-ui")).toBe(false);
      expect(Object.keys(entry.dependencies ?? {})).not.toContain("shared-ui");
    }
  });

  it("each web app depends on shared-ui by a range its current version satisfies", () => {
    for (const ws of workspaces.filter((w) => w === "shell" || w.startsWith("mf-"))) {
      const range = readJson(`${ws}/package.json`).dependencies?.[sharedUi.name] as string;
      expect(range, ws).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(satisfy(sharedUi.version, range), `${ws}: ${range}`).toBe(true);
    }
  });
});
