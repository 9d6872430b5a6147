import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type Context, Hono } from "hono";
import { remotes } from "../../contracts/remote-registry.ts";
import type { AppEnv } from "./context.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
};
/** The remote folders served at /remotes/<folder>/ (api/contracts/remote-registry.json). */
const REMOTES = remotes.map((r) => r.folder);

interface StaticFile {
  path: string;
  size: number;
  type: string;
}

/** The file under `root` that `path` names, or undefined (missing, a directory, or outside root). */
async function findFile(root: string, path: string): Promise<StaticFile | undefined> {
  const rel = normalize(decodeURIComponent(path)).replace(/^(\.\.(\/|$))+/, "");
  const full = join(root, rel);
  if (!full.startsWith(root)) return undefined;
  try {
    const stat = await Deno.stat(full);
    if (!stat.isFile) return undefined;
    return {
      path: full,
      size: stat.size,
      type: TYPES[extname(full)] ?? "application/octet-stream",
    };
  } catch {
    return undefined;
  }
}

// Hashed build assets never change; entry points (HTML, manifests, remoteEntry) must be revalidated.
const immutable = (path: string) => /\/assets\//.test(path) && !/remoteEntry|manifest/.test(path);

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
/** Gzip made here of each immutable asset that came without one, made once (highest level). */
const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();

/** Whether an Accept-Encoding header takes `coding` (listed, or `*`, without q=0). */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(",").some((part) => {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name !== coding && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The build's precompressed copy (`x.js.br`, `x.js.gz`: shared-ui's precompressed()), if any. */
async function readPrecompressed(path: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return await Deno.readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * Sends a file in the best encoding the client takes: the build's brotli or gzip copy beside the
 * file, else gzip made here (a build without copies, remotes.json, the HTML), else as it is.
 * Hashed assets gzipped here are kept: a page load is ~1 MB of JS, which cost ~40 ms of the API's
 * CPU per visit.
 */
async function send(c: Context<AppEnv>, file: StaticFile, headers: Record<string, string>) {
  const lasting = immutable(c.req.path);
  const all: Record<string, string> = {
    "content-type": file.type,
    "cache-control": lasting ? "public, max-age=31536000, immutable" : "no-cache",
    ...headers,
  };
  const compressible = COMPRESSIBLE.test(file.type) && file.size >= 1024;
  if (!compressible) return c.body(await Deno.readFile(file.path), 200, all);
  all.vary = "accept-encoding";
  const accepted = c.req.header("accept-encoding") ?? "";
  for (const [coding, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (!acceptsEncoding(accepted, coding)) continue;
    const body = await readPrecompressed(file.path + suffix);
    if (body) return c.body(body, 200, { ...all, "content-encoding": coding });
  }
  if (acceptsEncoding(accepted, "gzip")) {
    let body = lasting ? gzipped.get(file.path) : undefined;
    if (!body) {
      body = new Uint8Array(gzipSync(await Deno.readFile(file.path), { level: lasting ? 9 : 6 }));
      if (lasting) gzipped.set(file.path, body);
    }
    return c.body(body, 200, { ...all, "content-encoding": "gzip" });
  }
  return c.body(await Deno.readFile(file.path), 200, all);
}

/**
 * `npm start` serves the built web apps from the API's origin: the shell at `/` (SPA fallback to
 * its index.html) and each remote at `/remotes/<name>/`. In production a CDN can serve the same
 * folders instead; the shell finds the remotes through its remotes.json either way.
 */
export function staticRoutes(root: string, shellDistDir?: string) {
  const shellDist = shellDistDir ? resolve(root, shellDistDir) : join(root, "shell", "dist");
  const app = new Hono<AppEnv>();
  app.get("/remotes/:name/*", async (c) => {
    const name = c.req.param("name");
    if (!REMOTES.includes(name)) return c.notFound();
    const file = await findFile(
      join(root, name, "dist"),
      c.req.path.slice(`/remotes/${name}/`.length),
    );
    if (!file) return c.notFound();
    return send(c, file, { "access-control-allow-origin": "*" });
  });
  app.get("*", async (c) => {
    const path = c.req.path === "/" ? "index.html" : c.req.path.slice(1);
    const file = await findFile(shellDist, path);
    if (file) return send(c, file, {});
    // Client-side routes (no file extension) get the shell; missing assets stay 404.
    if (extname(c.req.path)) return c.notFound();
    const index = await findFile(shellDist, "index.html");
    if (!index) return c.text("The web apps are not built yet: run `npm run build`.", 503);
    return send(c, index, {});
  });
  return app;
}
