import { Hono } from "hono";
import { compress } from "hono/compress";
import { extname, join, normalize, resolve } from "node:path";
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
const REMOTES = ["mf-account", "mf-shop", "mf-services", "mf-admin"];

async function readFile(root: string, path: string): Promise<{ body: Uint8Array; type: string } | undefined> {
  const rel = normalize(decodeURIComponent(path)).replace(/^(\.\.(\/|$))+/, "");
  const full = join(root, rel);
  if (!full.startsWith(root)) return undefined;
  try {
    const stat = await Deno.stat(full);
    if (!stat.isFile) return undefined;
    return { body: await Deno.readFile(full), type: TYPES[extname(full)] ?? "application/octet-stream" };
  } catch {
    return undefined;
  }
}

// Hashed build assets never change; entry points (HTML, manifests, remoteEntry) must be revalidated.
const cacheControl = (path: string) =>
  /\/assets\//.test(path) && !/remoteEntry|manifest/.test(path)
    ? "public, max-age=31536000, immutable"
    : "no-cache";

/**
 * `npm start` serves the built web apps from the API's origin: the shell at `/` (SPA fallback to
 * its index.html) and each remote at `/remotes/<name>/`. In production a CDN can serve the same
 * folders instead; the shell finds the remotes through its remotes.json either way.
 */
export function staticRoutes(root: string, shellDistDir?: string) {
  const shellDist = shellDistDir ? resolve(root, shellDistDir) : join(root, "shell", "dist");
  const app = new Hono<AppEnv>();
  app.use("*", compress());
  app.get("/remotes/:name/*", async (c) => {
    const name = c.req.param("name");
    if (!REMOTES.includes(name)) return c.notFound();
    const file = await readFile(join(root, name, "dist"), c.req.path.slice(`/remotes/${name}/`.length));
    if (!file) return c.notFound();
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      "content-type": file.type,
      "cache-control": cacheControl(c.req.path),
      "access-control-allow-origin": "*",
    });
  });
  app.get("*", async (c) => {
    const path = c.req.path === "/" ? "index.html" : c.req.path.slice(1);
    const file = await readFile(shellDist, path);
    if (file) {
      return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
        "content-type": file.type,
        "cache-control": cacheControl(c.req.path),
      });
    }
    // Client-side routes (no file extension) get the shell; missing assets stay 404.
    if (extname(c.req.path)) return c.notFound();
    const index = await readFile(shellDist, "index.html");
    if (!index) return c.text("The web apps are not built yet: run `npm run build`.", 503);
    return c.body(index.body as Uint8Array<ArrayBuffer>, 200, {
      "content-type": index.type,
      "cache-control": "no-cache",
    });
  });
  return app;
}
