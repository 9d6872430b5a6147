import assert from "node:assert/strict";
import type { Session } from "../../contracts/auth.ts";
import { recoveryMessages } from "../../contracts/recovery.ts";
import { linkIn, recipientOf, startTestSmtp } from "../mail/testing.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: "http://portal.test" });
globalThis.addEventListener("unload", () => {
  void api.close();
  void smtp.stop();
});

const SUBJECT = "Verify your email address for Hosting Portal";

const verificationMails = (email: string) =>
  smtp.messages.filter((m) => recipientOf(m) === email && m.subject === SUBJECT);

async function tokenFor(email: string, nth = 0) {
  await smtp.waitFor(() => verificationMails(email).length > nth);
  const link = linkIn(
    verificationMails(email)[nth]!,
    "http://portal.test/auth/verify-email?token=",
  );
  return new URL(link).searchParams.get("token")!;
}

const status = async (me: Session) =>
  await json<{ email: string; verified: boolean }>(
    await api.fetch("/api/auth/email-verification", { token: me.access_token }),
  );
const confirm = (token: string) =>
  api.fetch("/api/auth/email-verification/confirm", { method: "POST", json: { token } });

test("sign-up mails a verification link; opening it verifies the address", async () => {
  const me = await signUpAndIn(api);
  assert.deepEqual(await status(me), { email: me.user.email, verified: false });
  const token = await tokenFor(me.user.email);
  const res = await confirm(token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { email: me.user.email, verified: true });
  assert.deepEqual(await status(me), { email: me.user.email, verified: true });
  // A second click on the same link is not an error.
  assert.equal((await confirm(token)).status, 200);
});

test("the verification mail is queued in sign-up's transaction: a refused sign-up queues none", async () => {
  const me = await signUpAndIn(api);
  const res = await api.fetch("/api/auth/signup", {
    method: "POST",
    json: { username: "someoneelse", email: me.user.email, password: "tulip-orbit-42" },
  });
  assert.equal(res.status, 409);
  const [row] = await api.sql<{ n: number }[]>`
    select count(*)::int as n from mail_outbox where to_address = ${me.user.email}`;
  assert.equal(row!.n, 1);
});

test("an unknown, expired or changed-address link is refused and verifies nothing", async () => {
  const me = await signUpAndIn(api);
  const token = await tokenFor(me.user.email);
  const unknown = await confirm("not-a-token");
  assert.equal(unknown.status, 400);
  assert.deepEqual(await errorOf(unknown), {
    code: "verification_link_invalid",
    message: recoveryMessages.verificationLinkInvalid,
  });
  await api.sql`update email_verification_tokens set expires_at = now() - interval '1 second'
    where user_id = ${me.user.id}`;
  assert.equal((await confirm(token)).status, 400);
  assert.equal((await status(me)).verified, false);

  const other = await signUpAndIn(api);
  const otherToken = await tokenFor(other.user.email);
  await api.sql`update profiles set email = ${`changed-${other.user.email}`} where id = ${other.user.id}`;
  assert.equal((await confirm(otherToken)).status, 400);
  assert.equal((await status(other)).verified, false);
});

test("'Resend' mails a new link; nothing once verified; it needs a session", async () => {
  const me = await signUpAndIn(api);
  await tokenFor(me.user.email);
  const resend = () =>
    api.fetch("/api/auth/email-verification", { method: "POST", token: me.access_token });
  const res = await resend();
  assert.equal(res.status, 202);
  assert.deepEqual(await res.json(), { email: me.user.email, verified: false });
  const second = await tokenFor(me.user.email, 1);
  assert.equal((await confirm(second)).status, 200);
  const after = await resend();
  assert.deepEqual(await after.json(), { email: me.user.email, verified: true });
  await api.mail!.runOnce();
  assert.equal(verificationMails(me.user.email).length, 2);
  const anonymous = await api.fetch("/api/auth/email-verification", { method: "POST" });
  assert.equal(anonymous.status, 401);
});

test("'Resend' is rate limited per account", async () => {
  const limited = await startTestApi({ AUTH_RATE_LIMIT_PER_ACCOUNT: "2" });
  try {
    const me = await signUpAndIn(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await limited.fetch("/api/auth/email-verification", {
        method: "POST",
        token: me.access_token,
      });
      statuses.push(r.status);
      await r.body?.cancel();
    }
    assert.deepEqual(statuses, [202, 202, 429]);
  } finally {
    await limited.close();
  }
});

test("an unverified account keeps every SPEC flow: sign-in, profile, password change", async () => {
  const me = await signUpAndIn(api);
  assert.equal((await status(me)).verified, false);
  const user = await api.fetch("/api/auth/user", { token: me.access_token });
  assert.equal(user.status, 200);
  const change = await api.fetch("/api/auth/password", {
    method: "PUT",
    token: me.access_token,
    json: { current_password: me.password, new_password: "changed123" },
  });
  assert.equal(change.status, 204);
  const signIn = await api.fetch("/api/auth/sign-in", {
    method: "POST",
    json: { email: me.user.email, password: "changed123" },
  });
  assert.equal(signIn.status, 200);
});

test("a used password reset link proves the address: the account becomes verified", async () => {
  const me = await signUpAndIn(api);
  await api.fetch("/api/auth/password-reset", { method: "POST", json: { email: me.user.email } });
  const mail = await smtp.waitFor(
    (m) => recipientOf(m) === me.user.email && m.subject === "Reset your Hosting Portal password",
  );
  const token = new URL(
    linkIn(mail, "http://portal.test/auth/reset-password?token="),
  ).searchParams.get("token")!;
  const res = await api.fetch("/api/auth/password-reset/confirm", {
    method: "POST",
    json: { token, password: "after-reset" },
  });
  assert.equal(res.status, 204);
  const [row] = await api.sql<{ verified: boolean }[]>`
    select email_verified_at is not null as verified from profiles where id = ${me.user.id}`;
  assert.equal(row!.verified, true);
});
