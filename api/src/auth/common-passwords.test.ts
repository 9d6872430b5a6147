import assert from "node:assert/strict";
import { messages } from "../../contracts/auth.ts";
import { linkIn, recipientOf, startTestSmtp } from "../mail/testing.ts";
import {
  errorOf,
  makeAdmin,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { settlePasswordResetRequests } from "./password-reset.ts";

const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: "http://portal.test" });
globalThis.addEventListener("unload", () => {
  void settlePasswordResetRequests().then(() => api.close());
  void smtp.stop();
});

const post = (path: string, json: unknown, token?: string) =>
  api.fetch(path, { method: "POST", json, token });
const signIn = (email: string, password: string) => post("/api/auth/sign-in", { email, password });

async function assertTooCommon(res: Response) {
  assert.equal(res.status, 422);
  assert.deepEqual(await errorOf(res), {
    code: "validation_error",
    message: messages.passwordTooCommon,
  });
}

let n = 0;
const fresh = () => {
  const username = `common${Date.now() % 1e6}${n++}`;
  return { username, email: `${username}@example.com` };
};

test("sign-up refuses the most common passwords (any case) and the demo accounts' ones, and creates no account", async () => {
  for (const password of [
    "123456",
    "password",
    "Password",
    "qwerty123",
    "admin123",
    "customer123",
  ]) {
    const who = fresh();
    await assertTooCommon(await post("/api/auth/signup", { ...who, password }));
    const [row] = await api.sql<{ n: number }[]>`
      select count(*)::int as n from profiles where email = ${who.email}`;
    assert.equal(row!.n, 0, `an account was created with ${password}`);
  }
  // The SPEC's own rule still comes first, with its message.
  const short = await post("/api/auth/signup", { ...fresh(), password: "12345" });
  assert.equal((await errorOf(short)).message, messages.passwordMin);
  const ok = await post("/api/auth/signup", { ...fresh(), password: "orbit-tulip-42" });
  assert.equal(ok.status, 201);
});

test("password change refuses a common new password and keeps the old one", async () => {
  const me = await signUpAndIn(api);
  const change = (new_password: string) =>
    api.fetch("/api/auth/password", {
      method: "PUT",
      token: me.access_token,
      json: { current_password: me.password, new_password },
    });
  await assertTooCommon(await change("password1"));
  assert.equal((await signIn(me.user.email, me.password)).status, 200);
  assert.equal((await signIn(me.user.email, "password1")).status, 400);
  assert.equal((await change("quiet-harbour-77")).status, 204);
  assert.equal((await signIn(me.user.email, "quiet-harbour-77")).status, 200);
});

test("password reset refuses a common password without spending the link", async () => {
  const me = await signUpAndIn(api);
  assert.equal((await post("/api/auth/password-reset", { email: me.user.email })).status, 202);
  const mail = await smtp.waitFor(
    (m) => recipientOf(m) === me.user.email && m.subject === "Reset your Hosting Portal password",
  );
  const token = new URL(
    linkIn(mail, "http://portal.test/auth/reset-password?token="),
  ).searchParams.get("token")!;
  await assertTooCommon(
    await post("/api/auth/password-reset/confirm", { token, password: "letmein" }),
  );
  assert.equal((await signIn(me.user.email, me.password)).status, 200);
  const reset = await post("/api/auth/password-reset/confirm", {
    token,
    password: "lantern-fjord-15",
  });
  assert.equal(reset.status, 204);
  assert.equal((await signIn(me.user.email, "lantern-fjord-15")).status, 200);
});

test("an admin creating an account is held to the same list", async () => {
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const who = fresh();
  await assertTooCommon(
    await post("/api/admin/users", { ...who, password: "iloveyou" }, admin.access_token),
  );
  const created = await post(
    "/api/admin/users",
    { ...who, password: "maple-comet-58" },
    admin.access_token,
  );
  assert.equal(created.status, 201);
});
