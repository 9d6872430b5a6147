import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type OutputChunk, rolldown } from "rolldown";
import { describe, expect, it } from "vitest";

/*
 * The router share in bytes. A federation share is built whole (no tree-shaking across the
 * federation boundary), so every export of router/src/index.ts is on every page, signed in or
 * not. React Router's declarative routing (BrowserRouter, Routes, useRoutes, Link, the hooks) is
 * about 14 KB of gzip; its data router (createBrowserRouter, createMemoryRouter, RouterProvider)
 * brings the share to 32 KB. The budget refuses it, or any other large export, coming back
 * unnoticed. Measured as the share is built: minified, React left out (a share of its own), gzip
 * level 6 as the page benchmark counts.
 */
const ROUTER_SHARE_BUDGET_GZIP = 15_000;

const entry = fileURLToPath(new URL("../router/src/index.ts", import.meta.url));

describe("the router share in bytes", () => {
  it(`is at most ${ROUTER_SHARE_BUDGET_GZIP} bytes of gzip`, async () => {
    const bundle = await rolldown({
      input: entry,
      external: [/^react($|\/)/, /^react-dom($|\/)/],
      logLevel: "silent",
    });
    const { output } = await bundle.generate({ format: "esm", minify: true });
    const chunks = output.filter((o): o is OutputChunk => o.type === "chunk");
    // One module graph, one chunk: nothing of it is loaded later.
    expect(chunks).toHaveLength(1);
    const gzip = gzipSync(chunks[0]?.code ?? "", { level: 6 }).length;
    expect(gzip).toBeLessThanOrEqual(ROUTER_SHARE_BUDGET_GZIP);
  }, 60_000);
});
