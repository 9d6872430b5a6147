import assert from "node:assert/strict";
import * as jose from "jose";
import * as OTPAuth from "otpauth";
import encodeQR from "qr";
import decodeQR from "qr/decode.js";
import type { Session } from "../../contracts/auth.ts";
import type { Challenge, EnrolledFactor, FactorList } from "../../contracts/factors.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { MAX_VERIFY_FAILURES } from "./factors.service.ts";

const api: TestApi = await startTestApi({ PUBLIC_URL: "http://localhost:8123" });
globalThis.addEventListener("unload", () => void api.close());

const call = (method: string, path: string, token: string, body?: unknown) =>
  api.fetch(path, { method, token, json: body });

/** Codes of neighbouring time steps: offset -1, 0 or +1 (all inside the one-step window). */
const codeAt = (secret: string, offset: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** A code computed just before a step boundary could fall out of the window: wait it out. */
async function awayFromBoundary() {
  const into = Date.now() % 30_000;
  if (into > 27_500) await new Promise((r) => setTimeout(r, 30_000 - into + 200));
}

async function enrollTotp(token: string, name = "Phone app") {
  const res = await call("POST", "/api/auth/factors", token, {
    factor_type: "totp",
    friendly_name: name,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return await json<EnrolledFactor>(res);
}

async function challenge(token: string, factorId: string) {
  const res = await call("POST", `/api/auth/factors/${factorId}/challenge`, token);
  assert.equal(res.status, 200, await res.clone().text());
  return await json<Challenge>(res);
}

async function verify(token: string, factorId: string, code: string) {
  const c = await challenge(token, factorId);
  return await call("POST", `/api/auth/factors/${factorId}/verify`, token, {
    challenge_id: c.id,
    code,
  });
}

/** `name=value` of the HttpOnly refresh cookie a response set. */
function refreshCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("portal_refresh="));
  assert.ok(set, "the response sets the refresh cookie");
  return set.split(";")[0]!;
}

const refreshWith = async (cookie: string) =>
  await api.fetch("/api/auth/refresh", { method: "POST", headers: { cookie, origin: api.url } });

async function passwordSignIn(email: string, password = "tulip-orbit-42") {
  const res = await api.fetch("/api/auth/sign-in", { method: "POST", json: { email, password } });
  assert.equal(res.status, 200);
  return { ...(await json<Session>(res)), cookie: refreshCookie(res) };
}

/** A user with a verified TOTP factor, verified with the previous step's code; returns the aal2 session. */
async function userWithTotp() {
  const me = await signUpAndIn(api);
  const factor = await enrollTotp(me.access_token);
  await awayFromBoundary();
  const res = await verify(me.access_token, factor.id, codeAt(factor.totp!.secret, -1));
  assert.equal(res.status, 200, await res.clone().text());
  return { me, factor, secret: factor.totp!.secret, aal2: await json<Session>(res) };
}

/**
 * The enrolment's QR image is an SVG of the symbol for exactly the otpauth URI: the served image
 * is that symbol's drawing, and the symbol, drawn as pixels, scans back to the URI.
 */
function assertQrOf(dataUrl: string, uri: string) {
  const prefix = "data:image/svg+xml;base64,";
  assert.ok(dataUrl.startsWith(prefix), dataUrl.slice(0, 40));
  const opts = { ecc: "medium", border: 1 } as const;
  assert.equal(atob(dataUrl.slice(prefix.length)), encodeQR(uri, "svg", opts));
  const modules = encodeQR(uri, "raw", { ...opts, border: 4 });
  const scale = 4;
  const size = modules.length * scale;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const v = modules[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      data.set([v, v, v, 255], (y * size + x) * 4);
    }
  assert.equal(decodeQR({ width: size, height: size, data }), uri);
}

test("enrol TOTP → verify → the session is aal2, and password sign-in now demands the second step", async () => {
  const me = await signUpAndIn(api);
  assert.equal(me.aal, "aal1");
  assert.equal(me.mfa_required, false);
  const factor = await enrollTotp(me.access_token);
  assert.equal(factor.status, "unverified");
  assert.match(factor.totp!.secret, /^[A-Z2-7]{32}$/);
  assert.match(factor.totp!.uri, /^otpauth:\/\/totp\/Hosting%20Portal:.+\?.*secret=/);
  assertQrOf(factor.totp!.qr_code, factor.totp!.uri);
  // An unverified factor does not lock the user out of anything.
  assert.equal((await call("GET", "/api/auth/user", me.access_token)).status, 200);

  await awayFromBoundary();
  const res = await verify(me.access_token, factor.id, codeAt(factor.totp!.secret, 0));
  assert.equal(res.status, 200);
  const upgradedCookie = refreshCookie(res);
  const upgraded = await json<Session>(res);
  assert.equal(upgraded.aal, "aal2");
  assert.equal(upgraded.mfa_required, false);
  const claims = jose.decodeJwt(upgraded.access_token) as {
    aal: string;
    amr: { method: string }[];
  };
  assert.equal(claims.aal, "aal2");
  assert.deepEqual(
    claims.amr.map((a) => a.method),
    ["password", "totp"],
  );
  assert.ok(upgradedCookie);
  assert.ok(!("refresh_token" in upgraded), "the refresh token stays out of the body");
  // The old access token belongs to the same (now aal2) session; its refresh token is retired.
  const list = await json<FactorList>(
    await call("GET", "/api/auth/factors", upgraded.access_token),
  );
  assert.deepEqual(
    list.factors.map((f) => [f.friendly_name, f.factor_type, f.status]),
    [["Phone app", "totp", "verified"]],
  );
  const [audit] =
    await api.sql`select count(*)::int as n from audit_log where entity_id = ${factor.id}`;
  assert.equal(audit!.n, 2);

  const again = await passwordSignIn(me.user.email);
  assert.equal(again.aal, "aal1");
  assert.equal(again.mfa_required, true);
  const refused = await call("GET", "/api/auth/user", again.access_token);
  assert.equal(refused.status, 403);
  assert.equal((await errorOf(refused)).code, "mfa_required");
  assert.equal((await call("GET", "/api/account/profile", again.access_token)).status, 403);
  assert.equal((await call("GET", "/api/auth/factors", again.access_token)).status, 200);
  // A refreshed aal1 session stays aal1.
  const refreshed = await refreshWith(again.cookie);
  assert.equal(refreshed.status, 200);
  const r = await json<Session>(refreshed);
  assert.equal(r.mfa_required, true);
  assert.equal((await call("GET", "/api/auth/user", r.access_token)).status, 403);

  const second = await verify(r.access_token, factor.id, codeAt(factor.totp!.secret, 1));
  assert.equal(second.status, 200);
  const doneCookie = refreshCookie(second);
  const done = await json<Session>(second);
  assert.equal(done.aal, "aal2");
  assert.equal((await call("GET", "/api/auth/user", done.access_token)).status, 200);
  // The pair returned by verify refreshes into aal2 again.
  const later = await json<Session>(await refreshWith(doneCookie));
  assert.equal(later.aal, "aal2");
  assert.equal((await call("GET", "/api/auth/user", later.access_token)).status, 200);
});

test("TOTP seeds are sealed at rest: the row does not hold the seed, and a seed moved to another user does not verify", async () => {
  const { factor, secret } = await userWithTotp();
  const [row] = await api.sql<
    { totp_secret: string }[]
  >`select totp_secret from mfa_factors where id = ${factor.id}`;
  assert.match(row!.totp_secret, /^v1\./);
  assert.ok(!row!.totp_secret.includes(secret));

  const other = await signUpAndIn(api);
  const theirs = await enrollTotp(other.access_token);
  await api.sql`update mfa_factors set totp_secret = ${row!.totp_secret} where id = ${theirs.id}`;
  await awayFromBoundary();
  const stolen = await verify(other.access_token, theirs.id, codeAt(secret, 0));
  assert.equal(stolen.status, 500);
  const [after] = await api.sql<
    { status: string }[]
  >`select status from mfa_factors where id = ${theirs.id}`;
  assert.equal(after!.status, "unverified");
});

test("a code is accepted once: replayed in the same time step it is refused", async () => {
  const { me, factor, secret } = await userWithTotp();
  const s = await passwordSignIn(me.user.email);
  const code = codeAt(secret, 0);
  assert.equal((await verify(s.access_token, factor.id, code)).status, 200);
  const other = await passwordSignIn(me.user.email);
  const replay = await verify(other.access_token, factor.id, code);
  assert.equal(replay.status, 422);
  assert.deepEqual(await errorOf(replay), {
    code: "mfa_verification_failed",
    message: "This code has already been used. Wait for the next one.",
  });
  // The previous step's code is older than the one used: refused too.
  assert.equal((await verify(other.access_token, factor.id, codeAt(secret, -1))).status, 422);
  assert.equal((await call("GET", "/api/auth/user", other.access_token)).status, 403);
});

test("the same code raced on many challenges wins exactly once", async () => {
  const { me, factor, secret } = await userWithTotp();
  const sessions = await Promise.all([1, 2, 3, 4].map(() => passwordSignIn(me.user.email)));
  const code = codeAt(secret, 0);
  const challenges = await Promise.all(sessions.map((s) => challenge(s.access_token, factor.id)));
  const results = await Promise.all(
    sessions.map((s, i) =>
      call("POST", `/api/auth/factors/${factor.id}/verify`, s.access_token, {
        challenge_id: challenges[i]!.id,
        code,
      }),
    ),
  );
  assert.deepEqual(results.map((r) => r.status).sort(), [200, 422, 422, 422]);
  await Promise.all(results.map((r) => r.body?.cancel()));
});

test("a wrong code is refused, and failures are rate limited", async () => {
  const { me, factor, secret } = await userWithTotp();
  const s = await passwordSignIn(me.user.email);
  const valid = new Set([-1, 0, 1].map((o) => codeAt(secret, o)));
  let wrong = 123456;
  while (valid.has(String(wrong))) wrong++;
  for (let i = 0; i < MAX_VERIFY_FAILURES; i++) {
    const res = await verify(s.access_token, factor.id, String(wrong));
    assert.equal(res.status, 422);
    assert.deepEqual(await errorOf(res), {
      code: "mfa_verification_failed",
      message: "Invalid code. Check your authenticator app and try again.",
    });
  }
  const limited = await verify(s.access_token, factor.id, codeAt(secret, 1));
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal((await errorOf(limited)).code, "rate_limited");
  assert.equal((await call("GET", "/api/auth/user", s.access_token)).status, 403);

  const badFormat = await call("POST", `/api/auth/factors/${factor.id}/verify`, s.access_token, {
    challenge_id: crypto.randomUUID(),
    code: "12ab",
  });
  assert.equal(badFormat.status, 422);
  assert.equal((await errorOf(badFormat)).message, "Enter the 6-digit code");
});

test("another user's factor answers 404 on challenge, verify and delete", async () => {
  const { factor } = await userWithTotp();
  const intruder = await signUpAndIn(api);
  const t = intruder.access_token;
  assert.equal((await call("POST", `/api/auth/factors/${factor.id}/challenge`, t)).status, 404);
  const v = await call("POST", `/api/auth/factors/${factor.id}/verify`, t, {
    challenge_id: crypto.randomUUID(),
    code: "123456",
  });
  assert.equal(v.status, 404);
  assert.equal((await errorOf(v)).message, "Factor not found");
  assert.equal((await call("DELETE", `/api/auth/factors/${factor.id}`, t)).status, 404);
  const list = await json<FactorList>(await call("GET", "/api/auth/factors", t));
  assert.deepEqual(list.factors, []);
  const [row] = await api.sql`select status from mfa_factors where id = ${factor.id}`;
  assert.equal(row!.status, "verified");
});

test("a challenge expires after 5 minutes, is used once and belongs to its session", async () => {
  const { me, factor, secret } = await userWithTotp();
  const s = await passwordSignIn(me.user.email);
  const c = await challenge(s.access_token, factor.id);
  assert.ok(Math.abs(c.expires_at - (Date.now() / 1000 + 300)) < 5);
  const other = await passwordSignIn(me.user.email);
  const foreign = await call("POST", `/api/auth/factors/${factor.id}/verify`, other.access_token, {
    challenge_id: c.id,
    code: codeAt(secret, 0),
  });
  assert.equal(foreign.status, 422);
  assert.equal((await errorOf(foreign)).code, "mfa_challenge_expired");
  await api.sql`update mfa_challenges set expires_at = now() - interval '1 second' where id = ${c.id}`;
  const expired = await call("POST", `/api/auth/factors/${factor.id}/verify`, s.access_token, {
    challenge_id: c.id,
    code: codeAt(secret, 0),
  });
  assert.equal(expired.status, 422);
  assert.equal((await errorOf(expired)).code, "mfa_challenge_expired");
  assert.equal((await call("GET", "/api/auth/user", s.access_token)).status, 403);
});

test("adding a second factor or deleting a verified one needs aal2; deleting the last one ends MFA", async () => {
  const { me, factor, aal2 } = await userWithTotp();
  const s = await passwordSignIn(me.user.email);
  const add = await call("POST", "/api/auth/factors", s.access_token, {
    factor_type: "totp",
    friendly_name: "Second",
  });
  assert.equal(add.status, 403);
  assert.equal((await errorOf(add)).code, "mfa_required");
  const del = await call("DELETE", `/api/auth/factors/${factor.id}`, s.access_token);
  assert.equal(del.status, 403);
  assert.equal((await errorOf(del)).code, "mfa_required");

  const second = await call("POST", "/api/auth/factors", aal2.access_token, {
    factor_type: "totp",
    friendly_name: "Second",
  });
  assert.equal(second.status, 201);
  const dup = await call("POST", "/api/auth/factors", aal2.access_token, {
    factor_type: "webauthn",
    friendly_name: "phone APP",
  });
  assert.equal(dup.status, 409);
  assert.equal((await errorOf(dup)).message, "A factor with this name already exists");

  assert.equal(
    (
      await call("DELETE", `/api/auth/factors/${factor.id}`, aal2.access_token, {
        password: me.password,
      })
    ).status,
    204,
  );
  // Only the unverified "Second" remains: password sign-in is enough again.
  const plain = await passwordSignIn(me.user.email);
  assert.equal(plain.mfa_required, false);
  assert.equal((await call("GET", "/api/auth/user", plain.access_token)).status, 200);
  assert.equal(
    (
      await call(
        "DELETE",
        `/api/auth/factors/${(await json<EnrolledFactor>(second)).id}`,
        plain.access_token,
      )
    ).status,
    204,
  );
  const [audit] =
    await api.sql`select count(*)::int as n from audit_log where action = 'mfa.factor.delete' and actor_id = ${me.user.id}`;
  assert.equal(audit!.n, 2);
});

test("an enrolment left unverified cannot be finished with the password alone, and expires after 15 minutes", async () => {
  const { me, aal2 } = await userWithTotp();
  // The owner starts a second factor and abandons it (a tab closed during the OS dialog).
  const abandoned = await enrollTotp(aal2.access_token, "Abandoned");
  // Someone who knows only the password: an aal1 session.
  const s = await passwordSignIn(me.user.email);
  assert.equal(s.aal, "aal1");
  const asked = await call("POST", `/api/auth/factors/${abandoned.id}/challenge`, s.access_token);
  assert.equal(asked.status, 403);
  assert.equal((await errorOf(asked)).code, "mfa_required");
  await awayFromBoundary();
  const proved = await call("POST", `/api/auth/factors/${abandoned.id}/verify`, s.access_token, {
    challenge_id: crypto.randomUUID(),
    code: codeAt(abandoned.totp!.secret, 0),
  });
  assert.equal(proved.status, 403, "verify refuses before looking at the challenge");
  const [row] = await api.sql<
    { status: string }[]
  >`select status from mfa_factors where id = ${abandoned.id}`;
  assert.equal(row!.status, "unverified", "nothing changed");

  // The owner's aal2 session may still finish it, within 15 minutes of enrolling.
  assert.equal(
    (await verify(aal2.access_token, abandoned.id, codeAt(abandoned.totp!.secret, 0))).status,
    200,
  );
  const late = await enrollTotp(aal2.access_token, "Late");
  await api.sql`update mfa_factors set created_at = now() - interval '16 minutes' where id = ${late.id}`;
  const expired = await call("POST", `/api/auth/factors/${late.id}/challenge`, aal2.access_token);
  assert.equal(expired.status, 404);
});

test("an aal1 session waiting for its second factor can still sign out", async () => {
  const { me } = await userWithTotp();
  const s = await passwordSignIn(me.user.email);
  assert.equal((await call("POST", "/api/auth/sign-out", s.access_token)).status, 204);
  assert.equal((await call("GET", "/api/auth/factors", s.access_token)).status, 401);
});

test("phone factors are refused as not available; bad enrol input changes nothing", async () => {
  const me = await signUpAndIn(api);
  const phone = await call("POST", "/api/auth/factors", me.access_token, {
    factor_type: "phone",
    friendly_name: "My phone",
    phone: "+491701234567",
  });
  assert.equal(phone.status, 422);
  assert.deepEqual(await errorOf(phone), {
    code: "mfa_not_available",
    message:
      "Phone (SMS) factors are not available: no SMS provider is configured. Use an authenticator app or a passkey.",
  });
  const noName = await call("POST", "/api/auth/factors", me.access_token, {
    factor_type: "totp",
    friendly_name: "  ",
  });
  assert.equal(noName.status, 422);
  assert.equal((await errorOf(noName)).message, "Name is required");
  const [row] =
    await api.sql`select count(*)::int as n from mfa_factors where user_id = ${me.user.id}`;
  assert.equal(row!.n, 0);
});

test("passkey: the challenge carries WebAuthn options for the configured relying party; a forged response is refused", async () => {
  const me = await signUpAndIn(api);
  const res = await call("POST", "/api/auth/factors", me.access_token, {
    factor_type: "webauthn",
    friendly_name: "Laptop",
  });
  assert.equal(res.status, 201);
  const factor = await json<EnrolledFactor>(res);
  assert.equal(factor.totp, undefined);
  const c = await challenge(me.access_token, factor.id);
  assert.equal(c.webauthn?.type, "create");
  const options = c.webauthn!.credential_options as {
    rp: { id: string };
    challenge: string;
    user: { name: string };
  };
  assert.equal(options.rp.id, "localhost");
  assert.equal(options.user.name, me.user.email);
  const [stored] = await api.sql`select webauthn_challenge from mfa_challenges where id = ${c.id}`;
  assert.equal(stored!.webauthn_challenge, options.challenge);
  const forged = await call("POST", `/api/auth/factors/${factor.id}/verify`, me.access_token, {
    challenge_id: c.id,
    webauthn: {
      type: "create",
      credential_response: {
        id: "abc",
        rawId: "abc",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA" },
      },
    },
  });
  assert.equal(forged.status, 422);
  assert.deepEqual(await errorOf(forged), {
    code: "mfa_verification_failed",
    message: "The passkey could not be verified",
  });
  const mixed = await call("POST", `/api/auth/factors/${factor.id}/verify`, me.access_token, {
    challenge_id: c.id,
    code: "123456",
  });
  assert.equal(mixed.status, 422);
  const [row] = await api.sql`select status from mfa_factors where id = ${factor.id}`;
  assert.equal(row!.status, "unverified");
});

test("the factor routes are documented in the OpenAPI document", async () => {
  const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
    await api.fetch("/api/openapi.json"),
  );
  assert.ok(doc.paths["/api/auth/factors"]?.post);
  assert.ok(doc.paths["/api/auth/factors/{factorId}"]?.delete);
  assert.ok(doc.paths["/api/auth/factors/{factorId}/challenge"]?.post);
  assert.ok(doc.paths["/api/auth/factors/{factorId}/verify"]?.post);
});

test("removing a verified factor needs fresh proof (password or code) and can end the other sessions", async () => {
  const { me, factor, secret, aal2 } = await userWithTotp();
  const del = (body?: unknown) =>
    call("DELETE", `/api/auth/factors/${factor.id}`, aal2.access_token, body);
  const still = async () =>
    (await api.sql`select 1 from mfa_factors where id = ${factor.id}`).length === 1;

  // An aal2 access token alone (stolen, say) is not enough.
  const bare = await del();
  assert.equal(bare.status, 403);
  assert.deepEqual(await errorOf(bare), {
    code: "reauthentication_required",
    message: "Confirm with your password or a code from your authenticator app",
  });
  const wrongPassword = await del({ password: "not-the-password" });
  assert.equal(wrongPassword.status, 400);
  assert.equal((await errorOf(wrongPassword)).code, "wrong_password");
  const wrongCode = await del({ code: "000000" === codeAt(secret, 0) ? "111111" : "000000" });
  assert.equal(wrongCode.status, 422);
  assert.equal((await errorOf(wrongCode)).code, "mfa_verification_failed");
  const both = await del({ password: me.password, code: "123456" });
  assert.equal(both.status, 422);
  assert.equal((await errorOf(both)).code, "validation_error");
  assert.ok(await still(), "nothing was removed");

  // A current code proves it; the other sessions end with it when asked.
  const other = await passwordSignIn(me.user.email);
  await awayFromBoundary();
  const ok = await del({ code: codeAt(secret, 0), end_other_sessions: true });
  assert.equal(ok.status, 204, await ok.clone().text());
  assert.equal(await still(), false);
  assert.equal((await call("GET", "/api/auth/user", other.access_token)).status, 401);
  assert.equal((await refreshWith(other.cookie)).status, 401);
  assert.equal((await call("GET", "/api/auth/user", aal2.access_token)).status, 200);
});

test("removing a verified factor with the password keeps the other sessions unless asked", async () => {
  const { me, factor, aal2 } = await userWithTotp();
  const other = await passwordSignIn(me.user.email);
  const ok = await call("DELETE", `/api/auth/factors/${factor.id}`, aal2.access_token, {
    password: me.password,
  });
  assert.equal(ok.status, 204);
  assert.equal((await refreshWith(other.cookie)).status, 200);
});
