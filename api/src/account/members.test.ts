import assert from "node:assert/strict";
import type { CreatedApiToken } from "../../contracts/api-tokens.ts";
import type { AccountList, AccountRole, MemberList } from "../../contracts/members.ts";
import { roleAllows, scopeAllows } from "../auth/token-scopes.ts";
import { recipientOf, startTestSmtp } from "../mail/testing.ts";
import {
  buyProduct,
  errorOf,
  json,
  makeAdmin,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { invitationToken, joinAccount } from "./testing.ts";

/**
 * Team members: invitations by mail, roles enforced by the API on every route of the OpenAPI
 * document (one table with the token scopes), another account's ids a 404 everywhere, at least
 * one owner, every change audited and mailed to the owners.
 */

const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({
  SMTP_URL: smtp.url,
  PUBLIC_URL: "http://portal.test",
  AUTH_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
  API_TOKEN_RATE_LIMIT_PER_MINUTE: "100000",
});
globalThis.addEventListener("unload", () => {
  void api.close();
  void smtp.stop();
});

type Who = Awaited<ReturnType<typeof signUpAndIn>>;

const [vps] = await api.sql<{ id: string }[]>`
  insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
  values ('Team VPS', '7.50', '2 vCores', '4 GB', '80 GB NVMe', '1 Gbit/s', 'Always-on', 'vps')
  returning id`;

const post = (path: string, token: string, body?: unknown) =>
  api.fetch(path, { method: "POST", token, json: body ?? {} });

const invite = (owner: Who, email: string, role: AccountRole) =>
  invitationToken(api, smtp, owner, email, role);
/** `member` joins the account `owner`'s session acts on with `role` and switches to it. */
const join = async (owner: Who, member: Who, role: AccountRole) => {
  await joinAccount(api, smtp, owner, member, role, { switchTo: true });
};

test("members: invited by mail with a single-use link valid 7 days, accepted once, listed; every change audited and mailed to the owners", async () => {
  const owner = await signUpAndIn(api);
  const member = await signUpAndIn(api);
  const stranger = await signUpAndIn(api);
  const token = await invite(owner, member.user.email, "technical");
  const [row] = await api.sql<{ expires_in: number; token_hash: Uint8Array }[]>`
    select extract(epoch from expires_at - created_at)::int as expires_in, token_hash
    from account_invitations where account_id = ${owner.user.id}`;
  assert.equal(row!.expires_in, 7 * 24 * 3600);
  assert.notEqual(new TextDecoder().decode(row!.token_hash), token);

  const preview = await api.fetch("/api/invitations/preview", { method: "POST", json: { token } });
  assert.equal(preview.status, 200);
  assert.equal((await json<{ role: string }>(preview)).role, "technical");
  // Sent to another address: a stranger holding the link cannot use it (and it stays usable).
  const wrong = await post("/api/invitations/accept", stranger.access_token, { token });
  assert.equal(wrong.status, 403);
  await wrong.body?.cancel();
  const ok = await post("/api/invitations/accept", member.access_token, { token });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { account_id: owner.user.id, role: "technical" });
  const again = await post("/api/invitations/accept", member.access_token, { token });
  assert.equal(again.status, 400);
  assert.equal((await errorOf(again)).code, "invitation_invalid");

  // The member's own account stays theirs; the switcher lists both.
  const accounts = await json<{ accounts: { id: string; role: string; active: boolean }[] }>(
    await api.fetch("/api/account/accounts", { token: member.access_token }),
  );
  assert.deepEqual(
    accounts.accounts.map((a) => [a.id, a.role, a.active]),
    [
      [member.user.id, "owner", true],
      [owner.user.id, "technical", false],
    ],
  );
  const list = await json<MemberList>(
    await api.fetch("/api/account/members", { token: owner.access_token }),
  );
  assert.deepEqual(
    list.members.map((m) => [m.user_id, m.role]),
    [
      [owner.user.id, "owner"],
      [member.user.id, "technical"],
    ],
  );

  const changed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "PATCH",
    token: owner.access_token,
    json: { role: "billing" },
  });
  assert.equal(changed.status, 200);
  await changed.body?.cancel();
  const removed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "DELETE",
    token: owner.access_token,
  });
  assert.equal(removed.status, 204);
  const audit = await api.sql<{ action: string; actor_id: string }[]>`
    select action, actor_id from audit_log where entity = 'account' and entity_id = ${owner.user.id}
      and action like 'account.member.%' order by id`;
  assert.deepEqual(
    audit.map((a) => a.action),
    [
      "account.member.invite",
      "account.member.join",
      "account.member.role",
      "account.member.remove",
    ],
  );
  // Each change mailed the owner (the removed member is told too).
  const notices = await api.sql<{ to_address: string }[]>`
    select to_address from mail_outbox where kind = 'account_members_changed'
      and to_address = ${owner.user.email}`;
  assert.equal(notices.length, 4);
  await smtp.waitFor(
    (m) =>
      recipientOf(m) === member.user.email &&
      m.subject === `Members of ${owner.user.username} changed`,
  );
});

test("members: an account keeps at least one owner, also when two owners demote each other at once", async () => {
  const a = await signUpAndIn(api);
  const b = await signUpAndIn(api);
  await join(a, b, "owner");
  const leave = await post("/api/account/members/leave", a.access_token);
  assert.equal(leave.status, 204);
  // b is the last owner now.
  const last = await post("/api/account/members/leave", b.access_token);
  assert.equal(last.status, 409);
  assert.equal((await errorOf(last)).message, "An account needs at least one owner");

  const c = await signUpAndIn(api);
  await join(b, c, "owner");
  for (let round = 0; round < 5; round++) {
    const [x, y] = await Promise.all([
      api.fetch(`/api/account/members/${c.user.id}`, {
        method: "PATCH",
        token: b.access_token,
        json: { role: "read_only" },
      }),
      api.fetch(`/api/account/members/${b.user.id}`, {
        method: "PATCH",
        token: c.access_token,
        json: { role: "read_only" },
      }),
    ]);
    await x.body?.cancel();
    await y.body?.cancel();
    const [{ owners }] = await api.sql<{ owners: number }[]>`
      select count(*)::int as owners from account_members where account_id = ${a.user.id} and role = 'owner'`;
    assert.ok(owners >= 1, `round ${round}: ${x.status} ${y.status}`);
    // Make both owners again for the next round (as the one still owner).
    await api.sql`update account_members set role = 'owner' where account_id = ${a.user.id}
      and user_id in (${b.user.id}, ${c.user.id})`;
  }
  // The database refuses it too, whatever the code path.
  await assert.rejects(
    api.sql`update account_members set role = 'billing' where account_id = ${a.user.id}`,
    /would have no owner/,
  );
});

/** A value for a parameter or body schema of the OpenAPI document. */
type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  items?: Schema;
  minimum?: number;
  pattern?: string;
};
function sample(schema: Schema | undefined, name = ""): unknown {
  if (!schema) return "x";
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length)
    return sample(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k)]),
    );
  if (type === "array") return [sample(schema.items, name)];
  if (type === "integer" || type === "number") return Math.max(schema.minimum ?? 1, 1);
  if (type === "boolean") return true;
  if (schema.format === "uuid") return crypto.randomUUID();
  if (name.includes("email")) return `someone${Date.now()}@example.com`;
  if (name === "ip") return "192.0.2.10";
  if (name === "hostname") return "host.example.com";
  if (name.includes("amount") || name.includes("price")) return "10.00";
  if (name === "month" || schema.pattern?.includes("\\d{4}")) return "2026-01";
  return "valid text";
}

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; schema: Schema; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, string[]>[];
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const document = async () => await json<Doc>(await api.fetch("/api/openapi.json"));

/** Every operation a customer's session may call (no admin, no public route). */
async function customerOperations() {
  const ops: { method: string; template: string; op: Operation }[] = [];
  for (const [template, methods] of Object.entries((await document()).paths)) {
    if (template.startsWith("/api/admin")) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!op.security?.some((s) => "bearerAuth" in s)) continue;
      ops.push({ method: method.toUpperCase(), template, op });
    }
  }
  return ops;
}

function requestOf(
  template: string,
  op: Operation,
  idFor: (name: string) => string = () => crypto.randomUUID(),
) {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = op.parameters?.find((x) => x.in === "path" && x.name === name);
    return encodeURIComponent(
      p?.schema.enum?.length
        ? String(p.schema.enum[0])
        : p?.schema.format === "uuid" || /id$/i.test(name)
          ? idFor(name)
          : String(sample(p?.schema, name)),
    );
  });
  const query = (op.parameters ?? [])
    .filter((p) => p.in === "query" && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`)
    .join("&");
  const body = op.requestBody?.content["application/json"]?.schema;
  return { path: query ? `${path}?${query}` : path, body: body ? sample(body) : undefined };
}

/** What the caller got: `refused` when the answer is the role's or the scope's 403. */
async function call(token: string, method: string, path: string, body: unknown) {
  const res = await api.fetch(path, {
    method,
    token,
    json: body,
    headers: { "idempotency-key": crypto.randomUUID(), accept: "application/json" },
  });
  if (res.status !== 403) {
    await res.body?.cancel();
    return { status: res.status, refused: false, code: "" };
  }
  const { code } = await errorOf(res);
  return { status: 403, refused: code === "account_role" || code === "token_scope", code };
}

// Ending the session or the account would turn the later cases into 401s or 403s.
const SKIP = new Set([
  "signOut",
  "leaveAccount",
  "endOtherSessions",
  "endSession",
  "switchAccount",
]);

test("members: for each role and each token scope, every operation of the OpenAPI document answers 403 exactly when the role table says so", async () => {
  const owner = await signUpAndIn(api);
  const members: Record<AccountRole, Who> = {
    owner,
    billing: await signUpAndIn(api),
    technical: await signUpAndIn(api),
    read_only: await signUpAndIn(api),
  };
  for (const role of ["billing", "technical", "read_only"] as const)
    await join(owner, members[role], role);
  const tokens: Record<string, string> = {};
  for (const scope of ["read_only", "technical", "billing", "full"]) {
    const res = await post("/api/account/api-tokens", owner.access_token, { name: scope, scope });
    assert.equal(res.status, 201);
    tokens[scope] = (await json<CreatedApiToken>(res)).token;
  }
  const ops = (await customerOperations()).filter(({ op }) => !SKIP.has(op.operationId));
  assert.ok(ops.length > 40, `${ops.length} operations`);
  const wrong: string[] = [];
  for (const { method, template, op } of ops) {
    const { path, body } = requestOf(template, op);
    const bare = path.split("?")[0]!;
    for (const [role, who] of Object.entries(members) as [AccountRole, Who][]) {
      const got = await call(who.access_token, method, path, body);
      if (got.refused === roleAllows(role, method, bare))
        wrong.push(`role ${role}: ${op.operationId} ${method} ${path} → ${got.status}`);
    }
    for (const [scope, token] of Object.entries(tokens)) {
      const got = await call(token, method, path, body);
      if (got.refused === scopeAllows(scope as never, method, bare))
        wrong.push(`token ${scope}: ${op.operationId} ${method} ${path} → ${got.status}`);
    }
  }
  assert.deepEqual(wrong, []);

  // The table itself, for the operations that matter most (what the note's role table says).
  const table: [string, string, AccountRole[]][] = [
    ["GET", "/api/services", ["owner", "billing", "technical", "read_only"]],
    ["POST", "/api/services/x/actions/restart", ["owner", "technical"]],
    ["POST", "/api/services/x/plan-change", ["owner", "billing"]],
    ["POST", "/api/services/x/cancellation", ["owner", "billing"]],
    ["DELETE", "/api/services/x/cancellation", ["owner", "billing"]],
    ["POST", "/api/billing/orders", ["owner", "billing"]],
    ["POST", "/api/shop/orders", ["owner", "billing"]],
    ["PUT", "/api/account/billing-details", ["owner", "billing"]],
    ["GET", "/api/invoices", ["owner", "billing", "technical", "read_only"]],
    ["POST", "/api/support/tickets", ["owner", "billing", "technical"]],
    ["GET", "/api/account/members", ["owner", "billing", "technical", "read_only"]],
    ["POST", "/api/account/members/invitations", ["owner"]],
    ["PATCH", "/api/account/members/x", ["owner"]],
    ["DELETE", "/api/account/members/x", ["owner"]],
    ["POST", "/api/account/members/leave", ["owner", "billing", "technical", "read_only"]],
    ["GET", "/api/account/api-tokens", ["owner"]],
    ["POST", "/api/account/api-tokens", ["owner"]],
    ["PUT", "/api/auth/password", ["owner", "billing", "technical", "read_only"]],
  ];
  for (const [method, path, allowed] of table)
    for (const role of ["owner", "billing", "technical", "read_only"] as const)
      assert.equal(
        roleAllows(role, method, path),
        allowed.includes(role),
        `${role} ${method} ${path}`,
      );
});

test("members: a plan change or cancellation moves money: owners and billing members (and full or billing tokens) only, never technical or read-only", async () => {
  const owner = await signUpAndIn(api);
  const billing = await signUpAndIn(api);
  const technical = await signUpAndIn(api);
  const readOnly = await signUpAndIn(api);
  await join(owner, billing, "billing");
  await join(owner, technical, "technical");
  await join(owner, readOnly, "read_only");
  const tokens: Record<string, string> = {};
  for (const scope of ["read_only", "technical", "billing", "full"]) {
    const res = await post("/api/account/api-tokens", owner.access_token, { name: scope, scope });
    tokens[scope] = (await json<CreatedApiToken>(res)).token;
  }
  const id = crypto.randomUUID();
  const calls: [string, string, unknown][] = [
    ["POST", `/api/services/${id}/plan-change`, { product_id: vps!.id }],
    ["POST", `/api/services/${id}/cancellation`, { mode: "now", reason: "other" }],
    ["DELETE", `/api/services/${id}/cancellation`, undefined],
  ];
  const refused: string[] = [];
  const callers: [string, string][] = [
    ["owner", owner.access_token],
    ["billing", billing.access_token],
    ["technical", technical.access_token],
    ["read_only", readOnly.access_token],
    ...Object.entries(tokens).map(([scope, t]): [string, string] => [`token ${scope}`, t]),
  ];
  for (const [method, path, body] of calls)
    for (const [who, token] of callers)
      if ((await call(token, method, path, body)).refused) refused.push(`${who} ${method} ${path}`);
  assert.deepEqual(
    refused,
    calls.flatMap(([method, path]) =>
      ["technical", "read_only", "token read_only", "token technical"].map(
        (who) => `${who} ${method} ${path}`,
      ),
    ),
  );
  // Restarting a server stays the technical member's.
  assert.equal(roleAllows("technical", "POST", `/api/services/${id}/actions/restart`), true);
});

test("members: a removed or leaving member's API tokens of the account are revoked with the membership, audited, and the mail says so", async () => {
  const owner = await signUpAndIn(api);
  const removed = await signUpAndIn(api);
  const leaver = await signUpAndIn(api);
  await join(owner, removed, "owner");
  await join(owner, leaver, "owner");
  const make = async (who: Who, name: string) => {
    const res = await post("/api/account/api-tokens", who.access_token, { name, scope: "full" });
    assert.equal(res.status, 201, await res.clone().text());
    return (await json<CreatedApiToken>(res)).token;
  };
  const ownersToken = await make(owner, "owner script");
  const removedTokens = [await make(removed, "deploy bot"), await make(removed, "backup cron")];
  const leaversToken = await make(leaver, "leaver script");
  // The removed member's token in their own account is not the shared account's: it stays.
  const switched = await post("/api/account/accounts/switch", removed.access_token, {
    account_id: removed.user.id,
  });
  assert.equal(switched.status, 204);
  const ownAccount = await make(removed, "own");
  const status = async (token: string) => {
    const res = await api.fetch("/api/services", { token });
    await res.body?.cancel();
    return res.status;
  };
  assert.equal(await status(removedTokens[0]!), 200);

  const gone = await api.fetch(`/api/account/members/${removed.user.id}`, {
    method: "DELETE",
    token: owner.access_token,
  });
  assert.equal(gone.status, 204, await gone.clone().text());
  const left = await post("/api/account/members/leave", leaver.access_token);
  assert.equal(left.status, 204, await left.clone().text());

  assert.deepEqual(
    await Promise.all([...removedTokens, leaversToken, ownersToken].map(status)),
    [401, 401, 401, 200],
  );
  const audit = await api.sql<{ actor_id: string; before: { name: string } }[]>`
    select actor_id, before from audit_log
    where action = 'api_token.revoke' and entity_id::uuid in (
      select id from api_tokens where account_id = ${owner.user.id})
    order by before ->> 'name'`;
  assert.deepEqual(
    audit.map((a) => [a.before.name, a.actor_id]),
    [
      ["backup cron", owner.user.id],
      ["deploy bot", owner.user.id],
      ["leaver script", leaver.user.id],
    ],
  );
  // The mail to the owner and to the removed person names the revoked tokens.
  for (const to of [owner.user.email, removed.user.email])
    await smtp.waitFor(
      (m) =>
        recipientOf(m) === to.toLowerCase() &&
        (m.text ?? "").includes(
          "The API tokens they made for it were revoked: backup cron, deploy bot.",
        ),
    );
  await smtp.waitFor(
    (m) =>
      recipientOf(m) === owner.user.email.toLowerCase() &&
      (m.text ?? "").includes(
        "left the account. The API tokens they made for it were revoked: leaver script.",
      ),
  );
  // Their membership of their own account keeps its token.
  assert.equal(await status(ownAccount), 200);
});

test("members: a token is held to its maker's role now: a demoted owner's full token writes no more than their new role, and regains it with the role", async () => {
  const owner = await signUpAndIn(api);
  const member = await signUpAndIn(api);
  await join(owner, member, "owner");
  const made = await post("/api/account/api-tokens", member.access_token, {
    name: "deploy bot",
    scope: "full",
  });
  assert.equal(made.status, 201, await made.clone().text());
  const { token } = await json<CreatedApiToken>(made);
  const setRole = async (role: AccountRole) => {
    const res = await api.fetch(`/api/account/members/${member.user.id}`, {
      method: "PATCH",
      token: owner.access_token,
      json: { role },
    });
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  };
  // A write the full scope allows and a read-only member may not make.
  const writeStatus = async () => {
    const res = await api.fetch("/api/account/billing-details", {
      method: "PUT",
      token,
      json: { name: "Dee Moted", address: "Hauptstr. 1, Berlin", country: "DE" },
    });
    const body = await res.text();
    return { status: res.status, body };
  };
  const reads = async () => {
    const res = await api.fetch("/api/services", { token });
    await res.body?.cancel();
    return res.status;
  };
  assert.equal((await writeStatus()).status, 200);

  await setRole("read_only");
  const refused = await writeStatus();
  assert.equal(refused.status, 403, refused.body);
  assert.equal(JSON.parse(refused.body).error.code, "account_role");
  assert.equal(await reads(), 200);

  await setRole("owner");
  assert.equal((await writeStatus()).status, 200);
});

test("members: an account sends at most 20 invitations an hour (withdrawn ones count): the next is a 429 with its message and Retry-After", async () => {
  const owner = await signUpAndIn(api);
  const stamp = Date.now();
  for (let i = 0; i < 20; i++) {
    const res = await post("/api/account/members/invitations", owner.access_token, {
      email: `hourly${stamp}-${i}@example.com`,
      role: "read_only",
    });
    assert.equal(res.status, 201, await res.clone().text());
    const { id } = await json<{ id: string }>(res);
    if (i === 0) {
      const withdrawn = await api.fetch(`/api/account/members/invitations/${id}`, {
        method: "DELETE",
        token: owner.access_token,
      });
      assert.equal(withdrawn.status, 204);
    }
  }
  const refused = await post("/api/account/members/invitations", owner.access_token, {
    email: `hourly${stamp}-20@example.com`,
    role: "read_only",
  });
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get("retry-after")) > 3000);
  assert.deepEqual(await errorOf(refused), {
    code: "rate_limited",
    message: "At most 20 invitations can be sent per hour. Please try again later.",
  });
  const [{ open }] = await api.sql<{ open: number }[]>`
    select count(*)::int as open from account_invitations where account_id = ${owner.user.id}`;
  assert.equal(open, 20);
  // An hour later the account may invite again.
  await api.sql`update account_invitations set created_at = created_at - interval '61 minutes'
    where account_id = ${owner.user.id}`;
  const later = await post("/api/account/members/invitations", owner.access_token, {
    email: `hourly${stamp}-20@example.com`,
    role: "read_only",
  });
  assert.equal(later.status, 201, await later.clone().text());
  await later.body?.cancel();
});

test("members: the profile names the account the session acts on and the caller's role there, for the pages", async () => {
  const owner = await signUpAndIn(api);
  const member = await signUpAndIn(api);
  const profile = async (who: Who) =>
    await json<{ account_id: string | null; role: string | null }>(
      await api.fetch("/api/account/profile", { token: who.access_token }),
    );
  const own = await profile(member);
  assert.deepEqual([own.account_id, own.role], [member.user.id, "owner"]);
  await join(owner, member, "technical");
  const now = await profile(member);
  assert.equal(now.account_id, owner.user.id);
  assert.equal(now.role, "technical");
  const changed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "PATCH",
    token: owner.access_token,
    json: { role: "read_only" },
  });
  assert.equal(changed.status, 200);
  await changed.body?.cancel();
  assert.equal((await profile(member)).role, "read_only");
  const removed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "DELETE",
    token: owner.access_token,
  });
  assert.equal(removed.status, 204);
  assert.deepEqual(
    [(await profile(member)).account_id, (await profile(member)).role],
    [null, null],
  );
});

test("members: an admin cannot delete a founder whose account has other members (409), only once they are gone", async () => {
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const founder = await signUpAndIn(api);
  const member = await signUpAndIn(api);
  await join(founder, member, "billing");
  const refused = await api.fetch(`/api/admin/users/${founder.user.id}`, {
    method: "DELETE",
    token: admin.access_token,
  });
  assert.equal(refused.status, 409);
  assert.deepEqual(await errorOf(refused), {
    code: "conflict",
    message:
      "This user's account has other members. Remove them from it first, so that nobody loses the account they work in.",
  });
  const [still] = await api.sql<{ n: number }[]>`
    select count(*)::int as n from account_members where account_id = ${founder.user.id}`;
  assert.equal(still!.n, 2);
  const removed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "DELETE",
    token: founder.access_token,
  });
  assert.equal(removed.status, 204);
  const deleted = await api.fetch(`/api/admin/users/${founder.user.id}`, {
    method: "DELETE",
    token: admin.access_token,
  });
  assert.equal(deleted.status, 204, await deleted.clone().text());
});

test("members: an account whose founder an admin suspends is suspended for its members too: they read it, write to support and leave it, nothing else, by session and by token, until the founder is active again", async () => {
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const founder = await signUpAndIn(api);
  const member = await signUpAndIn(api);
  await join(founder, member, "owner");
  await setCredits(api.sql, founder.user.id, "50.00");
  const made = await post("/api/account/api-tokens", member.access_token, {
    name: "billing bot",
    scope: "full",
  });
  assert.equal(made.status, 201, await made.clone().text());
  const { token } = await json<CreatedApiToken>(made);
  const setFounderStatus = async (status: "active" | "suspended") => {
    const res = await api.fetch(`/api/admin/users/${founder.user.id}/status`, {
      method: "PUT",
      token: admin.access_token,
      json: { status },
    });
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  };
  const buy = (bearer: string) => buyProduct(api, bearer, vps!.id, crypto.randomUUID());
  const status = async (res: Response) => {
    await res.body?.cancel();
    return res.status;
  };
  // What the member's account list says of each account (the portal's banner reads it).
  const suspendedFlags = async () => {
    const res = await api.fetch("/api/account/accounts", { token: member.access_token });
    assert.equal(res.status, 200);
    const { accounts } = await json<AccountList>(res);
    return Object.fromEntries(accounts.map((a) => [a.id, a.suspended]));
  };
  // Before: the member buys with the account's credits (one read of the session, now cached).
  assert.equal(await status(await buy(member.access_token)), 201);
  assert.deepEqual(await suspendedFlags(), {
    [member.user.id]: false,
    [founder.user.id]: false,
  });

  await setFounderStatus("suspended");
  assert.deepEqual(await suspendedFlags(), {
    [member.user.id]: false,
    [founder.user.id]: true,
  });
  for (const bearer of [member.access_token, token]) {
    const refused = await buy(bearer);
    assert.equal(refused.status, 403);
    assert.deepEqual(await errorOf(refused), {
      code: "account_suspended",
      message:
        "This account is suspended: its services and orders can be viewed, and support reached, but nothing can be changed",
    });
    assert.equal(await status(await api.fetch("/api/services", { token: bearer })), 200);
    assert.equal(await status(await api.fetch("/api/shop/orders", { token: bearer })), 200);
  }
  const billing = await api.fetch("/api/account/billing-details", {
    method: "PUT",
    token: member.access_token,
    json: { name: "Acme", address: "Hauptstr. 1, Berlin", country: "DE" },
  });
  assert.equal(billing.status, 403);
  assert.equal((await errorOf(billing)).code, "account_suspended");
  const ticket = await post("/api/support/tickets", member.access_token, {
    subject: "Why is our account suspended?",
    category: "billing",
    message: "Please tell us what to do.",
  });
  assert.equal(ticket.status, 201, await ticket.clone().text());
  await ticket.body?.cancel();
  const [{ credits }] = await api.sql<[{ credits: string }]>`
    select credits::text from profiles where id = ${founder.user.id}`;
  assert.equal(credits, "42.50");

  await setFounderStatus("active");
  assert.equal((await suspendedFlags())[founder.user.id], false);
  assert.equal(await status(await buy(member.access_token)), 201);
  assert.equal(await status(await buy(token)), 201);
  assert.equal(await status(await post("/api/account/members/leave", member.access_token)), 204);
});

test("members: another account's ids answer 404 on every route of the OpenAPI document, for an owner of another account", async () => {
  const victim = await signUpAndIn(api);
  const victimMember = await signUpAndIn(api);
  await join(victim, victimMember, "billing");
  await setCredits(api.sql, victim.user.id, "500.00");
  // What account B has: a service, an order, a ticket, a transaction, an invoice, a token, an invitation.
  const product = vps;
  const bought = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: victim.access_token,
    json: { product_id: product!.id },
    headers: { "idempotency-key": crypto.randomUUID() },
  });
  assert.equal(bought.status, 201, await bought.clone().text());
  await bought.body?.cancel();
  const ticket = await post("/api/support/tickets", victim.access_token, {
    category: "technical",
    subject: "help",
    message: "please",
    service_id: null,
  });
  await ticket.body?.cancel();
  await post("/api/account/api-tokens", victim.access_token, { name: "b", scope: "full" });
  await invite(victim, `pending${Date.now()}@example.com`, "read_only");
  const ids = (
    await api.sql<{ id: string }[]>`
      select id from services where user_id = ${victim.user.id}
      union all select id from orders where user_id = ${victim.user.id}
      union all select id from transactions where user_id = ${victim.user.id}
      union all select id from invoices where user_id = ${victim.user.id}
      union all select id from support_tickets where user_id = ${victim.user.id}
      union all select id from api_tokens where account_id = ${victim.user.id}
      union all select id from account_invitations where account_id = ${victim.user.id}
      union all select user_id from account_members where account_id = ${victim.user.id}`
  ).map((r) => r.id);
  assert.ok(ids.length >= 9, `${ids.length} ids`);

  const attacker = await signUpAndIn(api);
  const ops = (await customerOperations()).filter(
    ({ template, op }) => template.includes("{") && !SKIP.has(op.operationId),
  );
  // Another account's id is answered exactly like an id that exists nowhere: a 404 where the
  // route looks the id up; where a route refuses the sampled body first (a 422), the same 422.
  const leaks: string[] = [];
  let notFound = 0;
  for (const { method, template, op } of ops) {
    const missing = requestOf(template, op);
    const baseline = (await call(attacker.access_token, method, missing.path, missing.body)).status;
    if (baseline === 404) notFound++;
    else if (template.startsWith("/api/services") || template.startsWith("/api/shop"))
      leaks.push(`${op.operationId}: a missing id answers ${baseline}, not 404`);
    for (const id of ids) {
      const { path, body } = requestOf(template, op, () => id);
      const got = await call(attacker.access_token, method, path, body);
      if (got.status !== baseline || got.status < 400)
        leaks.push(`${op.operationId} ${method} ${path} → ${got.status} (missing id: ${baseline})`);
    }
  }
  assert.deepEqual(leaks, []);
  assert.ok(notFound >= 20, `${notFound} routes answered 404`);
  // Nothing of B's changed.
  const [b] = await api.sql<{ members: number; credits: string }[]>`
    select (select count(*)::int from account_members where account_id = ${victim.user.id}) as members,
      credits::text from profiles where id = ${victim.user.id}`;
  assert.equal(b!.members, 2);
});

test("members: the admin sees an account's members", async () => {
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const owner = await signUpAndIn(api);
  const member = await signUpAndIn(api);
  await join(owner, member, "read_only");
  const res = await api.fetch(`/api/admin/accounts/${owner.user.id}/members`, {
    token: admin.access_token,
  });
  assert.equal(res.status, 200);
  const body = await json<MemberList>(res);
  assert.deepEqual(
    body.members.map((m) => [m.user_id, m.role]),
    [
      [owner.user.id, "owner"],
      [member.user.id, "read_only"],
    ],
  );
  const notAdmin = await api.fetch(`/api/admin/accounts/${owner.user.id}/members`, {
    token: owner.access_token,
  });
  assert.equal(notAdmin.status, 403);
  await notAdmin.body?.cancel();
});

test("members: two members of one account buying and topping up at once: every cent once, ledger = balance", async () => {
  const owner = await signUpAndIn(api);
  const billing = await signUpAndIn(api);
  await join(owner, billing, "billing");
  await setCredits(api.sql, owner.user.id, "100.00");
  const product = { id: vps!.id, price: "7.50" };
  const buy = async (who: Who) => {
    const res = await api.fetch("/api/shop/orders", {
      method: "POST",
      token: who.access_token,
      json: { product_id: product!.id },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    await res.body?.cancel();
    return res.status;
  };
  const topUp = async (who: Who) => {
    const created = await post("/api/billing/orders", who.access_token, { amount: "10.00" });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = await json<{ id: string }>(created);
    const approved = await post(`/api/billing/orders/${id}/sandbox-approve`, who.access_token);
    assert.equal(approved.status, 204);
    // Both members capture the same order at once: credited once.
    const captures = await Promise.all([
      post(`/api/billing/orders/${id}/capture`, owner.access_token),
      post(`/api/billing/orders/${id}/capture`, billing.access_token),
    ]);
    for (const c of captures) await c.body?.cancel();
    return captures.map((c) => c.status);
  };
  const work = [owner, billing].flatMap((who) => [
    ...Array.from({ length: 6 }, () => buy(who)),
    topUp(who),
    topUp(who),
  ]);
  const results = await Promise.all(work);
  const bought = results.filter((r) => r === 201).length;
  assert.ok(
    results.every((r) => r === 201 || r === 402 || Array.isArray(r)),
    JSON.stringify(results),
  );
  const [account] = await api.sql<
    { credits: string; ledger: string; orders: number; topups: number }[]
  >`
    select p.credits::text, p.ledger_total::text as ledger,
      (select count(*)::int from orders where user_id = p.id) as orders,
      (select count(*)::int from transactions where user_id = p.id and kind = 'topup') as topups
    from profiles p where p.id = ${owner.user.id}`;
  assert.equal(account!.orders, bought);
  assert.equal(account!.topups, 4);
  const expected = 100 + 4 * 10 - bought * Number(product!.price);
  assert.equal(Number(account!.credits), Number(expected.toFixed(2)));
  assert.equal(Number(account!.ledger), Number(account!.credits));
  // The members' own accounts were never touched.
  const [own] = await api.sql<{ credits: string }[]>`
    select credits::text from profiles where id = ${billing.user.id}`;
  assert.equal(own!.credits, "0.00");
});
