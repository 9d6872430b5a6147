import assert from "node:assert/strict";
import type { MailOutboxList } from "../../contracts/mail-outbox.ts";
import { errorOf, json, makeAdmin, signUpAndIn, startTestApi, test } from "../platform/testing.ts";
import { enqueueMail } from "./outbox.ts";

test("GET /api/admin/mail-outbox: admins only, newest first, paged, filtered by state", async () => {
  const api = await startTestApi();
  try {
    const customer = await signUpAndIn(api);
    const admin = await signUpAndIn(api);
    await makeAdmin(api, admin.user.id);
    // Sign-up queued one verification mail each; add five more.
    for (let i = 0; i < 5; i++) {
      await enqueueMail(api.sql, {
        kind: "test",
        to: `m${i}@example.com`,
        dedupeKey: `admin-list-${i}`,
        subject: `Mail ${i}`,
        text: "t",
        html: "<p>t</p>",
      });
    }
    await api.sql`update mail_outbox set state = 'failed', last_error = 'No such user here'
      where dedupe_key = 'admin-list-1'`;
    // All five within one millisecond, 100 µs apart: the cursor must keep the microseconds.
    await api.sql`update mail_outbox set created_at = date_trunc('second', now()) + interval '1 hour'
      + (1 + substring(dedupe_key from 'admin-list-([0-9])')::int) * interval '100 microseconds'
      where dedupe_key like 'admin-list-%'`;

    assert.equal((await api.fetch("/api/admin/mail-outbox")).status, 401);
    const forbidden = await api.fetch("/api/admin/mail-outbox", { token: customer.access_token });
    assert.equal(forbidden.status, 403);
    assert.equal((await errorOf(forbidden)).message, "Admin access required");

    const get = async (query: string) => {
      const res = await api.fetch(`/api/admin/mail-outbox${query}`, { token: admin.access_token });
      assert.equal(res.status, 200);
      return await json<MailOutboxList>(res);
    };
    const first = await get("?limit=4");
    assert.equal(first.mails.length, 4);
    assert.deepEqual(
      first.mails.map((m) => m.subject),
      ["Mail 4", "Mail 3", "Mail 2", "Mail 1"],
    );
    assert.ok(first.next_cursor);
    const second = await get(`?limit=4&cursor=${first.next_cursor}`);
    assert.equal(second.mails.length, 3);
    assert.equal(second.next_cursor, null);
    const all = [...first.mails, ...second.mails];
    assert.equal(new Set(all.map((m) => m.id)).size, 7);
    assert.ok(
      all.some((m) => m.kind === "email_verification" && m.to_address === customer.user.email),
    );

    const failed = await get("?state=failed");
    assert.deepEqual(
      failed.mails.map((m) => [m.subject, m.state, m.last_error]),
      [["Mail 1", "failed", "No such user here"]],
    );
    const badCursor = await api.fetch("/api/admin/mail-outbox?cursor=abc", {
      token: admin.access_token,
    });
    assert.equal(badCursor.status, 422);
    const badState = await api.fetch("/api/admin/mail-outbox?state=lost", {
      token: admin.access_token,
    });
    assert.equal(badState.status, 422);
  } finally {
    await api.close();
  }
});
