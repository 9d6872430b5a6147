import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as OTPAuth from "otpauth";
import type { Session } from "../../contracts/auth.ts";
import type { EnrolledFactor } from "../../contracts/factors.ts";
import {
  SIM_CLIENT_ID,
  SIM_CLIENT_SECRET,
  SIM_WEBHOOK_ID,
  startPayPalSim,
} from "../../sim/paypal.ts";
import { startProviderSim } from "../../sim/provider.ts";
import { generateSigningKey } from "../auth/tokens.ts";
import { startTestSmtp } from "../mail/testing.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";
import { appUrlOf, createTestDatabase, errorOf, json, test } from "./testing.ts";

/** What the production deployment may not run without (a simulator or a generated key stands in otherwise). */
const REQUIRED = [
  "DATABASE_URL",
  "DATABASE_MIGRATION_URL",
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_API_BASE",
  "PAYPAL_WEBHOOK_ID",
  "SMTP_URL",
  "SERVER_PROVIDER_URL",
  "SERVER_PROVIDER_TOKEN",
  "JWT_PRIVATE_KEY",
  "MFA_ENCRYPTION_KEY",
  "PUBLIC_URL",
];

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    assert.ok(e instanceof ConfigError, String(e));
    return e.message;
  }
  assert.fail("production started without its dependencies");
};

test("production refuses to start without each real dependency, one line per variable", () => {
  const message = refusal({ PORTAL_ENV: "production" });
  for (const name of REQUIRED) assert.match(message, new RegExp(`^  ${name}: required`, "m"));
  assert.equal(message.split("\n").length, REQUIRED.length + 1);
});

test("production refuses plain http, the PayPal simulator and demo accounts", () => {
  const complete = Object.fromEntries(REQUIRED.map((name) => [name, "x"]));
  const message = refusal({
    ...complete,
    DATABASE_URL: "postgres://portal_app@db/portal",
    DATABASE_MIGRATION_URL: "postgres://portal@db/portal",
    PAYPAL_API_BASE: "https://api-m.paypal.com",
    SMTP_URL: "smtp://mail.example.com",
    SERVER_PROVIDER_URL: "https://provider.example.com/api/v1",
    MFA_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
    PUBLIC_URL: "http://portal.example.com",
    PAYPAL_SIM_URL: "http://127.0.0.1:9999",
    SEED_DEMO: "true",
    PORTAL_ENV: "production",
  });
  assert.match(message, /PUBLIC_URL: must be an https:\/\/ address/);
  assert.match(message, /PAYPAL_SIM_URL: the PayPal simulator is not allowed/);
  assert.match(message, /SEED_DEMO: demo accounts are never seeded/);
});

test("outside production the API listens on 127.0.0.1 unless HOST says otherwise", () => {
  assert.equal(loadConfig({}).HOST, "127.0.0.1");
  assert.equal(loadConfig({ HOST: "0.0.0.0" }).HOST, "0.0.0.0");
});

test("in production: no demo accounts, no simulators, no sandbox approval, admins need a second factor", async () => {
  const paypal = await startPayPalSim();
  const provider = await startProviderSim();
  const smtp = await startTestSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), "portal-production-"));
  const owner = await createTestDatabase();
  const config = loadConfig({
    PORTAL_ENV: "production",
    PORT: "0",
    DATA_DIR: dataDir,
    // Served as the app role, migrated as the owner (README, Database roles).
    DATABASE_URL: await appUrlOf(owner),
    DATABASE_MIGRATION_URL: owner,
    PUBLIC_URL: "https://portal.test",
    // The real services' stand-ins are reached over HTTP and SMTP exactly as the real ones would be.
    PAYPAL_CLIENT_ID: SIM_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: SIM_CLIENT_SECRET,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: SIM_WEBHOOK_ID,
    SMTP_URL: smtp.url,
    SERVER_PROVIDER_URL: provider.url,
    SERVER_PROVIDER_TOKEN: provider.token,
    JWT_PRIVATE_KEY: JSON.stringify(await generateSigningKey()),
    MFA_ENCRYPTION_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64"),
    HOST: "127.0.0.1",
  });
  const server = await startServer(config);
  const call = (path: string, init: RequestInit & { token?: string; body_json?: unknown } = {}) =>
    fetch(server.url + path, {
      ...init,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body_json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: init.body_json !== undefined ? JSON.stringify(init.body_json) : init.body,
    });
  try {
    assert.equal(server.seeded, false);
    assert.equal(server.mailDir, null, "no mail catcher");
    assert.equal(server.workerEnv.PAYPAL_SIM_URL, undefined);
    assert.equal(server.workerEnv.SERVER_PROVIDER_URL, undefined);
    const [{ count }] = await server.db.sql<[{ count: number }]>`
      select count(*)::int as count from profiles`;
    assert.equal(count, 0, "no demo account");
    const billing = await json<{ mode: string }>(await call("/api/billing/config"));
    assert.equal(billing.mode, "paypal");

    const email = "root-admin@example.com";
    const password = "a long admin passphrase";
    const up = await call("/api/auth/signup", {
      method: "POST",
      body_json: { username: "rootadmin", email, password },
    });
    assert.equal(up.status, 201, await up.clone().text());
    const { user } = await json<{ user: { id: string } }>(up);
    await server.db.sql`insert into user_roles (user_id, role) values (${user.id}, 'admin')`;
    const signIn = await call("/api/auth/sign-in", {
      method: "POST",
      body_json: { email, password },
    });
    const aal1 = await json<Session>(signIn);
    assert.equal(aal1.admin_mfa_setup_required, true);

    // The customer side works at aal1; the admin side waits for the second factor.
    assert.equal((await call("/api/account/profile", { token: aal1.access_token })).status, 200);
    const refused = await call("/api/admin/users", { token: aal1.access_token });
    assert.equal(refused.status, 403);
    assert.equal((await errorOf(refused)).code, "admin_mfa_required");

    const order = await call("/api/billing/orders", {
      method: "POST",
      token: aal1.access_token,
      body_json: { amount: "10.00", request_id: crypto.randomUUID() },
    });
    assert.equal(order.status, 201, await order.clone().text());
    const { id } = await json<{ id: string }>(order);
    const approve = await call(`/api/billing/orders/${id}/sandbox-approve`, {
      method: "POST",
      token: aal1.access_token,
    });
    assert.equal(approve.status, 404);
    await approve.body?.cancel();

    const enrolled = await call("/api/auth/factors", {
      method: "POST",
      token: aal1.access_token,
      body_json: { factor_type: "totp", friendly_name: "Phone" },
    });
    const factor = await json<EnrolledFactor>(enrolled);
    const challenge = await json<{ id: string }>(
      await call(`/api/auth/factors/${factor.id}/challenge`, {
        method: "POST",
        token: aal1.access_token,
      }),
    );
    const code = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(factor.totp!.secret),
      digits: 6,
      period: 30,
    }).generate();
    const verified = await call(`/api/auth/factors/${factor.id}/verify`, {
      method: "POST",
      token: aal1.access_token,
      body_json: { challenge_id: challenge.id, code },
    });
    assert.equal(verified.status, 200, await verified.clone().text());
    const aal2 = await json<Session>(verified);
    assert.equal(aal2.admin_mfa_setup_required, false);
    const allowed = await call("/api/admin/users", { token: aal2.access_token });
    assert.equal(allowed.status, 200);
    await allowed.body?.cancel();
  } finally {
    await server.close();
    await Promise.all([paypal.close(), provider.close(), smtp.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * `docker compose config` with nothing set: compose interpolates the file top to bottom and stops
 * at the first `${VAR:?message}` whose variable is unset, printing its message.
 */
function composeRefusal(file: string, env: Record<string, string>): string | null {
  for (const match of file.matchAll(/\$\{(\w+)(:?[-?])([^}]*)\}/g)) {
    const [, name, operator, message] = match;
    if (operator === ":?" && !env[name!])
      return `required variable ${name} is missing a value: ${message}`;
  }
  return null;
}

test("docker-compose.yml runs the API in production and requires every production variable", () => {
  const compose = Deno.readTextFileSync(new URL("../../../docker-compose.yml", import.meta.url));
  assert.match(compose, /^ {6}PORTAL_ENV: production$/m);
  for (const name of REQUIRED.filter((n) => !n.startsWith("DATABASE_"))) {
    assert.match(compose, new RegExp(`^ {6}${name}: \\$\\{${name}:\\?`, "m"), name);
  }
  assert.doesNotMatch(compose, /sandbox\.paypal\.com/, "no sandbox default");
  assert.match(composeRefusal(compose, {}) ?? "", /^required variable POSTGRES_PASSWORD /);
  // Each in turn is named once those before it are set.
  const env: Record<string, string> = {};
  for (const name of [
    "POSTGRES_PASSWORD",
    "PUBLIC_URL",
    "POSTGRES_APP_PASSWORD",
    "JWT_PRIVATE_KEY",
  ]) {
    assert.match(composeRefusal(compose, env) ?? "", new RegExp(`^required variable ${name} `));
    env[name] = "set";
  }
});
