import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import registry from "../api/contracts/remote-registry.json" with { type: "json" };

/*
 * api/contracts/remote-registry.json is the one list of the remotes (docs/adding-a-page.md).
 * These tests keep it that way: every remote folder is registered and every registered remote
 * exists, and no other source file outside the remotes' own folders names a remote.
 */

const root = new URL("../", import.meta.url);
const REGISTRY = "api/contracts/remote-registry.json";
const read = (file: string) => readFileSync(new URL(file, root), "utf8");
const remotes: {
  folder: string;
  package: string;
  federation: string;
  pages: { expose: string; file: string; path: string; admin?: boolean }[];
}[] = registry.remotes;
const folders = remotes.map((r) => r.folder);

/**
 * Files that cannot read JSON and must name each remote themselves: TypeScript's project
 * references (`tsc -b` has no globs), the compose services, the proxy's routes, the API image's
 * copy of each workspace manifest (npm ci checks them all) and the owners of each folder. Each
 * must name exactly the registered remotes, so a remote added to the registry and forgotten
 * here fails below.
 */
const LISTS_EVERY_REMOTE = [
  "tsconfig.json",
  "docker-compose.yml",
  "deploy/proxy.Caddyfile",
  "api/Dockerfile",
  ".github/CODEOWNERS",
];

/**
 * Not source: prose, the lockfile, results, and tests (a test may name one remote as its
 * example: the dev-mode test starts mf-shop alone). The e2e folder is test support throughout.
 */
const NOT_SOURCE = [
  /\.md$/,
  /(^|\/)package-lock\.json$/,
  /^bench\/results\//,
  /\.(test|e2e)\.tsx?$/,
  /^e2e\//,
  /(^|\/)LICENSE$/,
];

/** Comment lines (a comment may name a remote as an example, or the owner of a query key). */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|#|<!--)/;

/** Tracked and new (not ignored) files, so the test sees a change before it is committed. */
function repositoryFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f && existsSync(new URL(f, root)));
}

/** Every spelling a remote's name takes: its folder (and package) and its federation name. */
const remoteName = new RegExp(
  `\\b(${registry.remotes.flatMap((r) => [r.folder, r.federation]).join("|")})\\b`,
);

/** The source files outside the remotes' own folders that name a remote outside a comment. */
export function filesNamingRemotes(files: string[]): string[] {
  return files.filter((file) => {
    if (folders.some((f) => file.startsWith(`${f}/`))) return false;
    if (NOT_SOURCE.some((p) => p.test(file)) || LISTS_EVERY_REMOTE.includes(file)) return false;
    const text = read(file);
    if (!remoteName.test(text)) return false;
    return text.split("\n").some((line) => !COMMENT_LINE.test(line) && remoteName.test(line));
  });
}

describe("the remote registry (api/contracts/remote-registry.json)", () => {
  it("names every remote folder, and every folder it names exists", () => {
    const onDisk = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name.startsWith("mf-"))
      .filter((d) => existsSync(new URL(`${d.name}/package.json`, root)))
      .map((d) => d.name);
    expect(onDisk.sort()).toEqual([...folders].sort());
  });

  it("matches each remote's package, vite config and page files", () => {
    for (const r of registry.remotes) {
      expect(JSON.parse(read(`${r.folder}/package.json`)).name, r.folder).toBe(r.package);
      expect(r.federation, r.folder).toBe(r.folder.replaceAll("-", "_"));
      expect(read(`${r.folder}/vite.config.ts`), r.folder).toContain(
        "remoteViteConfig(import.meta.dirname)",
      );
      for (const p of r.pages)
        expect(existsSync(new URL(`${r.folder}/${p.file}`, root)), `${r.folder}/${p.file}`).toBe(
          true,
        );
    }
  });

  it("gives each app its own dev port, each page its own route and id", () => {
    const ports = [registry.shell, ...registry.remotes].map((a) => a.devPort);
    expect(new Set(ports).size).toBe(ports.length);
    const pages = remotes.flatMap((r) =>
      r.pages.map((p) => ({ id: `${r.federation}/${p.expose}`, path: p.path, admin: !!p.admin })),
    );
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    // The admin guard follows the path: a page under /admin is an admin page and the reverse.
    for (const p of pages) expect(p.admin, p.path).toBe(p.path.startsWith("/admin/"));
  });

  it("is the only source file outside the remotes' folders that names them", () => {
    expect(filesNamingRemotes(repositoryFiles())).toEqual([REGISTRY]);
  });

  it.each(LISTS_EVERY_REMOTE)("%s names exactly the registered remotes", (file) => {
    const named = new Set(read(file).match(/\bmf-[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []);
    expect([...named].sort()).toEqual([...folders].sort());
  });
});
