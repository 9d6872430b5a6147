import assert from "node:assert/strict";
import postgres from "postgres";
import type { Session } from "../../contracts/auth.ts";
import type { CreateOrderResponse } from "../../contracts/billing.ts";
import type { PayPalSim, PayPalSimControls } from "../../sim/paypal.ts";
import type { ProviderSim } from "../../sim/provider.ts";
import { createApp } from "../app.ts";
import { createSecretBox } from "../auth/secret-box.ts";
import { createSigner, generateSigningKey } from "../auth/tokens.ts";
import { setupPayPal } from "../billing/paypal-client.ts";
import { startEventHub } from "../events/hub.ts";
import { createTransport, type MailWorker, startMailWorker } from "../mail/worker.ts";
import { openProvider } from "../provider/open-provider.ts";
import { type Config, testConfig } from "./config.ts";
import type { Deps } from "./context.ts";
import { connect, type Sql } from "./db.ts";
import { APP_ROLE, prepareAppRole } from "./db-roles.ts";
import { migrateDatabase } from "./migrate.ts";

/**
 * Test harness: a fresh database on the real Postgres of DATABASE_URL (`npm run test:api` starts
 * an embedded one), migrated, with the API served over real HTTP on a free port.
 */
export interface TestApi {
  url: string;
  /**
   * The owner's pool, for setting up and inspecting what the API may not do itself (a trigger, a
   * changed invoice). The API serves as the app role, as in production: `deps.sql`, `appUrl`.
   */
  sql: Sql;
  deps: Deps;
  /** The test database as its owner. */
  databaseUrl: string;
  /** The test database as the app role portal_app. */
  appUrl: string;
  /** The server-provider simulator this API talks to (undefined when SERVER_PROVIDER_URL is given). */
  providerSim?: ProviderSim;
  /** The PayPal simulator this API talks to (null when PAYPAL_CLIENT_ID is given). */
  paypalSim: PayPalSim | null;
  /**
   * With `SMTP_URL` (a `startTestSmtp()` url from api/src/mail/testing.ts), the outbox
   * worker delivering there every 100 ms; `runOnce()` runs a pass now. Null without SMTP_URL.
   */
  mail: MailWorker | null;
  fetch(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

const serverUrl = () => {
  const url = Deno.env.get("DATABASE_URL");
  if (!url) throw new Error("DATABASE_URL is not set: run the API tests with `npm run test:api`");
  return url;
};

/** Creates an empty database and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** portal_app's password on the test server (a throwaway one, or the developer's own). */
const TEST_APP_PASSWORD = "portal_app_test";
let appRole: Promise<void> | null = null;

/** The URL of a test database as the app role, which the test server gets the first time. */
export async function appUrlOf(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  url.username = APP_ROLE;
  url.password = TEST_APP_PASSWORD;
  appRole ??= (async () => {
    const owner = connect(databaseUrl, 1);
    try {
      await prepareAppRole(owner, url.toString());
    } finally {
      await owner.end();
    }
  })();
  await appRole;
  return url.toString();
}

export async function startTestApi(
  overrides: Partial<Record<keyof Config, string>> = {},
): Promise<TestApi> {
  const databaseUrl = await createTestDatabase();
  const appUrl = await appUrlOf(databaseUrl);
  const config = testConfig({
    DATABASE_URL: appUrl,
    DATABASE_MIGRATION_URL: databaseUrl,
    ...overrides,
  });
  const sql = connect(databaseUrl, 30);
  // The API's own pool: a statement it may not run (an update of an invoice) fails in the tests.
  const appSql = connect(appUrl, 30);
  await migrateDatabase({ sql: appSql, url: appUrl, migrationUrl: databaseUrl });
  const signer = await createSigner(await generateSigningKey(), config);
  const events = await startEventHub(appSql);
  const provider = await openProvider(config);
  const paypal = await setupPayPal(config);
  const secretBox = await createSecretBox(crypto.getRandomValues(new Uint8Array(32)));
  const deps: Deps = {
    sql: appSql,
    config,
    signer,
    secretBox,
    events,
    provider: provider.provider,
    paypal: paypal.client,
  };
  const app = createApp(deps);
  const mailTransport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  const mail = mailTransport
    ? startMailWorker(appSql, mailTransport, config, secretBox, 100)
    : null;
  const abort = new AbortController();
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: abort.signal, onListen: resolve },
    (req, info) => app.fetch(req, info),
  );
  const addr = await promise;
  const url = `http://127.0.0.1:${addr.port}`;
  return {
    url,
    sql,
    deps,
    databaseUrl,
    appUrl,
    providerSim: provider.sim,
    paypalSim: paypal.sim,
    mail,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set("authorization", `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      return fetch(url + path, { ...init, headers, body });
    },
    async close() {
      abort.abort();
      await server.finished;
      await mail?.stop();
      mailTransport?.close();
      await events.close();
      await provider.close();
      await paypal.close();
      await appSql.end({ timeout: 5 });
      await sql.end({ timeout: 5 });
    },
  };
}

/** Deno.test without the op/resource sanitizers, which a shared server and pool would trip. */
export function test(name: string, fn: () => void | Promise<void>) {
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });
}

export async function json<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

let counter = 0;
/** Signs up and signs in a fresh customer; returns the session. */
export async function signUpAndIn(
  api: TestApi,
  name?: string,
): Promise<Session & { password: string }> {
  const username = name ?? `user${Date.now() % 1e6}${counter++}`;
  const email = `${username}@example.com`;
  const password = "tulip-orbit-42";
  const up = await api.fetch("/api/auth/signup", {
    method: "POST",
    json: { username, email, password },
  });
  if (up.status !== 201) throw new Error(`signup failed: ${up.status} ${await up.text()}`);
  const res = await api.fetch("/api/auth/sign-in", { method: "POST", json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { ...(await json<Session>(res)), password };
}

/**
 * Gives a user an opening balance for a test. The database refuses a commit after which a balance
 * differs from its ledger's running total (migration 029), so both are set together; no money
 * path of the API ever writes ledger_total itself, only the transactions' trigger does.
 */
export async function setCredits(sql: Sql, userId: string, credits: string | number) {
  await sql`update profiles set credits = ${String(credits)}::numeric,
    ledger_total = ${String(credits)}::numeric where id = ${userId}`;
}

/** Grants the admin role straight in the database (as `npm run admin` does). */
export async function makeAdmin(api: TestApi, userId: string) {
  await api.sql`insert into user_roles (user_id, role) values (${userId}, 'admin') on conflict do nothing`;
}

export const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

/** A signed-in caller, as signUpAndIn() returns one. */
export type Caller = { access_token: string; user: { id: string } };

/** The PayPal simulator's controls (approve, fail the next call, ...): the tests run against it. */
export function paypalSim(api: TestApi): PayPalSimControls {
  if (!api.paypalSim) throw new Error("the tests run against the PayPal simulator");
  return api.paypalSim.controls;
}

/** Where PayPal delivers its webhooks to this API. */
export const paypalWebhookUrl = (api: TestApi) => `${api.url}/api/billing/paypal/webhook`;

/** A top-up's PayPal order (POST /api/billing/orders), which must be created (201). */
export async function createTopUp(api: TestApi, who: Caller, amount: unknown = "25.00") {
  const res = await api.fetch("/api/billing/orders", {
    method: "POST",
    token: who.access_token,
    json: { amount },
  });
  assert.equal(res.status, 201, await res.clone().text());
  return await json<CreateOrderResponse>(res);
}

/** The capture of a top-up's PayPal order, its response as it came. */
export const captureTopUp = (api: TestApi, who: Caller, orderId: string) =>
  api.fetch(`/api/billing/orders/${orderId}/capture`, { method: "POST", token: who.access_token });

/** A top-up paid in full through the simulator: created, approved by the buyer, captured (200). */
export async function toppedUp(api: TestApi, who: Caller, amount: string) {
  const order = await createTopUp(api, who, amount);
  paypalSim(api).approve(order.id);
  assert.equal((await captureTopUp(api, who, order.id)).status, 200);
  return order;
}

/** A product written straight to the database (a VPS unless `type` says otherwise); its id. */
export async function insertProduct(
  sql: Sql,
  price: string,
  options: { type?: "vps" | "dedicated"; name?: string } = {},
): Promise<string> {
  const { type = "vps", name = `P ${price}` } = options;
  const [row] = await sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values (${name}, ${price}, '2 vCores', '4 GB', '80 GB NVMe', '1 Gbit/s', 'Always-on', ${type})
    returning id`;
  return row!.id;
}

/** A fresh customer with `credits` on the balance: their id and access token. */
export async function customerWithCredits(api: TestApi, credits: string) {
  const me = await signUpAndIn(api);
  await setCredits(api.sql, me.user.id, credits);
  return { id: me.user.id, token: me.access_token };
}

/** A purchase (POST /api/shop/orders) under the given Idempotency-Key, its response as it came. */
export const buyProduct = (api: TestApi, token: string, productId: string, key: string) =>
  api.fetch("/api/shop/orders", {
    method: "POST",
    token,
    json: { product_id: productId },
    headers: { "Idempotency-Key": key },
  });
