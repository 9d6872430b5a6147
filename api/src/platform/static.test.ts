import assert from "node:assert/strict";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { acceptsEncoding, staticRoutes } from "./static.ts";
import { test } from "./testing.ts";

/** A built portal in miniature: the shell with one hashed asset, and one remote. */
function buildTree() {
  const root = Deno.makeTempDirSync();
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
  Deno.mkdirSync(join(root, "shell/dist/assets"), { recursive: true });
  Deno.mkdirSync(join(root, "mf-shop/dist/assets"), { recursive: true });
  Deno.writeTextFileSync(
    join(root, "shell/dist/index.html"),
    `<!doctype html><div id="root"></div>${" ".repeat(2000)}`,
  );
  Deno.writeTextFileSync(join(root, "shell/dist/assets/app-1a2b3c.js"), script);
  Deno.writeTextFileSync(join(root, "mf-shop/dist/remoteEntry.js"), script);
  // The import-map build: a page module keeps its name from release to release, its chunks do not.
  Deno.mkdirSync(join(root, "mf-shop/dist/import-map/assets"), { recursive: true });
  Deno.writeTextFileSync(join(root, "mf-shop/dist/import-map/OrdersPage.js"), script);
  Deno.writeTextFileSync(join(root, "mf-shop/dist/import-map/assets/orders-9f8e7d.js"), script);
  Deno.writeTextFileSync(join(root, "secret.txt"), "not served");
  return { root, script };
}

test("static: gzip when accepted, immutable caching for hashed assets only, SPA fallback, no escape", async () => {
  const { root, script } = buildTree();
  const app = staticRoutes(root);
  const get = (path: string, gzip = true) =>
    app.request(path, { headers: gzip ? { "accept-encoding": "gzip, deflate, br" } : {} });

  const asset = await get("/assets/app-1a2b3c.js");
  assert.equal(asset.status, 200);
  assert.equal(asset.headers.get("content-encoding"), "gzip");
  assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.equal(asset.headers.get("vary"), "accept-encoding");
  const zipped = new Uint8Array(await asset.arrayBuffer());
  assert.equal(new TextDecoder().decode(gunzipSync(zipped)), script);
  // The same bytes again, from the cache.
  assert.deepEqual(
    new Uint8Array(await (await get("/assets/app-1a2b3c.js")).arrayBuffer()),
    zipped,
  );

  const plain = await get("/assets/app-1a2b3c.js", false);
  assert.equal(plain.headers.get("content-encoding"), null);
  assert.equal(await plain.text(), script);

  const entry = await get("/remotes/mf-shop/remoteEntry.js");
  assert.equal(entry.headers.get("cache-control"), "no-cache");
  assert.equal(entry.headers.get("access-control-allow-origin"), "*");
  assert.equal(
    new TextDecoder().decode(gunzipSync(new Uint8Array(await entry.arrayBuffer()))),
    script,
  );

  const pageModule = await get("/remotes/mf-shop/import-map/OrdersPage.js");
  assert.equal(pageModule.status, 200);
  assert.equal(pageModule.headers.get("cache-control"), "no-cache");
  assert.equal(pageModule.headers.get("access-control-allow-origin"), "*");
  const pageChunk = await get("/remotes/mf-shop/import-map/assets/orders-9f8e7d.js");
  assert.equal(pageChunk.headers.get("cache-control"), "public, max-age=31536000, immutable");

  const route = await get("/orders", false);
  assert.equal(route.status, 200);
  assert.equal(route.headers.get("cache-control"), "no-cache");
  assert.match(await route.text(), /<div id="root">/);

  assert.equal((await get("/assets/missing-123.js")).status, 404);
  assert.equal((await get("/remotes/mf-nope/remoteEntry.js")).status, 404);
  assert.equal((await get("/%2e%2e/%2e%2e/secret.txt")).status, 404);
  assert.equal((await get("/remotes/mf-shop/%2e%2e/%2e%2e/secret.txt")).status, 404);
});

test("static: the build's brotli copy first, then its gzip copy, when the client takes them", async () => {
  const { root, script } = buildTree();
  const assetPath = join(root, "shell/dist/assets/app-1a2b3c.js");
  Deno.writeFileSync(`${assetPath}.br`, brotliCompressSync(script));
  Deno.writeFileSync(`${assetPath}.gz`, gzipSync(script, { level: 9 }));
  const app = staticRoutes(root);
  const get = (encoding: string) =>
    app.request("/assets/app-1a2b3c.js", { headers: { "accept-encoding": encoding } });

  const br = await get("gzip, deflate, br, zstd");
  assert.equal(br.headers.get("content-encoding"), "br");
  assert.equal(br.headers.get("vary"), "accept-encoding");
  assert.equal(br.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.equal(
    new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))),
    script,
  );
  const gz = await get("gzip, br;q=0");
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  assert.equal(
    new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer()))),
    script,
  );
  const plain = await get("identity");
  assert.equal(plain.headers.get("content-encoding"), null);
  assert.equal(await plain.text(), script);
  // A remote built without copies still gets gzip made by the API.
  const entry = await app.request("/remotes/mf-shop/remoteEntry.js", {
    headers: { "accept-encoding": "br, gzip" },
  });
  assert.equal(entry.headers.get("content-encoding"), "gzip");
});

test("static: Accept-Encoding as browsers and proxies write it", () => {
  assert.equal(acceptsEncoding("gzip, deflate, br, zstd", "br"), true);
  assert.equal(acceptsEncoding("gzip;q=1.0, br;q=0", "br"), false);
  assert.equal(acceptsEncoding("*", "br"), true);
  assert.equal(acceptsEncoding("GZIP", "gzip"), true);
  assert.equal(acceptsEncoding("", "gzip"), false);
  assert.equal(acceptsEncoding("identity", "gzip"), false);
});
