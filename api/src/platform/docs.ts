import { fileURLToPath as fromFileUrl } from "node:url";
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

const SWAGGER_DIR = fromFileUrl(import.meta.resolve("swagger-ui-dist/package.json")).replace(
  /package\.json$/,
  "",
);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hosting portal API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
// operationIds shown: they are the method names of clients generated from the document.
const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs", displayOperationId: true });`;

/** Interactive API docs served from the npm package, so they work offline too. */
export function docsRoutes() {
  return new Hono<AppEnv>()
    .get("/", (c) => c.html(PAGE))
    .get("/init.js", (c) => c.body(INIT, 200, { "content-type": "text/javascript" }))
    .get("/:file{swagger-ui\\.css|swagger-ui-bundle\\.js}", async (c) => {
      const file = c.req.param("file");
      const body = await Deno.readFile(SWAGGER_DIR + file);
      const type = file.endsWith(".css") ? "text/css" : "text/javascript";
      return c.body(body, 200, { "content-type": type, "cache-control": "public, max-age=86400" });
    });
}
