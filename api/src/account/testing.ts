import assert from "node:assert/strict";
import type { AccountRole } from "../../contracts/members.ts";
import { linkIn, recipientOf, type TestSmtp } from "../mail/testing.ts";
import type { Caller, TestApi } from "../platform/testing.ts";

/** A signed-in person with their address, as signUpAndIn() returns one. */
type Person = Caller & { user: { email: string } };

/**
 * Invites `email` into the account `owner`'s session acts on, the way an owner does, and returns
 * the token of the link mailed to them. The invitation mail is taken out of `smtp.messages`, so a
 * test waiting for the next mail to that address does not find this one. The API must send mail
 * to `smtp` and have PUBLIC_URL http://portal.test.
 */
export async function invitationToken(
  api: TestApi,
  smtp: TestSmtp,
  owner: Caller,
  email: string,
  role: AccountRole,
): Promise<string> {
  const res = await api.fetch("/api/account/members/invitations", {
    method: "POST",
    token: owner.access_token,
    json: { email, role },
  });
  assert.equal(res.status, 201, await res.clone().text());
  await res.body?.cancel();
  const mail = await smtp.waitFor(
    (m) => recipientOf(m) === email.toLowerCase() && /invit/i.test(m.subject ?? ""),
  );
  smtp.messages.splice(smtp.messages.indexOf(mail), 1);
  return new URL(linkIn(mail, "http://portal.test/settings?invitation=")).searchParams.get(
    "invitation",
  )!;
}

/**
 * `member` joins the account `owner`'s session acts on with `role` through the mailed invitation;
 * with `switchTo`, their session then acts on it (as the top bar's account switcher does).
 * Answers the account's id.
 */
export async function joinAccount(
  api: TestApi,
  smtp: TestSmtp,
  owner: Caller,
  member: Person,
  role: AccountRole,
  { switchTo = false } = {},
): Promise<string> {
  const token = await invitationToken(api, smtp, owner, member.user.email, role);
  const accepted = await api.fetch("/api/invitations/accept", {
    method: "POST",
    token: member.access_token,
    json: { token },
  });
  assert.equal(accepted.status, 200, await accepted.clone().text());
  const { account_id } = (await accepted.json()) as { account_id: string };
  if (switchTo) {
    const switched = await api.fetch("/api/account/accounts/switch", {
      method: "POST",
      token: member.access_token,
      json: { account_id },
    });
    assert.equal(switched.status, 204, await switched.clone().text());
    await switched.body?.cancel();
  }
  return account_id;
}
