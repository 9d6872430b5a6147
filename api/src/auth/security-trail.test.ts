import assert from "node:assert/strict";
import { errorOf, signUpAndIn, startTestApi, type TestApi, test } from "../platform/testing.ts";
import { onSecurityEvent, type SecurityRecord } from "./security-log.ts";

const api: TestApi = await startTestApi({
  AUTH_RATE_LIMIT_PER_ACCOUNT: "3",
  REFRESH_REUSE_GRACE_SECONDS: "0",
  TRUST_PROXY: "true",
});
globalThis.addEventListener("unload", () => void api.close());

/** The security events this process records while `fn` runs (each is also a log line). */
async function securityLines(fn: () => Promise<void>): Promise<SecurityRecord[]> {
  const lines: SecurityRecord[] = [];
  const stop = onSecurityEvent((record) => lines.push(record));
  try {
    await fn();
  } finally {
    stop();
  }
  return lines;
}

const refreshCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("portal_refresh="))!
    .split(";")[0]!;

test("sign-in failures and successes are security events with account, address and request id", async () => {
  const me = await signUpAndIn(api);
  const lines = await securityLines(async () => {
    const wrong = await api.fetch("/api/auth/sign-in", {
      method: "POST",
      headers: { "x-forwarded-for": "203.0.113.7", "x-request-id": "req-wrong-1" },
      json: { email: me.user.email, password: "wrong-password" },
    });
    assert.equal(wrong.status, 400);
    await wrong.body?.cancel();
    const right = await api.fetch("/api/auth/sign-in", {
      method: "POST",
      headers: { "x-forwarded-for": "203.0.113.7" },
      json: { email: me.user.email, password: me.password },
    });
    assert.equal(right.status, 200);
    await right.body?.cancel();
  });
  const failed = lines.find((l) => l.event === "sign_in_failed");
  assert.ok(failed, JSON.stringify(lines));
  assert.equal(failed.user_id, me.user.id);
  assert.equal(failed.client_ip, "203.0.113.7");
  assert.equal(failed.request_id, "req-wrong-1");
  const success = lines.find((l) => l.event === "sign_in");
  assert.equal(success?.user_id, me.user.id);
  assert.ok(!JSON.stringify(lines).includes(me.password), "no password in the trail");
});

test("a reused refresh token is logged and its owner is mailed", async () => {
  const me = await signUpAndIn(api);
  const signIn = await api.fetch("/api/auth/sign-in", {
    method: "POST",
    json: { email: me.user.email, password: me.password },
  });
  const stolen = refreshCookie(signIn);
  await signIn.body?.cancel();
  const refresh = (cookie: string) =>
    api.fetch("/api/auth/refresh", { method: "POST", headers: { cookie, origin: api.url } });
  const rotated = await refresh(stolen);
  assert.equal(rotated.status, 200);
  await rotated.body?.cancel();
  await new Promise((r) => setTimeout(r, 1100));
  const lines = await securityLines(async () => {
    const replay = await refresh(stolen);
    assert.equal(replay.status, 401);
    await replay.body?.cancel();
  });
  const reused = lines.find((l) => l.event === "refresh_token_reused");
  assert.equal(reused?.user_id, me.user.id);
  const mails = await api.sql<{ subject: string }[]>`
    select subject from mail_outbox where user_id = ${me.user.id} and kind = 'session_revoked'`;
  assert.deepEqual(
    mails.map((m) => m.subject),
    ["We ended a session of your Hosting Portal account"],
  );
});

test("wrong current passwords in Settings are limited; a change is logged and mailed", async () => {
  const me = await signUpAndIn(api);
  const change = (current: string, next = "another-passphrase-9") =>
    api.fetch("/api/auth/password", {
      method: "PUT",
      token: me.access_token,
      json: { current_password: current, new_password: next },
    });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await change("not-my-password");
    statuses.push(res.status);
    if (res.status === 429) assert.equal((await errorOf(res)).code, "rate_limited");
    else await res.body?.cancel();
  }
  assert.deepEqual(statuses, [400, 400, 400, 429]);
  // The limit counts failures of this account only: another account changes its password.
  const other = await signUpAndIn(api);
  const lines = await securityLines(async () => {
    const ok = await api.fetch("/api/auth/password", {
      method: "PUT",
      token: other.access_token,
      json: { current_password: other.password, new_password: "another-passphrase-9" },
    });
    assert.equal(ok.status, 204);
  });
  assert.equal(lines.find((l) => l.event === "password_changed")?.user_id, other.user.id);
  const mails = await api.sql<{ subject: string }[]>`
    select subject from mail_outbox where user_id = ${other.user.id} and kind = 'password_changed'`;
  assert.deepEqual(
    mails.map((m) => m.subject),
    ["Your Hosting Portal password was changed"],
  );
});
