// `npm run check:openapi`: Redocly's recommended rules over the document the API serves at
// GET /api/openapi.json, built from the same app without starting it: the document comes from the
// routes alone, so no database, provider or PayPal is needed (each is a guard that fails the check
// if building the document ever calls it). Any error fails the check; warnings are printed.
import { createApp } from "../app.ts";
import { testConfig } from "../platform/config.ts";
import type { Deps } from "../platform/context.ts";
import { openApiDocument } from "../platform/openapi.ts";

/** A dependency the document build must never touch. */
const unused = (name: string) =>
  new Proxy(
    {},
    {
      get(_target, prop) {
        throw new Error(`building the OpenAPI document used deps.${name}.${String(prop)}`);
      },
    },
  );

const deps = {
  config: testConfig(),
  sql: unused("sql"),
  signer: unused("signer"),
  secretBox: unused("secretBox"),
  events: unused("events"),
  paypal: unused("paypal"),
  provider: unused("provider"),
} as unknown as Deps;
const document = JSON.stringify(await openApiDocument(createApp(deps)));

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
