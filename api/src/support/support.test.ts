import assert from "node:assert/strict";
import { join } from "node:path";
import type { AdminTicket, AdminTicketList, Ticket, TicketList } from "../../contracts/support.ts";
import {
  errorOf,
  json,
  makeAdmin,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { attachmentsDir, setAttachmentScanner } from "./attachments.ts";
import { autoCloseTickets } from "./tickets.service.ts";

/**
 * Support tickets over real HTTP: the customer's tickets, the staff queue, internal notes,
 * attachments on disk, mails through the outbox, the live event and the auto-close job.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);

async function setup(overrides: Record<string, string> = {}) {
  const dir = await Deno.makeTempDir({ prefix: "support-attachments-" });
  const api = await startTestApi({
    ADMIN_NOTIFY_EMAIL: "staff@example.com",
    SUPPORT_ATTACHMENTS_DIR: dir,
    ...overrides,
  });
  const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
  await makeAdmin(api, admin.user.id);
  return { api, admin, dir };
}

async function upload(api: TestApi, token: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  return api.fetch(`/api/support/attachments?name=${encodeURIComponent(name)}`, {
    method: "POST",
    token,
    headers: { "content-type": "application/octet-stream" },
    body: bytes,
  });
}

async function open(api: TestApi, token: string, extra: Record<string, unknown> = {}) {
  const res = await api.fetch("/api/support/tickets", {
    method: "POST",
    token,
    json: { subject: "Server down", category: "technical", message: "It does not boot", ...extra },
  });
  assert.equal(res.status, 201, await res.clone().text());
  return json<Ticket>(res);
}

const mailsTo = async (api: TestApi, to: string) =>
  (
    await api.sql<{ kind: string; subject: string; text_body: string }[]>`
      select kind, subject, text_body from mail_outbox where to_address = ${to} order by created_at, id`
  ).map((m) => m);

test("support: a ticket with an attachment, an internal note the customer never sees, a staff reply, close; times and mails recorded", async () => {
  const { api, admin } = await setup();
  try {
    const customer = await signUpAndIn(api);
    const up = await upload(api, customer.access_token, "screen shot.png", PNG);
    assert.equal(up.status, 201);
    const file = await json<{ id: string; content_type: string }>(up);
    assert.equal(file.content_type, "image/png");

    const ticket = await open(api, customer.access_token, { attachment_ids: [file.id] });
    assert.equal(ticket.status, "open");
    assert.equal(ticket.messages[0]!.attachments[0]!.id, file.id);
    const staffMails = await mailsTo(api, "staff@example.com");
    assert.equal(staffMails.length, 1);
    assert.match(staffMails[0]!.subject, /New support ticket/);

    const note = await api.fetch(`/api/admin/support/tickets/${ticket.id}/notes`, {
      method: "POST",
      token: admin.access_token,
      json: { message: "Customer owes us money, be careful" },
    });
    assert.equal(note.status, 201);
    const reply = await api.fetch(`/api/admin/support/tickets/${ticket.id}/replies`, {
      method: "POST",
      token: admin.access_token,
      json: { message: "<script>alert(1)</script> Rebooted it for you." },
    });
    assert.equal(reply.status, 201);
    const staffView = await json<AdminTicket>(reply);
    assert.equal(staffView.status, "waiting_customer");
    assert.ok(staffView.first_answered_at);
    assert.equal(typeof staffView.first_answer_seconds, "number");
    assert.equal(staffView.messages.filter((m) => m.internal).length, 1);
    assert.equal(staffView.customer.credits, "0.00");

    const mine = await json<Ticket>(
      await api.fetch(`/api/support/tickets/${ticket.id}`, { token: customer.access_token }),
    );
    assert.equal(mine.messages.length, 2);
    assert.ok(mine.messages.every((m) => !m.body.includes("owes us")));
    assert.ok(mine.messages.every((m) => !("internal" in m)));
    // The body is kept as written: the pages render it as text, never as HTML.
    assert.equal(mine.messages[1]!.body, "<script>alert(1)</script> Rebooted it for you.");
    const customerMails = await mailsTo(api, customer.user.email);
    assert.ok(customerMails.some((m) => m.kind === "support_reply"));
    assert.ok(customerMails.every((m) => !m.text_body.includes("owes us")));

    const back = await api.fetch(`/api/support/tickets/${ticket.id}/replies`, {
      method: "POST",
      token: customer.access_token,
      json: { message: "Thanks, works again" },
    });
    assert.equal((await json<Ticket>(back)).status, "waiting_staff");
    assert.equal((await mailsTo(api, "staff@example.com")).length, 2);

    const closed = await api.fetch(`/api/admin/support/tickets/${ticket.id}/close`, {
      method: "POST",
      token: admin.access_token,
    });
    const done = await json<AdminTicket>(closed);
    assert.equal(done.status, "closed");
    assert.equal(done.closed_by, "staff");
    assert.equal(typeof done.close_seconds, "number");
    const late = await api.fetch(`/api/support/tickets/${ticket.id}/replies`, {
      method: "POST",
      token: customer.access_token,
      json: { message: "one more" },
    });
    assert.equal(late.status, 409);
  } finally {
    await api.close();
  }
});

test("support: another customer reaches none of a customer's tickets or attachments, and customers reach no staff route", async () => {
  const { api } = await setup();
  try {
    const owner = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    const up = await json<{ id: string }>(
      await upload(api, owner.access_token, "a.txt", new TextEncoder().encode("secret log")),
    );
    const ticket = await open(api, owner.access_token, { attachment_ids: [up.id] });
    const pending = await json<{ id: string }>(
      await upload(api, owner.access_token, "b.txt", new TextEncoder().encode("unsent")),
    );
    const t = other.access_token;

    const list = await json<TicketList>(await api.fetch("/api/support/tickets", { token: t }));
    assert.equal(list.tickets.length, 0);
    for (const [method, path, body] of [
      ["GET", `/api/support/tickets/${ticket.id}`, undefined],
      ["POST", `/api/support/tickets/${ticket.id}/replies`, { message: "hi" }],
      ["POST", `/api/support/tickets/${ticket.id}/close`, undefined],
      ["GET", `/api/support/attachments/${up.id}`, undefined],
      ["GET", `/api/support/attachments/${pending.id}`, undefined],
    ] as const) {
      const res = await api.fetch(path, { method, token: t, json: body });
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    // Someone else's upload cannot be attached to one's own ticket.
    const steal = await api.fetch("/api/support/tickets", {
      method: "POST",
      token: t,
      json: { subject: "x", category: "sales", message: "y", attachment_ids: [pending.id] },
    });
    assert.equal(steal.status, 422);
    // Nor can another customer's service or order be linked.
    const [svc] = await api.sql<[{ id: string }]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      values (${owner.user.id}, 'dedicated', 'active', '10.9.9.9', 8, 4, 100, 990001) returning id`;
    const linked = await api.fetch("/api/support/tickets", {
      method: "POST",
      token: t,
      json: { subject: "x", category: "sales", message: "y", service_id: svc.id },
    });
    assert.equal(linked.status, 422);
    assert.equal(
      (await api.sql`select 1 from support_tickets where user_id = ${other.user.id}`).length,
      0,
    );
    const myList = await json<TicketList>(
      await api.fetch("/api/support/tickets", { token: owner.access_token }),
    );
    assert.deepEqual(
      myList.tickets.map((x) => x.id),
      [ticket.id],
    );
    // The staff routes refuse customers.
    for (const path of [
      "/api/admin/support/tickets",
      `/api/admin/support/tickets/${ticket.id}`,
      `/api/admin/support/attachments/${up.id}`,
      "/api/admin/support/canned-answers",
      "/api/admin/support/staff",
    ]) {
      assert.equal((await api.fetch(path, { token: owner.access_token })).status, 403, path);
    }
    for (const path of ["notes", "replies", "close"]) {
      const res = await api.fetch(`/api/admin/support/tickets/${ticket.id}/${path}`, {
        method: "POST",
        token: owner.access_token,
        json: { message: "x" },
      });
      assert.equal(res.status, 403, path);
    }
  } finally {
    await api.close();
  }
});

test("support: attachments are checked by content and size, stored outside the web root, served as downloads, and pass the scan hook", async () => {
  const { api, admin, dir } = await setup();
  try {
    const customer = await signUpAndIn(api);
    const t = customer.access_token;
    const html = await upload(
      api,
      t,
      "page.png",
      new TextEncoder().encode("<html><script>x</script>"),
    );
    assert.equal(html.status, 422);
    const binary = await upload(api, t, "x.exe", new Uint8Array([0x4d, 0x5a, 0, 1, 2, 0xff]));
    assert.equal(binary.status, 422);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(api, t, "big.png", big);
    assert.equal(tooBig.status, 413);
    assert.equal((await errorOf(tooBig)).message, "An attachment may be at most 5 MB");

    const pdf = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    const ok = await json<{ id: string }>(await upload(api, t, '../../etc/"evil".pdf', pdf));
    const stored = await Deno.readFile(join(dir, ok.id));
    assert.deepEqual(stored, pdf);
    assert.equal(attachmentsDir({ SUPPORT_ATTACHMENTS_DIR: dir, DATA_DIR: ".data" }), dir);
    const [row] = await api.sql<
      [{ file_name: string }]
    >`select file_name from support_attachments where id = ${ok.id}`;
    assert.equal(row.file_name, "evil.pdf");
    const ticket = await open(api, t, { attachment_ids: [ok.id] });
    for (const [path, token] of [
      [`/api/support/attachments/${ok.id}`, t],
      [`/api/admin/support/attachments/${ok.id}`, admin.access_token],
    ] as const) {
      const res = await api.fetch(path, { token });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "application/pdf");
      assert.match(res.headers.get("content-disposition")!, /^attachment; filename="evil.pdf"/);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), pdf);
    }
    assert.ok(ticket.id);

    setAttachmentScanner(() => Promise.resolve("infected"));
    try {
      const infected = await upload(api, t, "eicar.txt", new TextEncoder().encode("EICAR"));
      assert.equal(infected.status, 422);
      assert.equal(
        (await errorOf(infected)).message,
        "The attachment was refused by the virus scan",
      );
    } finally {
      setAttachmentScanner(null);
    }
    const files = [...Deno.readDirSync(dir)].length;
    assert.equal(files, 1);
  } finally {
    await api.close();
  }
});

test("support: a customer may open SUPPORT_TICKETS_PER_HOUR tickets an hour, then 429", async () => {
  const { api } = await setup({ SUPPORT_TICKETS_PER_HOUR: "3" });
  try {
    const customer = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.fetch("/api/support/tickets", {
          method: "POST",
          token: customer.access_token,
          json: { subject: "s", category: "billing", message: "m" },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    assert.equal(
      (await errorOf(refused)).message,
      "You have opened too many tickets recently. Please try again later.",
    );
    await open(api, other.access_token);
    // A subject is one line: it goes into mail subjects.
    const twoLines = await api.fetch("/api/support/tickets", {
      method: "POST",
      token: other.access_token,
      json: { subject: "Hi\r\nBcc: x@example.com", category: "sales", message: "m" },
    });
    assert.equal(twoLines.status, 422);
  } finally {
    await api.close();
  }
});

test("support: the staff queue filters by status, category and assignee, searches subject and email, and pages without overlap", async () => {
  const { api, admin } = await setup();
  try {
    const alice = await signUpAndIn(api, `alice${crypto.randomUUID().slice(0, 6)}`);
    const bob = await signUpAndIn(api, `bob${crypto.randomUUID().slice(0, 6)}`);
    await api.sql`
      insert into support_tickets (user_id, subject, category, status, last_activity_at, waiting_since)
      select case when g % 2 = 0 then ${alice.user.id}::uuid else ${bob.user.id}::uuid end,
        'Subject ' || g, case when g % 3 = 0 then 'billing' else 'technical' end,
        case when g % 5 = 0 then 'waiting_customer' else 'open' end,
        now() - make_interval(secs => g),
        case when g % 5 = 0 then now() end
      from generate_series(1, 120) g`;
    const get = async (qs: string) =>
      json<AdminTicketList>(
        await api.fetch(`/api/admin/support/tickets?${qs}`, { token: admin.access_token }),
      );
    const seen: string[] = [];
    let cursor = "";
    for (let i = 0; i < 10; i++) {
      const page = await get(`limit=50&cursor=${cursor}`);
      seen.push(...page.tickets.map((t) => t.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    assert.equal(seen.length, 120);
    assert.equal(new Set(seen).size, 120);
    assert.equal((await get("status=waiting_customer&limit=200")).tickets.length, 24);
    assert.equal((await get("category=billing&limit=200")).tickets.length, 40);
    assert.equal((await get(`q=${alice.user.email.slice(0, 10)}&limit=200`)).tickets.length, 60);
    assert.equal((await get("q=Subject 11&limit=200")).tickets.length, 11);
    const first = seen[0]!;
    const assigned = await api.fetch(`/api/admin/support/tickets/${first}/assignee`, {
      method: "PUT",
      token: admin.access_token,
      json: { assignee_id: admin.user.id },
    });
    assert.equal(assigned.status, 200);
    const notStaff = await api.fetch(`/api/admin/support/tickets/${first}/assignee`, {
      method: "PUT",
      token: admin.access_token,
      json: { assignee_id: alice.user.id },
    });
    assert.equal(notStaff.status, 422);
    const mine = await get(`assignee=${admin.user.id}`);
    assert.deepEqual(
      mine.tickets.map((t) => t.id),
      [first],
    );
    assert.equal((await get("assignee=none&limit=200")).tickets.length, 119);
    const bad = await api.fetch("/api/admin/support/tickets?cursor=abc", {
      token: admin.access_token,
    });
    assert.equal(bad.status, 422);

    const canned = await api.fetch("/api/admin/support/canned-answers", {
      method: "POST",
      token: admin.access_token,
      json: { title: "Reboot", body: "Please reboot the server from the service page." },
    });
    assert.equal(canned.status, 201);
    const again = await api.fetch("/api/admin/support/canned-answers", {
      method: "POST",
      token: admin.access_token,
      json: { title: "Reboot", body: "x" },
    });
    assert.equal(again.status, 409);
  } finally {
    await api.close();
  }
});

test("support: a staff reply reaches the customer's event stream; an internal note does not", async () => {
  const { api, admin } = await setup();
  try {
    const customer = await signUpAndIn(api);
    const ticket = await open(api, customer.access_token);
    const res = await api.fetch("/api/events", {
      token: customer.access_token,
      headers: { accept: "text/event-stream" },
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    // A read still pending when a wait times out is kept for the next wait: its chunk is not lost.
    let pending: ReturnType<typeof reader.read> | null = null;
    const readUntil = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && Date.now() < deadline) {
        pending ??= reader.read();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const chunk = await Promise.race([
          pending,
          new Promise<null>((r) => {
            timer = setTimeout(() => r(null), deadline - Date.now());
          }),
        ]);
        clearTimeout(timer);
        if (!chunk) break;
        pending = null;
        if (chunk.done) break;
        text += chunk.value;
      }
      return pattern.test(text);
    };
    assert.ok(await readUntil(/event: ready/, 5000));
    await api.fetch(`/api/admin/support/tickets/${ticket.id}/notes`, {
      method: "POST",
      token: admin.access_token,
      json: { message: "internal" },
    });
    assert.equal(await readUntil(/"topic":"support"/, 700), false);
    await api.fetch(`/api/admin/support/tickets/${ticket.id}/replies`, {
      method: "POST",
      token: admin.access_token,
      json: { message: "answer" },
    });
    assert.ok(await readUntil(/event: changed\ndata: \{"topic":"support"\}/, 5000));
    await reader.cancel();
  } finally {
    await api.close();
  }
});

test("support: a ticket waiting for the customer closes itself after SUPPORT_AUTO_CLOSE_DAYS, with a mail, once", async () => {
  const { api, admin } = await setup({ SUPPORT_AUTO_CLOSE_DAYS: "3" });
  try {
    const customer = await signUpAndIn(api);
    const old = await open(api, customer.access_token, { subject: "old one" });
    const fresh = await open(api, customer.access_token, { subject: "fresh one" });
    for (const t of [old, fresh]) {
      await api.fetch(`/api/admin/support/tickets/${t.id}/replies`, {
        method: "POST",
        token: admin.access_token,
        json: { message: "Did that help?" },
      });
    }
    await api.sql`update support_tickets set waiting_since = now() - interval '3 days 1 minute'
      where id = ${old.id}`;
    const config = api.deps.config;
    assert.equal(await autoCloseTickets(api.deps.sql, config), 1);
    assert.equal(await autoCloseTickets(api.deps.sql, config), 0);
    const closed = await json<AdminTicket>(
      await api.fetch(`/api/admin/support/tickets/${old.id}`, { token: admin.access_token }),
    );
    assert.equal(closed.status, "closed");
    assert.equal(closed.closed_by, "auto");
    const still = await json<Ticket>(
      await api.fetch(`/api/support/tickets/${fresh.id}`, { token: customer.access_token }),
    );
    assert.equal(still.status, "waiting_customer");
    const mails = (await mailsTo(api, customer.user.email)).filter(
      (m) => m.kind === "support_auto_closed",
    );
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.text_body, /did not hear back from you for 3 days/);
  } finally {
    await api.close();
  }
});
