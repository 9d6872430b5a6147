import assert from "node:assert/strict";
import type { CreatedApiToken } from "../../contracts/api-tokens.ts";
import { createApp } from "../app.ts";
import {
  errorOf,
  json,
  makeAdmin,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

async function makeToken(
  api: TestApi,
  session: string,
  body: Record<string, unknown>,
): Promise<CreatedApiToken> {
  const res = await api.fetch("/api/account/api-tokens", {
    method: "POST",
    token: session,
    json: body,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return await json<CreatedApiToken>(res);
}

/** Status of a request made with `token` (the body read and dropped). */
async function statusOf(api: TestApi, token: string, method: string, path: string, body?: unknown) {
  const res = await api.fetch(path, { method, token, json: body });
  await res.body?.cancel();
  return res.status;
}

test("api tokens: each scope reads everything, changes only its own part, never the session's routes", async () => {
  const api = await startTestApi();
  try {
    const owner = await signUpAndIn(api);
    await makeAdmin(api, owner.user.id);
    const [product] = await api.sql<{ id: string }[]>`
      select id from products where product_type = 'vps' order by price limit 1`;
    const tokens = {
      read_only: (await makeToken(api, owner.access_token, { name: "ro", scope: "read_only" }))
        .token,
      technical: (await makeToken(api, owner.access_token, { name: "t", scope: "technical" }))
        .token,
      billing: (await makeToken(api, owner.access_token, { name: "b", scope: "billing" })).token,
      full: (await makeToken(api, owner.access_token, { name: "f", scope: "full" })).token,
    };
    const missing = crypto.randomUUID();
    // [method, path, body, which scopes pass the scope check]: a pass is any answer but 403
    // token_scope (the route's own rules decide after: an unknown service is a 404).
    const matrix: [string, string, unknown, string[]][] = [
      ["GET", "/api/services", undefined, ["read_only", "technical", "billing", "full"]],
      ["GET", "/api/account/profile", undefined, ["read_only", "technical", "billing", "full"]],
      [
        "GET",
        "/api/billing/transactions?limit=5",
        undefined,
        ["read_only", "technical", "billing", "full"],
      ],
      ["POST", `/api/services/${missing}/actions/restart`, {}, ["technical", "full"]],
      ["POST", "/api/billing/orders", { amount: "10.00" }, ["billing", "full"]],
      ["POST", "/api/shop/orders", { product_id: product?.id }, ["billing", "full"]],
      // Never by token: the browser session's routes, the tokens, the admin's, the event stream.
      ["GET", "/api/auth/sessions", undefined, []],
      ["GET", "/api/account/api-tokens", undefined, []],
      ["POST", "/api/account/api-tokens", { name: "x", scope: "full" }, []],
      ["GET", "/api/admin/users", undefined, []],
      ["GET", "/api/events", undefined, []],
    ];
    for (const [method, path, body, allowed] of matrix) {
      for (const [scope, token] of Object.entries(tokens)) {
        const res = await api.fetch(path, { method, token, json: body });
        const refused = res.status === 403 && (await errorOf(res)).code === "token_scope";
        if (!refused) await res.body?.cancel();
        assert.equal(
          refused,
          !allowed.includes(scope),
          `${scope} ${method} ${path}: ${res.status}`,
        );
      }
    }
    const refusal = await api.fetch("/api/billing/orders", {
      method: "POST",
      token: tokens.read_only,
      json: { amount: "10.00" },
    });
    assert.deepEqual(await errorOf(refusal), {
      code: "token_scope",
      message: "This API token's scope does not allow this request",
    });
  } finally {
    await api.close();
  }
});

test("api tokens: shown once, stored as a hash, listed with last use; revoked, expired or suspended is refused at once, on every instance", async () => {
  const api = await startTestApi();
  try {
    const owner = await signUpAndIn(api);
    const made = await makeToken(api, owner.access_token, {
      name: "deploy script",
      scope: "read_only",
      expires_in_days: 30,
    });
    assert.match(made.token, /^hp_[A-Za-z0-9_-]{43}$/);
    assert.equal(made.prefix, made.token.slice(0, 8));
    const [stored] = await api.sql<{ token_hash: Uint8Array }[]>`
      select token_hash from api_tokens where id = ${made.id}`;
    assert.notEqual(new TextDecoder().decode(stored!.token_hash), made.token);
    assert.equal(await statusOf(api, made.token, "GET", "/api/services"), 200);
    const listed = await json<{ tokens: Record<string, unknown>[] }>(
      await api.fetch("/api/account/api-tokens", { token: owner.access_token }),
    );
    assert.equal(listed.tokens.length, 1);
    assert.equal(listed.tokens[0]!.token, undefined);
    assert.equal(listed.tokens[0]!.last_used_ip, "127.0.0.1");
    assert.ok(listed.tokens[0]!.last_used_at);

    // A second instance of the API on the same database (as a replica) knows the token too.
    const replica = createApp(api.deps);
    const onReplica = async (token: string) =>
      (await replica.request("/api/services", { headers: { authorization: `Bearer ${token}` } }))
        .status;
    assert.equal(await onReplica(made.token), 200);
    const revoked = await api.fetch(`/api/account/api-tokens/${made.id}`, {
      method: "DELETE",
      token: owner.access_token,
    });
    assert.equal(revoked.status, 204);
    assert.equal(await statusOf(api, made.token, "GET", "/api/services"), 401);
    assert.equal(await onReplica(made.token), 401);
    assert.equal(
      (
        await api.fetch(`/api/account/api-tokens/${made.id}`, {
          method: "DELETE",
          token: owner.access_token,
        })
      ).status,
      404,
    );

    const expiring = await makeToken(api, owner.access_token, { name: "e", scope: "full" });
    await api.sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${expiring.id}`;
    assert.equal(await statusOf(api, expiring.token, "GET", "/api/services"), 401);

    const live = await makeToken(api, owner.access_token, { name: "l", scope: "full" });
    await api.sql`update profiles set status = 'suspended' where id = ${owner.user.id}`;
    assert.equal(await statusOf(api, live.token, "GET", "/api/services"), 401);
    assert.equal(await statusOf(api, "hp_not-a-token", "GET", "/api/services"), 401);
  } finally {
    await api.close();
  }
});

test("api tokens: another customer's ids stay 404, bad input is a 422 with its message, at most 20, limited per minute", async () => {
  const api = await startTestApi({ API_TOKEN_RATE_LIMIT_PER_MINUTE: "5" });
  try {
    const owner = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    const [service] = await api.sql<{ id: string }[]>`
      insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id)
      values (${other.user.id}, 'vps', '10.9.9.9', '2', '1', '20', 99001) returning id`;
    const token = (await makeToken(api, owner.access_token, { name: "t", scope: "technical" }))
      .token;
    assert.equal(await statusOf(api, token, "GET", `/api/services/${service!.id}`), 404);
    assert.equal(
      await statusOf(api, token, "POST", `/api/services/${service!.id}/actions/restart`, {}),
      404,
    );

    for (const [body, message] of [
      [{ name: "", scope: "full" }, "Name is required"],
      [{ name: "x".repeat(61), scope: "full" }, "Name must be at most 60 characters"],
      [{ name: "x", scope: "full", expires_in_days: 0 }, "Expiry must be between 1 and 365 days"],
    ] as const) {
      const res = await api.fetch("/api/account/api-tokens", {
        method: "POST",
        token: owner.access_token,
        json: body,
      });
      assert.equal(res.status, 422);
      assert.equal((await errorOf(res)).message, message);
    }

    // The per-minute limit of one token (5 here): the two requests above count, so the sixth of
    // the minute is the first refused; another token of the same customer is not.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await statusOf(api, token, "GET", "/api/services"));
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const second = (await makeToken(api, owner.access_token, { name: "s", scope: "read_only" }))
      .token;
    assert.equal(await statusOf(api, second, "GET", "/api/services"), 200);

    await api.sql`
      insert into api_tokens (user_id, name, scope, token_hash, token_prefix)
      select ${owner.user.id}, 'bulk', 'read_only', sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hp_bulk'
      from generate_series(1, 18)`;
    const tooMany = await api.fetch("/api/account/api-tokens", {
      method: "POST",
      token: owner.access_token,
      json: { name: "21st", scope: "full" },
    });
    assert.equal(tooMany.status, 409);
    assert.equal((await errorOf(tooMany)).message, "You can have at most 20 API tokens");
  } finally {
    await api.close();
  }
});

test("api tokens: the OpenAPI document offers the token scheme where a token may go, with its scopes", async () => {
  const api = await startTestApi();
  try {
    const doc = await json<{
      paths: Record<
        string,
        Record<string, { security?: object[]; "x-api-token-scopes"?: string[] }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    }>(await api.fetch("/api/openapi.json"));
    assert.ok(doc.components.securitySchemes.apiToken);
    const restart = doc.paths["/api/services/{id}/actions/{action}"]?.post;
    assert.deepEqual(restart?.security, [{ bearerAuth: [] }, { apiToken: [] }]);
    assert.deepEqual(restart?.["x-api-token-scopes"], ["technical", "full"]);
    assert.deepEqual(doc.paths["/api/services"]?.get?.["x-api-token-scopes"], [
      "read_only",
      "technical",
      "billing",
      "full",
    ]);
    for (const path of ["/api/auth/sessions", "/api/account/api-tokens", "/api/admin/users"]) {
      assert.deepEqual(doc.paths[path]?.get?.security, [{ bearerAuth: [] }], path);
    }
    for (const op of ["createApiToken", "listApiTokens", "revokeApiToken"]) {
      const found = Object.values(doc.paths).some((item) =>
        Object.values(item).some((o) => (o as { operationId?: string }).operationId === op),
      );
      assert.ok(found, op);
    }
  } finally {
    await api.close();
  }
});
