import assert from "node:assert/strict";
import type { ReadyEvent } from "../../contracts/account.ts";
import type { AdminService } from "../../contracts/admin.ts";
import {
  json,
  makeAdmin,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

interface StreamEvent {
  event: string;
  data: unknown;
}

/** Opens GET /api/events for `token`; `next()` resolves with the next event or rejects after 5 s. */
async function openEvents(api: TestApi, token: string) {
  const res = await api.fetch("/api/events", { token, headers: { accept: "text/event-stream" } });
  assert.equal(res.status, 200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pending: StreamEvent[] = [];
  async function next(): Promise<StreamEvent> {
    const timeout = AbortSignal.timeout(5_000);
    while (!pending.length) {
      const read = reader.read();
      const result = await Promise.race([
        read,
        new Promise<never>((_, reject) =>
          timeout.addEventListener("abort", () => reject(new Error("no event in 5 s"))),
        ),
      ]);
      if (result.done) throw new Error("stream ended");
      buffer += result.value;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) pending.push({ event, data: JSON.parse(data) });
      }
    }
    return pending.shift()!;
  }
  const ready = await next();
  assert.equal(ready.event, "ready");
  return { next, ready: ready.data as ReadyEvent, close: () => reader.cancel() };
}

test("events: a user's stream says when their services or orders change, and only theirs", async () => {
  const api = await startTestApi();
  try {
    const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
    await makeAdmin(api, admin.user.id);
    const customer = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    const stream = await openEvents(api, customer.access_token);

    let reseller = 4711;
    const createService = async (userId: string) => {
      const res = await api.fetch("/api/admin/services", {
        method: "POST",
        token: admin.access_token,
        json: {
          user_id: userId,
          service_type: "vps",
          ipv4: "203.0.113.7",
          ram: "4",
          cpu: "2",
          storage: "80",
          reseller_id: String(reseller++),
        },
      });
      assert.equal(res.status, 201);
      return await json<AdminService>(res);
    };

    // Another user's service says nothing on this stream: the next event is this user's own.
    await createService(other.user.id);
    const service = await createService(customer.user.id);
    assert.deepEqual(await stream.next(), { event: "changed", data: { topic: "services" } });

    const suspend = await api.fetch(`/api/admin/services/${service.id}/status`, {
      method: "PUT",
      token: admin.access_token,
      json: { status: "suspended" },
    });
    assert.equal(suspend.status, 200);
    assert.deepEqual(await stream.next(), { event: "changed", data: { topic: "services" } });

    // An order row (as the shop or the expiry job writes it) says `orders`.
    const [product] = await api.sql<{ id: string }[]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values ('Events VPS', 0, '1', '1', '10', '1 Gbit/s', 'Included', 'vps') returning id`;
    await api.sql`insert into orders (user_id, product_id, expire_date, status)
      values (${customer.user.id}, ${product!.id}, now() + interval '30 days', 'active')`;
    assert.deepEqual(await stream.next(), { event: "changed", data: { topic: "orders" } });

    // Profile changes still come as `profile` events carrying the new balance.
    await setCredits(api.sql, customer.user.id, 12.5);
    const profile = await stream.next();
    assert.equal(profile.event, "profile");
    assert.equal((profile.data as { credits: string }).credits, "12.50");
    await stream.close();
  } finally {
    await api.close();
  }
});

/** Resolves when the server ends the stream (events before the end are skipped); rejects after `ms`. */
async function closedWithin(api: TestApi, token: string, act: () => Promise<void>, ms = 5_000) {
  const res = await api.fetch("/api/events", { token, headers: { accept: "text/event-stream" } });
  assert.equal(res.status, 200);
  const reader = res.body!.getReader();
  await reader.read(); // `ready`: the stream follows the user now
  await act();
  const deadline = AbortSignal.timeout(ms);
  try {
    for (;;) {
      const result = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          deadline.addEventListener("abort", () => reject(new Error(`still open after ${ms} ms`))),
        ),
      ]);
      if (result.done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

test("events: the stream closes when its session ends: sign-out, ending the session, suspension, password change or reset", async () => {
  const api = await startTestApi();
  try {
    const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
    await makeAdmin(api, admin.user.id);

    const signedOut = await signUpAndIn(api);
    await closedWithin(api, signedOut.access_token, async () => {
      const res = await api.fetch("/api/auth/sign-out", {
        method: "POST",
        token: signedOut.access_token,
      });
      assert.equal(res.status, 204);
    });

    // Ended from another session of the same user (Settings → Sessions).
    const ended = await signUpAndIn(api);
    const elsewhere = await api.fetch("/api/auth/sign-in", {
      method: "POST",
      json: { email: ended.user.email, password: ended.password },
    });
    const other = await json<{ access_token: string }>(elsewhere);
    const sid = (token: string) =>
      JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
    await closedWithin(api, ended.access_token, async () => {
      const res = await api.fetch(`/api/auth/sessions/${sid(ended.access_token)}`, {
        method: "DELETE",
        token: other.access_token,
      });
      assert.equal(res.status, 204);
    });

    const suspended = await signUpAndIn(api);
    await closedWithin(api, suspended.access_token, async () => {
      const res = await api.fetch(`/api/admin/users/${suspended.user.id}/status`, {
        method: "PUT",
        token: admin.access_token,
        json: { status: "suspended" },
      });
      assert.equal(res.status, 200);
    });

    // Changing the password ends the other sessions: their streams close, this one's stays.
    const changed = await signUpAndIn(api);
    const second = await json<{ access_token: string }>(
      await api.fetch("/api/auth/sign-in", {
        method: "POST",
        json: { email: changed.user.email, password: changed.password },
      }),
    );
    await closedWithin(api, second.access_token, async () => {
      const res = await api.fetch("/api/auth/password", {
        method: "PUT",
        token: changed.access_token,
        json: { current_password: changed.password, new_password: "another123" },
      });
      assert.equal(res.status, 204);
    });

    const reset = await signUpAndIn(api);
    const token = crypto.randomUUID();
    await api.sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${reset.user.id}, sha256(convert_to(${token}, 'UTF8')), now() + interval '1 hour')`;
    await closedWithin(api, reset.access_token, async () => {
      const res = await api.fetch("/api/auth/password-reset/confirm", {
        method: "POST",
        json: { token, password: "another123" },
      });
      assert.equal(res.status, 204);
    });
  } finally {
    await api.close();
  }
});

test("events: `ready` says for how long none of the caller's changes was notified, so a page reads once", async () => {
  const api = await startTestApi();
  try {
    const customer = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    const first = await openEvents(api, customer.access_token);
    await first.close();
    const quiet = first.ready.quiet_ms;
    assert.equal(typeof quiet, "number");
    // Nothing of the caller's changed since the API started listening: quiet all that time.
    assert.ok(quiet! > 0, `quiet_ms ${quiet}`);
    await api.sql`update profiles set username = ${`n${crypto.randomUUID().slice(0, 8)}`}
      where id = ${other.user.id}`;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const afterOther = await openEvents(api, customer.access_token);
    await afterOther.close();
    // Another user's change is not the caller's.
    assert.ok(afterOther.ready.quiet_ms! >= quiet! + 250, JSON.stringify(afterOther.ready));
    await setCredits(api.sql, customer.user.id, 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const afterOwn = await openEvents(api, customer.access_token);
    await afterOwn.close();
    // The caller's own change was notified about 300 ms ago: a read older than that is not current.
    assert.ok(
      afterOwn.ready.quiet_ms! >= 250 && afterOwn.ready.quiet_ms! < 2_000,
      JSON.stringify(afterOwn.ready),
    );
  } finally {
    await api.close();
  }
});

test("events: the streams following an account hear `accounts` when its founder is suspended or active again, and when a membership changes", async () => {
  const api = await startTestApi();
  try {
    const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
    await makeAdmin(api, admin.user.id);
    const founder = await signUpAndIn(api);
    const member = await signUpAndIn(api);
    const newcomer = await signUpAndIn(api);
    await api.sql`insert into account_members (account_id, user_id, role)
      values (${founder.user.id}, ${member.user.id}, 'technical')`;
    const switched = await api.fetch("/api/account/accounts/switch", {
      method: "POST",
      token: member.access_token,
      json: { account_id: founder.user.id },
    });
    assert.equal(switched.status, 204);
    // The member's session acts on the founder's account; the newcomer is in their own.
    const memberStream = await openEvents(api, member.access_token);
    const newcomerStream = await openEvents(api, newcomer.access_token);
    const accounts = { event: "changed", data: { topic: "accounts" } };

    const setFounderStatus = async (status: string) => {
      const res = await api.fetch(`/api/admin/users/${founder.user.id}/status`, {
        method: "PUT",
        token: admin.access_token,
        json: { status },
      });
      assert.equal(res.status, 200, await res.clone().text());
    };
    await setFounderStatus("suspended");
    assert.deepEqual(await memberStream.next(), accounts);
    await setFounderStatus("active");
    assert.deepEqual(await memberStream.next(), accounts);

    // Added to the account: told in their own account, where their stream is, and in the account.
    await api.sql`insert into account_members (account_id, user_id, role)
      values (${founder.user.id}, ${newcomer.user.id}, 'read_only')`;
    assert.deepEqual(await newcomerStream.next(), accounts);
    assert.deepEqual(await memberStream.next(), accounts);
    await memberStream.close();
    await newcomerStream.close();
  } finally {
    await api.close();
  }
});
