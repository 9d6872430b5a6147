// `npm run check:openapi`: Redocly's recommended rules over the document the API really serves
// (GET /api/openapi.json of a running API on a throwaway database, so run it under
// scripts/with-postgres.mjs). Any error fails the check; warnings are printed.

// Only warnings and errors of the API start-up: the lint report is the output that matters.
if (!Deno.env.get("LOG_LEVEL")) Deno.env.set("LOG_LEVEL", "warn");
const { startTestApi } = await import("../testing.ts");
const api = await startTestApi();
let document: string;
try {
  const res = await api.fetch("/api/openapi.json");
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  document = await res.text();
} finally {
  await api.close();
}

const file = await Deno.makeTempFile({ prefix: "openapi-", suffix: ".json" });
try {
  await Deno.writeTextFile(file, document);
  // `--no`: the locally installed CLI or nothing; no telemetry or update check, so it runs offline.
  const lint = new Deno.Command("npx", {
    args: ["--no", "redocly", "lint", file],
    env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  Deno.exitCode = (await lint.status).code;
} finally {
  await Deno.remove(file);
}
