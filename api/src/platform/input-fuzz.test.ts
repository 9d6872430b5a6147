import assert from "node:assert/strict";
import {
  errorOf,
  json,
  makeAdmin,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "./testing.ts";

/**
 * Every input gets a 4xx, never a 500. Every route of the OpenAPI document is
 * called (as admin for /api/admin, as a customer otherwise) with a null byte in each string field
 * of its body, in each path and query parameter, and with numbers and strings Postgres refuses
 * (out of range, absurdly long). A null byte answers 422 with a clear message.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};
type Operation = {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  security?: unknown[];
};

const NUL = "ab\u0000cd";
const uuid = () => crypto.randomUUID();
let unique = 0;

/** A plausible value for a schema, so that one field at a time can carry the bad input. */
function sample(schema: Schema | undefined, name = ""): unknown {
  if (!schema) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== "null") ?? alt[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k)]),
    );
  }
  if (type === "array") return [sample(schema.items, name)];
  if (type === "integer") return Math.max(schema.minimum ?? 1, 1);
  if (type === "number") return Math.max(schema.minimum ?? 10, 10);
  if (type === "boolean") return true;
  if (schema.format === "uuid") return uuid();
  if (schema.format === "email" || name.includes("email"))
    return `fuzz${Date.now()}${unique++}@example.com`;
  if (schema.format === "ipv4" || name.includes("ipv4")) return "192.0.2.10";
  if (name.includes("password")) return "tulip-orbit-42";
  if (name.includes("price") || name.includes("amount")) return "10.00";
  if (name.includes("username")) return `fuzz${unique++}`;
  return "valid text 1";
}

/** Paths (e.g. ["username"], ["credential_response", "id"]) of every string field of a schema. */
function stringFields(schema: Schema | undefined, prefix: string[] = []): string[][] {
  if (!schema) return [];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt)
    return alt
      .flatMap((s) => stringFields(s, prefix))
      .filter((p, i, all) => all.findIndex((q) => q.join() === p.join()) === i);
  const fields: string[][] = [];
  for (const [key, s] of Object.entries(schema.properties ?? {})) {
    const type = Array.isArray(s.type) ? s.type : [s.type];
    if (s.properties || s.anyOf || s.oneOf) fields.push(...stringFields(s, [...prefix, key]));
    if (
      type.includes("string") ||
      s.anyOf?.some((a) => a.type === "string") ||
      (!s.type && !s.properties)
    )
      fields.push([...prefix, key]);
  }
  return fields;
}

function numberFields(schema: Schema | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, s]) =>
      [s.type, ...(s.anyOf ?? []).map((a) => a.type)]
        .flat()
        .some((t) => t === "number" || t === "integer"),
    )
    .map(([k]) => k);
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    at[key] = typeof at[key] === "object" && at[key] ? at[key] : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return copy;
}

interface Case {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  token?: string;
  /** The case carries a null byte: the answer must be a 4xx (422 when it reached validation). */
  nul: boolean;
}

test("input fuzz: a null byte or a value Postgres refuses answers 4xx on every route of the OpenAPI document", async () => {
  const api: TestApi = await startTestApi({
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
  });
  try {
    const customer = await signUpAndIn(api);
    const admin = await signUpAndIn(api);
    await makeAdmin(api, admin.user.id);
    const document = await json<{ paths: Record<string, Record<string, Operation>> }>(
      await api.fetch("/api/openapi.json"),
    );

    const cases: Case[] = [];
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // Ending the session would turn every later case into a 401.
        if (template === "/api/auth/sign-out") continue;
        // Public routes document `security: []`.
        const token = op.security?.length
          ? template.startsWith("/api/admin")
            ? admin.access_token
            : customer.access_token
          : undefined;
        const params = op.parameters ?? [];
        const fill = (bad?: string) =>
          template.replace(/\{(\w+)\}/g, (_, name) =>
            encodeURIComponent(name === bad ? NUL : uuid()),
          );
        const schema = op.requestBody?.content["application/json"].schema;
        const base = schema ? sample(schema) : undefined;
        const M = method.toUpperCase();
        const add = (label: string, path: string, body: unknown, nul: boolean) =>
          cases.push({ label: `${M} ${template} ${label}`, method: M, path, body, token, nul });
        for (const p of params.filter((p) => p.in === "path"))
          add(`path ${p.name}=NUL`, fill(p.name), base, true);
        for (const p of params.filter((p) => p.in === "query")) {
          add(`query ${p.name}=NUL`, `${fill()}?${p.name}=${encodeURIComponent(NUL)}`, base, true);
          add(`query ${p.name}=huge`, `${fill()}?${p.name}=${"9".repeat(40)}`, base, false);
        }
        if (!schema) continue;
        for (const field of stringFields(schema)) {
          add(`body ${field.join(".")}=NUL`, fill(), withValue(base, field, NUL), true);
          add(
            `body ${field.join(".")}=long`,
            fill(),
            withValue(base, field, "x".repeat(100_000)),
            false,
          );
        }
        for (const field of numberFields(schema)) {
          add(`body ${field}=1e300`, fill(), withValue(base, [field], 1e300), false);
          add(`body ${field}=2^63`, fill(), withValue(base, [field], 2 ** 63), false);
        }
        add("body key NUL", fill(), { ...(base as object), [NUL]: "x" }, true);
        add(
          "body all NUL",
          fill(),
          Object.fromEntries(Object.keys(schema.properties ?? {}).map((k) => [k, NUL])),
          true,
        );
      }
    }
    assert.ok(cases.length > 80, `cases generated (${cases.length})`);

    const failures: string[] = [];
    let nulChecked = 0;
    for (const c of cases) {
      const res = await api.fetch(c.path, {
        method: c.method,
        token: c.token,
        headers: c.method === "POST" ? { "idempotency-key": `fuzz-${uuid()}` } : {},
        ...(c.body !== undefined && c.method !== "GET" ? { json: c.body } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      let text = "";
      if (res.headers.get("content-type")?.includes("text/event-stream")) await res.body?.cancel();
      else text = await res.text();
      if (res.status >= 500) {
        failures.push(`${c.label}: ${res.status} ${text.slice(0, 200)}`);
        continue;
      }
      if (c.nul && res.status === 422) {
        nulChecked++;
        const message = JSON.parse(text).error.message as string;
        if (!/null character|Unicode/.test(message) && !/^[A-Z]/.test(message))
          failures.push(`${c.label}: unclear message ${message}`);
      }
    }
    assert.deepEqual(failures, [], `no 5xx:\n${failures.join("\n")}`);
    assert.ok(nulChecked > 30, `null bytes reached validation on many routes (${nulChecked})`);
  } finally {
    await api.close();
  }
});

test("input fuzz: the issue's examples answer 422 with the null-character message", async () => {
  const api = await startTestApi();
  try {
    const signup = await api.fetch("/api/auth/signup", {
      method: "POST",
      json: { username: "ab\u0000cd", email: "nul@example.com", password: "secret123" },
    });
    assert.equal(signup.status, 422);
    assert.equal(
      (await errorOf(signup)).message,
      "username must not contain null characters (\\u0000)",
    );

    const customer = await signUpAndIn(api);
    const factor = await api.fetch("/api/auth/factors", {
      method: "POST",
      token: customer.access_token,
      json: { factor_type: "totp", friendly_name: "phone\u0000" },
    });
    assert.equal(factor.status, 422);
    assert.match((await errorOf(factor)).message, /friendly_name must not contain null characters/);

    const admin = await signUpAndIn(api);
    await makeAdmin(api, admin.user.id);
    const user = await api.fetch("/api/admin/users", {
      method: "POST",
      token: admin.access_token,
      json: { username: "nul\u0000user", email: "nul2@example.com", password: "secret123" },
    });
    assert.equal(user.status, 422);
    assert.match((await errorOf(user)).message, /username must not contain null characters/);

    const product = await api.fetch("/api/admin/products", {
      method: "POST",
      token: admin.access_token,
      json: {
        name: "VPS\u0000",
        price: "9.99",
        cpu: "1",
        ram: "1",
        storage: "1",
        uplink: "1",
        ddos_protection: "yes",
        product_type: "vps",
      },
    });
    assert.equal(product.status, 422);
    assert.match((await errorOf(product)).message, /name must not contain null characters/);
  } finally {
    await api.close();
  }
});

test("input fuzz: the error handler maps what Postgres refuses to 422 (the safety net behind the contracts)", async () => {
  const { fromDatabaseError, InputMessages } = await import("./http-error.ts");
  const { isConnectionError } = await import("./db-health.ts");
  const api = await startTestApi();
  try {
    const refused = async (query: Promise<unknown>) =>
      fromDatabaseError(
        await query.then(
          () => null,
          (e) => e,
        ),
        isConnectionError,
      );
    const nul = await refused(api.sql`select ${"ab\u0000cd"}::text`);
    assert.equal(nul?.status, 422);
    assert.match(nul!.message, /null characters/);
    const range = await refused(api.sql`select ${"99999999999999999999"}::int`);
    assert.equal(range?.status, 422);
    assert.equal(range?.message, InputMessages.numberOutOfRange);
    const format = await refused(api.sql`select ${"nope"}::uuid`);
    assert.equal(format?.status, 422);
    const down = fromDatabaseError(
      Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }),
      isConnectionError,
    );
    assert.equal(down?.status, 503);
    assert.equal(down?.code, "service_unavailable");
  } finally {
    await api.close();
  }
});
