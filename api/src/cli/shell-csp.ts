// `deno run -A api/src/cli/shell-csp.ts <out-file>`: writes the Content-Security-Policy the API
// would send with the shell's HTML (inline script hashes of shell/dist/index.html, the remote
// origins of its remotes.json, PayPal's hosts when configured), and the other headers that depend
// on the configuration (HSTS over https, the opener policy PayPal's popup needs), as Caddyfile
// `header` lines, for
// a shell served as static files without the API in front (docker-compose.yml's `shell-csp`
// service writes it, deploy/static-shell.Caddyfile imports it). Re-run it after a new shell build
// or an edit of remotes.json, as the API itself does on its own.
import { Hono } from "hono";
import { loadConfig } from "../platform/config.ts";
import { securityHeaders } from "../platform/security-headers.ts";

const out = Deno.args[0];
if (!out) {
  console.error("Usage: shell-csp.ts <out-file>  (STATIC_ROOT must hold shell/dist)");
  Deno.exit(2);
}
const config = loadConfig();
if (!config.STATIC_ROOT) {
  console.error("Set STATIC_ROOT to the folder that holds shell/dist");
  Deno.exit(2);
}
// The same middleware the API runs, so the static shell can never drift from the API's policy.
const app = new Hono()
  .use(securityHeaders(config, { staticRoot: config.STATIC_ROOT }))
  .get("/", (c) => c.body(null, 204));
const headers = (await app.request("/")).headers;
const policy = headers.get("content-security-policy");
if (!policy || policy.includes('"')) {
  console.error(`Unexpected policy: ${policy}`);
  Deno.exit(1);
}
const lines = [`header Content-Security-Policy "${policy}"`];
for (const name of ["Strict-Transport-Security", "Cross-Origin-Opener-Policy"]) {
  const value = headers.get(name);
  if (value) lines.push(`header ${name} "${value}"`);
}
await Deno.writeTextFile(out, `${lines.join("\n")}\n`);
console.log(`${out}:\n${lines.join("\n")}`);
