import assert from "node:assert/strict";
import type { Session } from "../../contracts/auth.ts";
import type { EndedSessions, SessionList } from "../../contracts/sessions.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { sessionCache } from "./session-cache.ts";
import { deviceLabel } from "./sessions.service.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs in like a browser with this user agent; keeps the refresh cookie. */
async function signIn(
  who: { user: { email: string }; password: string },
  userAgent = CHROME_LINUX,
  remember = false,
) {
  const res = await api.fetch("/api/auth/sign-in", {
    method: "POST",
    headers: { "user-agent": userAgent },
    json: { email: who.user.email, password: who.password, remember },
  });
  assert.equal(res.status, 200, await res.clone().text());
  const set = res.headers.getSetCookie().find((c) => c.startsWith("portal_refresh="));
  assert.ok(set);
  return { ...(await json<Session>(res)), cookie: set.split(";")[0]! };
}

const refreshWith = (cookie: string) =>
  api.fetch("/api/auth/refresh", { method: "POST", headers: { cookie, origin: api.url } });

const sessionId = (token: string) =>
  JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sid as string;

/** Moves a session's last use back in time, and forgets what this process cached of it. */
async function idleFor(token: string, interval: string) {
  await api.sql`update sessions set last_used_at = now() - ${interval}::interval
    where id = ${sessionId(token)}`;
  sessionCache.clear();
}

const userStatus = (token: string) => api.fetch("/api/auth/user", { token }).then((r) => r.status);

test("idle timeout: a session unused for 30 minutes no longer refreshes, nor do its access tokens work", async () => {
  const me = await signUpAndIn(api);
  const s = await signIn(me);

  // 29 minutes unused: still fine, and the refresh counts as use.
  await idleFor(s.access_token, "29 minutes");
  const fresh = await refreshWith(s.cookie);
  assert.equal(fresh.status, 200);
  const [used] = await api.sql<{ idle: number }[]>`
    select extract(epoch from now() - last_used_at)::float8 as idle from sessions
    where id = ${sessionId(s.access_token)}`;
  assert.ok(used!.idle < 5, "the refresh moved last_used_at to now");
  const cookie = fresh.headers.getSetCookie()[0]!.split(";")[0]!;
  const next = await json<Session>(fresh);

  await idleFor(next.access_token, "31 minutes");
  const refused = await refreshWith(cookie);
  assert.equal(refused.status, 401);
  assert.equal((await errorOf(refused)).code, "session_expired");
  assert.equal(await userStatus(next.access_token), 401);
});

test("idle timeout: with 'Remember me' the session survives a closed browser for 5 days", async () => {
  const me = await signUpAndIn(api);
  const s = await signIn(me, CHROME_LINUX, true);
  await idleFor(s.access_token, "2 days");
  const fresh = await refreshWith(s.cookie);
  assert.equal(fresh.status, 200);
  const cookie = fresh.headers.getSetCookie()[0]!.split(";")[0]!;
  await idleFor(s.access_token, "5 days 1 minute");
  assert.equal((await refreshWith(cookie)).status, 401);
});

test("sessions: listed with device, address, created and last use; this one marked; another user's is 404", async () => {
  const me = await signUpAndIn(api);
  const laptop = await signIn(me, CHROME_LINUX);
  const phone = await signIn(me, SAFARI_IPHONE);
  const res = await api.fetch("/api/auth/sessions", { token: laptop.access_token });
  assert.equal(res.status, 200);
  const { sessions } = await json<SessionList>(res);
  // signUpAndIn's own sign-in (no user agent of a browser) is the third.
  assert.equal(sessions.length, 3);
  const [current, ...others] = sessions;
  assert.equal(current!.id, sessionId(laptop.access_token));
  assert.equal(current!.current, true);
  assert.equal(current!.device, "Chrome on Linux");
  assert.equal(current!.ip_address, "127.0.0.1");
  assert.ok(Date.parse(current!.created_at) <= Date.parse(current!.last_used_at));
  const iphone = others.find((o) => o.id === sessionId(phone.access_token));
  assert.equal(iphone?.device, "Safari on iOS");
  assert.equal(iphone?.current, false);

  const intruder = await signUpAndIn(api);
  const foreign = await api.fetch(`/api/auth/sessions/${sessionId(phone.access_token)}`, {
    method: "DELETE",
    token: intruder.access_token,
  });
  assert.equal(foreign.status, 404);
  assert.equal((await errorOf(foreign)).message, "Session not found");
  const mine = await json<SessionList>(
    await api.fetch("/api/auth/sessions", { token: intruder.access_token }),
  );
  assert.equal(mine.sessions.length, 1, "only the intruder's own session");
  assert.equal(await userStatus(phone.access_token), 200, "the phone's session is untouched");
  const bad = await api.fetch("/api/auth/sessions/not-a-uuid", {
    method: "DELETE",
    token: laptop.access_token,
  });
  assert.equal(bad.status, 422);
});

test("sessions: ending one stops its cookie and tokens at once; ending all others keeps this one", async () => {
  const me = await signUpAndIn(api);
  const laptop = await signIn(me, CHROME_LINUX);
  const phone = await signIn(me, SAFARI_IPHONE);
  assert.equal(await userStatus(phone.access_token), 200); // now cached as valid

  const end = await api.fetch(`/api/auth/sessions/${sessionId(phone.access_token)}`, {
    method: "DELETE",
    token: laptop.access_token,
  });
  assert.equal(end.status, 204);
  assert.equal(await userStatus(phone.access_token), 401);
  assert.equal((await refreshWith(phone.cookie)).status, 401);
  const again = await api.fetch(`/api/auth/sessions/${sessionId(phone.access_token)}`, {
    method: "DELETE",
    token: laptop.access_token,
  });
  assert.equal(again.status, 404);

  const tablet = await signIn(me, SAFARI_IPHONE);
  const others = await api.fetch("/api/auth/sessions/end-others", {
    method: "POST",
    token: laptop.access_token,
  });
  assert.equal(others.status, 200);
  // The tablet and signUpAndIn's session.
  assert.deepEqual(await json<EndedSessions>(others), { ended: 2 });
  assert.equal(await userStatus(tablet.access_token), 401);
  assert.equal(await userStatus(me.access_token), 401);
  assert.equal(await userStatus(laptop.access_token), 200);
  assert.equal((await refreshWith(laptop.cookie)).status, 200);
  const left = await json<SessionList>(
    await api.fetch("/api/auth/sessions", { token: laptop.access_token }),
  );
  assert.deepEqual(
    left.sessions.map((s) => s.current),
    [true],
  );
});

test("sessions: device labels from the user agent", () => {
  assert.equal(deviceLabel(CHROME_LINUX), "Chrome on Linux");
  assert.equal(deviceLabel(SAFARI_IPHONE), "Safari on iOS");
  assert.equal(deviceLabel("curl/8.5.0"), "curl");
  assert.equal(deviceLabel(null), "Unknown device");
});

test("sessions: the routes are in the OpenAPI document", async () => {
  const doc = await json<{
    paths: Record<string, Record<string, { operationId: string }>>;
  }>(await api.fetch("/api/openapi.json"));
  assert.equal(doc.paths["/api/auth/sessions"]?.get?.operationId, "listSessions");
  assert.equal(doc.paths["/api/auth/sessions/{id}"]?.delete?.operationId, "endSession");
  assert.equal(doc.paths["/api/auth/sessions/end-others"]?.post?.operationId, "endOtherSessions");
});
