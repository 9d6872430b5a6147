import assert from "node:assert/strict";
import * as jose from "jose";
import type { Session } from "../../contracts/auth.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

const api: TestApi = await startTestApi({ REFRESH_REUSE_GRACE_SECONDS: "0" });
globalThis.addEventListener("unload", () => void api.close());

const post = (path: string, body: unknown, token?: string) =>
  api.fetch(path, { method: "POST", json: body, token });

/** `name=value` of the refresh cookie a response set, or undefined. */
function refreshCookie(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => /^(__Secure-)?portal_refresh=/.test(c));
  return set?.split(";")[0];
}

/** Signs in like the browser does and keeps the refresh cookie. */
async function signInCookie(
  on: TestApi,
  body: { email: string; password: string; remember?: boolean },
) {
  const res = await on.fetch("/api/auth/sign-in", { method: "POST", json: body });
  assert.equal(res.status, 200);
  const cookie = refreshCookie(res);
  assert.ok(cookie, "sign-in sets the refresh cookie");
  return { res, cookie, session: await json<Session>(res) };
}

/** The browser's same-origin refresh: the cookie, no body. */
const refreshWith = (on: TestApi, cookie: string, headers: Record<string, string> = {}) =>
  on.fetch("/api/auth/refresh", {
    method: "POST",
    headers: { cookie, origin: on.url, "sec-fetch-site": "same-origin", ...headers },
  });

/** A customer signed in with the cookie (what signUpAndIn does, plus the cookie). */
async function customer(on: TestApi = api, remember = false) {
  const me = await signUpAndIn(on);
  const { cookie, session } = await signInCookie(on, {
    email: me.user.email,
    password: me.password,
    remember,
  });
  return { ...session, password: me.password, cookie };
}

test("sign-up creates a profile; the same email in another case is refused", async () => {
  const res = await post("/api/auth/signup", {
    username: "alice",
    email: "Alice@Example.com",
    password: "tulip-orbit-42",
  });
  assert.equal(res.status, 201);
  const { user } = await json<{ user: { email: string; username: string; is_admin: boolean } }>(
    res,
  );
  assert.equal(user.email, "alice@example.com");
  assert.equal(user.is_admin, false);
  const [profile] = await api.sql`select credits from profiles where username = 'alice'`;
  assert.equal(profile!.credits, "0.00");
  const again = await post("/api/auth/signup", {
    username: "alice2",
    email: "ALICE@example.COM",
    password: "tulip-orbit-42",
  });
  assert.equal(again.status, 409);
  assert.equal((await errorOf(again)).code, "email_taken");
  const sameName = await post("/api/auth/signup", {
    username: "alice",
    email: "other@example.com",
    password: "tulip-orbit-42",
  });
  assert.equal(sameName.status, 409);
});

test("register, login and change-password answer with the SPEC §5 messages", async () => {
  const cases: [string, unknown, string][] = [
    [
      "/api/auth/signup",
      { username: "ab", email: "a@b.co", password: "secret123" },
      "Username must be at least 3 characters",
    ],
    [
      "/api/auth/signup",
      { username: "a".repeat(21), email: "a@b.co", password: "secret123" },
      "Username must be at most 20 characters",
    ],
    [
      "/api/auth/signup",
      { username: "abc", email: "nope", password: "secret123" },
      "Invalid email address",
    ],
    [
      "/api/auth/signup",
      { username: "abc", email: "a@b.co", password: "12345" },
      "Password must be at least 6 characters",
    ],
    ["/api/auth/sign-in", { email: "nope", password: "secret123" }, "Invalid email address"],
    [
      "/api/auth/sign-in",
      { email: "a@b.co", password: "123" },
      "Password must be at least 6 characters",
    ],
  ];
  for (const [path, body, message] of cases) {
    const res = await post(path, body);
    assert.equal(res.status, 422, `${path} ${JSON.stringify(body)}`);
    assert.deepEqual(await errorOf(res), { code: "validation_error", message });
  }
  const me = await signUpAndIn(api);
  const short = await api.fetch("/api/auth/password", {
    method: "PUT",
    token: me.access_token,
    json: { current_password: "123", new_password: "another1" },
  });
  assert.equal((await errorOf(short)).message, "Password must be at least 6 characters");
  const wrong = await api.fetch("/api/auth/password", {
    method: "PUT",
    token: me.access_token,
    json: { current_password: "wrong-one", new_password: "another1" },
  });
  assert.equal(wrong.status, 400);
  assert.deepEqual(await errorOf(wrong), {
    code: "wrong_password",
    message: "Current password is incorrect",
  });
});

test("a wrong password or unknown email is refused with one message", async () => {
  const me = await signUpAndIn(api);
  const wrong = await post("/api/auth/sign-in", { email: me.user.email, password: "not-the-one" });
  assert.equal(wrong.status, 400);
  assert.equal((await errorOf(wrong)).message, "Invalid login credentials");
  const unknown = await post("/api/auth/sign-in", {
    email: "ghost@example.com",
    password: "not-the-one",
  });
  assert.equal((await errorOf(unknown)).message, "Invalid login credentials");
});

test("refresh rotates the cookie; a rotated token presented again revokes the whole session", async () => {
  const me = await customer();
  const first = await refreshWith(api, me.cookie);
  assert.equal(first.status, 200);
  const rotated = refreshCookie(first);
  assert.ok(rotated);
  assert.notEqual(rotated, me.cookie);
  const next = await json<Session>(first);
  assert.equal((await api.fetch("/api/auth/user", { token: next.access_token })).status, 200);

  await new Promise((r) => setTimeout(r, 1100)); // past the (test) grace of 0 s
  const replay = await refreshWith(api, me.cookie);
  assert.equal(replay.status, 401);
  assert.equal((await errorOf(replay)).code, "session_expired");
  // The refused cookie is cleared in the browser.
  assert.match(replay.headers.getSetCookie().join("\n"), /portal_refresh=;.*Max-Age=0/);
  // The newest pair of that session stops working too.
  assert.equal((await refreshWith(api, rotated)).status, 401);
  assert.equal((await api.fetch("/api/auth/user", { token: next.access_token })).status, 401);
});

test("a retried refresh within the grace window gets a working pair", async () => {
  const graceful = await startTestApi({ REFRESH_REUSE_GRACE_SECONDS: "10" });
  try {
    const me = await customer(graceful);
    const a = await refreshWith(graceful, me.cookie);
    const b = await refreshWith(graceful, me.cookie);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    const latest = await json<Session>(b);
    await a.body?.cancel();
    assert.equal(
      (await graceful.fetch("/api/auth/user", { token: latest.access_token })).status,
      200,
    );
  } finally {
    await graceful.close();
  }
});

test("sign-out ends the session on the server and clears the cookie", async () => {
  const me = await customer();
  const out = await api.fetch("/api/auth/sign-out", {
    method: "POST",
    token: me.access_token,
    headers: { cookie: me.cookie, origin: api.url },
  });
  assert.equal(out.status, 204);
  const cleared = out.headers.getSetCookie().find((c) => c.startsWith("portal_refresh="));
  assert.ok(cleared, "sign-out sets the cookie again");
  assert.match(cleared, /^portal_refresh=;/);
  assert.match(cleared, /Max-Age=0/);
  assert.match(cleared, /Path=\/api\/auth/);
  assert.equal((await api.fetch("/api/auth/user", { token: me.access_token })).status, 401);
  assert.equal((await refreshWith(api, me.cookie)).status, 401);
});

test("sign-out with the cookie alone (access token lost or expired) ends that session", async () => {
  const me = await customer();
  const out = await api.fetch("/api/auth/sign-out", {
    method: "POST",
    headers: { cookie: me.cookie, origin: api.url },
  });
  assert.equal(out.status, 204);
  assert.equal((await refreshWith(api, me.cookie)).status, 401);
  assert.equal((await api.fetch("/api/auth/user", { token: me.access_token })).status, 401);
});

test("expired, tampered, alg none and foreign-key tokens are rejected", async () => {
  const me = await signUpAndIn(api);
  const claims = jose.decodeJwt(me.access_token);
  const [header, payload, signature] = me.access_token.split(".") as [string, string, string];
  const b64 = (v: unknown) => jose.base64url.encode(JSON.stringify(v));

  const tampered = `${header}.${b64({ ...claims, sub: crypto.randomUUID() })}.${signature}`;
  const none = `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
  const { privateKey } = await jose.generateKeyPair("ES256");
  const foreign = await new jose.SignJWT(claims)
    .setProtectedHeader({ alg: "ES256" })
    .sign(privateKey);
  const hs = await new jose.SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("x".repeat(32)));
  const expiredApi = await startTestApi({ ACCESS_TOKEN_TTL_SECONDS: "1" });
  const other = await signUpAndIn(expiredApi);
  await new Promise((r) => setTimeout(r, 2100));
  assert.equal(
    (await expiredApi.fetch("/api/auth/user", { token: other.access_token })).status,
    401,
  );
  await expiredApi.close();

  for (const token of [tampered, none, foreign, hs, "garbage"]) {
    const res = await api.fetch("/api/auth/user", { token });
    assert.equal(res.status, 401, token.slice(0, 30));
    await res.body?.cancel();
  }
  assert.equal((await api.fetch("/api/auth/user")).status, 401);
});

test("an access token verifies against the JWKS endpoint with jose's remote key set", async () => {
  const me = await signUpAndIn(api);
  const jwks = jose.createRemoteJWKSet(new URL(`${api.url}/.well-known/jwks.json`));
  const { payload, protectedHeader } = await jose.jwtVerify(me.access_token, jwks, {
    issuer: "hosting-portal",
    audience: "hosting-portal",
    algorithms: ["ES256"],
  });
  assert.equal(protectedHeader.alg, "ES256");
  assert.equal(payload.sub, me.user.id);
  assert.equal(payload.aal, "aal1");
  assert.ok(payload.sid);
});

test("failed sign-ins are limited per account and address with 429 and Retry-After; the owner elsewhere still signs in", async () => {
  const limited = await startTestApi({
    AUTH_RATE_LIMIT_PER_ACCOUNT: "3",
    AUTH_RATE_LIMIT_WINDOW_SECONDS: "2",
    TRUST_PROXY: "true",
  });
  try {
    const me = await signUpAndIn(limited);
    const signInFrom = (address: string, password: string) =>
      limited.fetch("/api/auth/sign-in", {
        method: "POST",
        headers: { "x-forwarded-for": address },
        json: { email: me.user.email, password },
      });
    // The owner's own successes never use up the account's budget.
    for (let i = 0; i < 5; i++) {
      const ok = await signInFrom("198.51.100.1", me.password);
      assert.equal(ok.status, 200);
      await ok.body?.cancel();
    }
    const attacker = "203.0.113.66";
    for (let i = 0; i < 3; i++) {
      const wrong = await signInFrom(attacker, "wrong-pass");
      assert.equal(wrong.status, 400);
      await wrong.body?.cancel();
    }
    const blocked = await signInFrom(attacker, "wrong-pass");
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get("retry-after")) >= 1);
    assert.equal((await errorOf(blocked)).code, "rate_limited");
    // From the guessing address even the right password waits for the window...
    const right = await signInFrom(attacker, me.password);
    assert.equal(right.status, 429);
    await right.body?.cancel();
    // ...but the owner signing in from their own address is not refused.
    const owner = await signInFrom("198.51.100.1", me.password);
    assert.equal(owner.status, 200);
    await owner.body?.cancel();
    await new Promise((r) => setTimeout(r, 2200));
    const after = await signInFrom(attacker, me.password);
    assert.equal(after.status, 200);
    await after.body?.cancel();
  } finally {
    await limited.close();
  }
});

test("failed sign-ins from many addresses meet the account's hourly cap", async () => {
  const limited = await startTestApi({
    AUTH_RATE_LIMIT_PER_ACCOUNT_HOURLY: "4",
    TRUST_PROXY: "true",
  });
  try {
    const me = await signUpAndIn(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await limited.fetch("/api/auth/sign-in", {
        method: "POST",
        headers: { "x-forwarded-for": `192.0.2.${i}` },
        json: { email: me.user.email, password: "wrong-pass" },
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(statuses, [400, 400, 400, 400, 429, 429]);
  } finally {
    await limited.close();
  }
});

test("changing the password ends the other sessions and keeps this one", async () => {
  const me = await signUpAndIn(api);
  const { session: other, cookie: otherCookie } = await signInCookie(api, {
    email: me.user.email,
    password: me.password,
  });
  const res = await api.fetch("/api/auth/password", {
    method: "PUT",
    token: me.access_token,
    json: { current_password: me.password, new_password: "brand-new-1" },
  });
  assert.equal(res.status, 204);
  assert.equal((await api.fetch("/api/auth/user", { token: me.access_token })).status, 200);
  assert.equal((await api.fetch("/api/auth/user", { token: other.access_token })).status, 401);
  assert.equal((await refreshWith(api, otherCookie)).status, 401);
  const old = await post("/api/auth/sign-in", { email: me.user.email, password: me.password });
  assert.equal(old.status, 400);
  const fresh = await post("/api/auth/sign-in", { email: me.user.email, password: "brand-new-1" });
  assert.equal(fresh.status, 200);
  await fresh.body?.cancel();
});

test("a suspended user cannot sign in and loses the open session", async () => {
  const me = await signUpAndIn(api);
  await api.sql`update profiles set status = 'suspended' where id = ${me.user.id}`;
  assert.equal((await api.fetch("/api/auth/user", { token: me.access_token })).status, 401);
  const res = await post("/api/auth/sign-in", { email: me.user.email, password: me.password });
  assert.equal(res.status, 403);
  assert.equal((await errorOf(res)).code, "user_suspended");
});

test("the OpenAPI document describes the auth routes", async () => {
  const doc = await json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
    await api.fetch("/api/openapi.json"),
  );
  assert.equal(doc.openapi, "3.1.0");
  assert.ok(doc.paths["/api/auth/sign-in"]?.post);
  assert.ok(doc.paths["/api/auth/password"]?.put);
  assert.ok(doc.paths["/api/services"]?.get);
});

test("a session revoked or a user suspended straight in the database stops working at once, cache or not", async () => {
  const me = await signUpAndIn(api);
  const other = await signUpAndIn(api);
  // Warm the session cache, then change the rows behind the API's back (as another instance would).
  assert.equal((await api.fetch("/api/auth/user", { token: me.access_token })).status, 200);
  assert.equal((await api.fetch("/api/auth/user", { token: other.access_token })).status, 200);
  await api.sql`update sessions set revoked_at = now() where user_id = ${me.user.id}`;
  await api.sql`update profiles set status = 'suspended' where id = ${other.user.id}`;
  const refusedWithin = async (token: string) => {
    for (let i = 0; i < 50; i++) {
      const res = await api.fetch("/api/auth/user", { token });
      await res.body?.cancel();
      if (res.status === 401) return i;
      await new Promise((r) => setTimeout(r, 20));
    }
    return -1;
  };
  const a = await refusedWithin(me.access_token);
  const b = await refusedWithin(other.access_token);
  assert.ok(a >= 0 && a < 10, `revoked session refused after ${a} polls`);
  assert.ok(b >= 0 && b < 10, `suspended user refused after ${b} polls`);
});

// The refresh token lives in an HttpOnly cookie, never in a body a script could read.

test("sign-in sets the refresh token as an HttpOnly, SameSite=Strict cookie scoped to /api/auth, not in the body", async () => {
  const me = await signUpAndIn(api);
  const { res, session } = await signInCookie(api, { email: me.user.email, password: me.password });
  assert.ok(!("refresh_token" in session), "no refresh token in the JSON body");
  const [set] = res.headers.getSetCookie();
  assert.ok(set);
  const attrs = set.split(";").map((a) => a.trim().toLowerCase());
  assert.ok(attrs.includes("httponly"), set);
  assert.ok(attrs.includes("samesite=strict"), set);
  assert.ok(attrs.includes("path=/api/auth"), set);
  assert.ok(!attrs.includes("secure"), "no Secure over plain http (PUBLIC_URL is http)");
  // Not remembered: a browser-session cookie (SPEC §4), gone when the browser closes.
  assert.ok(!attrs.some((a) => a.startsWith("max-age") || a.startsWith("expires")), set);

  const remembered = await signInCookie(api, {
    email: me.user.email,
    password: me.password,
    remember: true,
  });
  const kept = remembered.res.headers.getSetCookie()[0]!;
  const maxAge = Number(/Max-Age=(\d+)/.exec(kept)?.[1]);
  assert.ok(Math.abs(maxAge - 5 * 24 * 3600) <= 5, `remembered for 5 days: ${kept}`);
  // A refresh keeps the session's kind: still 5 days for the remembered one, still a session cookie otherwise.
  const again = await refreshWith(api, remembered.cookie);
  assert.match(again.headers.getSetCookie()[0]!, /Max-Age=\d+/);
  const plain = await refreshWith(
    api,
    (await signInCookie(api, { email: me.user.email, password: me.password })).cookie,
  );
  assert.doesNotMatch(plain.headers.getSetCookie()[0]!, /Max-Age|Expires/i);
});

test("over https the cookie is Secure and __Secure- prefixed, and refresh reads it", async () => {
  const secure = await startTestApi({ PUBLIC_URL: "https://portal.example.com" });
  try {
    const me = await signUpAndIn(secure);
    const { res, cookie } = await signInCookie(secure, {
      email: me.user.email,
      password: me.password,
    });
    const set = res.headers.getSetCookie()[0]!;
    assert.match(set, /^__Secure-portal_refresh=/);
    assert.match(set, /; Secure/);
    assert.match(set, /; HttpOnly/);
    // The proxy in front terminates TLS; the browser's Origin is the public one.
    const ok = await refreshWith(secure, cookie, { origin: "https://portal.example.com" });
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
    // The unprefixed name is not accepted where the prefixed one is expected: no session.
    const plainName = await refreshWith(secure, cookie.replace("__Secure-", ""), {
      origin: "https://portal.example.com",
    });
    assert.equal(plainName.status, 204);
    await plainName.body?.cancel();
  } finally {
    await secure.close();
  }
});

test("refresh takes no token in the body: without the cookie there is no session (204, not an error)", async () => {
  const me = await customer();
  const res = await api.fetch("/api/auth/refresh", {
    method: "POST",
    json: { refresh_token: me.cookie.split("=")[1] },
    headers: { origin: api.url },
  });
  // A visitor's page asks on every load: an error status would be logged in every console.
  assert.equal(res.status, 204);
  assert.equal(await res.text(), "");
  assert.equal(res.headers.get("set-cookie"), null);
  // A cookie that no longer works is still refused, and cleared.
  const stale = await api.fetch("/api/auth/refresh", {
    method: "POST",
    headers: { origin: api.url, cookie: "portal_refresh=not-a-token" },
  });
  assert.equal(stale.status, 401);
  assert.equal((await errorOf(stale)).code, "session_expired");
});

test("cross-site requests to the cookie endpoints are refused (CSRF); the session is untouched", async () => {
  const me = await customer();
  const evil = "https://evil.example";
  const attempts: [string, Record<string, string>][] = [
    // What a forged form or a no-cors fetch from another site sends.
    [
      "/api/auth/refresh",
      {
        cookie: me.cookie,
        origin: evil,
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
      },
    ],
    ["/api/auth/refresh", { cookie: me.cookie, origin: evil, "content-type": "text/plain" }],
    ["/api/auth/refresh", { cookie: me.cookie, origin: evil }],
    // Marked cross-site by the browser: refused whatever the content type.
    [
      "/api/auth/refresh",
      {
        cookie: me.cookie,
        origin: evil,
        "sec-fetch-site": "cross-site",
        "content-type": "application/json",
      },
    ],
    [
      "/api/auth/sign-out",
      { cookie: me.cookie, origin: evil, "content-type": "application/x-www-form-urlencoded" },
    ],
    ["/api/auth/sign-out", { cookie: me.cookie, "sec-fetch-site": "cross-site" }],
  ];
  for (const [path, headers] of attempts) {
    const res = await api.fetch(path, {
      method: "POST",
      headers,
      body: path.endsWith("refresh") ? "x=1" : undefined,
    });
    assert.equal(res.status, 403, `${path} ${JSON.stringify(headers)}`);
    assert.equal((await errorOf(res)).code, "forbidden");
    assert.equal(res.headers.getSetCookie().length, 0, "a refused request sets no cookie");
  }
  // Nothing was rotated or revoked: the same-origin refresh still works with the original cookie.
  const ok = await refreshWith(api, me.cookie);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
});
