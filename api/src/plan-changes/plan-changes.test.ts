import assert from "node:assert/strict";
import {
  type CancellationResult,
  type PlanChangeResult,
  type PlanOptions,
  prorate,
} from "../../contracts/plan-changes.ts";
import {
  errorOf,
  json,
  makeAdmin,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { type ProviderRunner, startProviderRunner } from "../provisioning/runner.ts";
import { providerRunnerDeps } from "../provisioning/setup.ts";
import { runCancellations } from "./cancellations.service.ts";

const api: TestApi = await startTestApi({
  PROVIDER_POLL_MS: "50",
  SERVER_PROVIDER_TIMEOUT_MS: "500",
});
globalThis.addEventListener("unload", () => void api.close());
const c = api.providerSim!.controls;

const DAY = 86_400_000;

// ---------------------------------------------------------------- the rule, on calendar dates

test("prorate: start, middle and last day of a period, half-cent rounding away from zero", () => {
  const expireDate = new Date("2026-03-31T10:00:00Z");
  const at = (iso: string) => new Date(iso);
  const up = (now: Date) => prorate({ oldPrice: "10.00", newPrice: "17.99", expireDate, now });
  const down = (now: Date) => prorate({ oldPrice: "17.99", newPrice: "10.00", expireDate, now });
  // Start: the period's first instant (30 days left).
  assert.deepEqual(up(at("2026-03-01T10:00:00Z")), { daysLeft: 30, amount: "7.99" });
  assert.deepEqual(down(at("2026-03-01T10:00:00Z")), { daysLeft: 30, amount: "-7.99" });
  // Middle: 15 days and a bit left counts the day under way: 16 × 7.99 / 30 = 4.2613 → 4.26.
  assert.deepEqual(up(at("2026-03-16T09:00:00Z")), { daysLeft: 16, amount: "4.26" });
  // Exactly 15 days: 15 × 7.99 / 30 = 3.995 → 4.00 (half away from zero, both ways).
  assert.deepEqual(up(at("2026-03-16T10:00:00Z")), { daysLeft: 15, amount: "4.00" });
  assert.deepEqual(down(at("2026-03-16T10:00:00Z")), { daysLeft: 15, amount: "-4.00" });
  // Last day: one hour left is one day: 7.99 / 30 = 0.2663 → 0.27.
  assert.deepEqual(up(at("2026-03-31T09:00:00Z")), { daysLeft: 1, amount: "0.27" });
  assert.deepEqual(down(at("2026-03-31T09:00:00Z")), { daysLeft: 1, amount: "-0.27" });
  // Expired: nothing left.
  assert.deepEqual(up(at("2026-03-31T10:00:00Z")), { daysLeft: 0, amount: "0.00" });
});

test("prorate: a period that started in a 31-day month is still 30 days, no 31st day paid", () => {
  // Bought 2026-01-16 (January has 31 days): the period ends 2026-02-15, 30 days later.
  const expireDate = new Date(new Date("2026-01-16T12:00:00Z").getTime() + 30 * DAY);
  assert.equal(expireDate.toISOString(), "2026-02-15T12:00:00.000Z");
  const q = (iso: string) =>
    prorate({ oldPrice: "9.30", newPrice: "18.60", expireDate, now: new Date(iso) });
  // On the 31st: 15 days left of 30, half the difference, not 15/31 of it.
  assert.deepEqual(q("2026-01-31T12:00:00Z"), { daysLeft: 15, amount: "4.65" });
  assert.deepEqual(q("2026-01-16T12:00:00Z"), { daysLeft: 30, amount: "9.30" });
  assert.deepEqual(q("2026-02-15T00:00:00Z"), { daysLeft: 1, amount: "0.31" });
  // A period starting on the 31st ends 30 days on (March 2 in a non-leap year).
  const fromThe31st = new Date(new Date("2026-01-31T00:00:00Z").getTime() + 30 * DAY);
  assert.equal(fromThe31st.toISOString(), "2026-03-02T00:00:00.000Z");
});

// ---------------------------------------------------------------- fixtures

let productCount = 0;
async function product(price: string, plan: { cpu: number; memGb: number; diskGb: number }) {
  const [row] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
      plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
    values (${`Plan ${++productCount} ${crypto.randomUUID().slice(0, 4)}`}, ${price}::numeric,
      ${`${plan.cpu} vCores`}, ${`${plan.memGb} GB`}, ${`${plan.diskGb} GB`}, '1 Gbit/s', 'yes', 'vps',
      'Debian12', ${plan.cpu}, ${plan.memGb * 1024}, ${plan.diskGb}, 1)
    returning id`;
  return row!.id;
}

/**
 * Small (10.00, 80 GB), Big (17.99, more cores and memory, the same 80 GB disk), Tiny (5.00, 40 GB),
 * with paths between them; Tiny's smaller disk is never a way down.
 */
async function catalogue() {
  const small = await product("10.00", { cpu: 2, memGb: 4, diskGb: 80 });
  const big = await product("17.99", { cpu: 4, memGb: 8, diskGb: 80 });
  const tiny = await product("5.00", { cpu: 1, memGb: 2, diskGb: 40 });
  await api.sql`insert into product_upgrade_paths (product_id, target_id) values
    (${small}, ${big}), (${big}, ${small}), (${small}, ${tiny}), (${tiny}, ${small})`;
  return { small, big, tiny };
}

/** A customer who bought `productId` through the API, its server made at the simulator. */
async function customerWithVps(productId: string, credits = "100.00") {
  const user = await signUpAndIn(api);
  await setCredits(api.sql, user.user.id, credits);
  const bought = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: user.access_token,
    json: { product_id: productId },
    headers: { "Idempotency-Key": `buy-${crypto.randomUUID()}` },
  });
  assert.equal(bought.status, 201, await bought.clone().text());
  const { order } = await json<{ order: { id: string } }>(bought);
  const [p] = await api.sql<{ cpu: number; mem: number; disk: number }[]>`
    select plan_cpu_cores as cpu, plan_memory_mb as mem, plan_disk_gb as disk from products where id = ${productId}`;
  const server = c.addServer({
    template: "Debian12",
    cpuCores: p!.cpu,
    memoryMb: p!.mem,
    diskGb: p!.disk,
    ipv4Count: 1,
  });
  const [svc] = await api.sql<{ id: string }[]>`
    update services set service_status = 'active', reseller_id = ${server.vmId}, ipv4 = ${server.ipv4[0]!}
    where order_id = ${order.id} returning id`;
  await api.sql`update provider_jobs set state = 'done' where order_id = ${order.id} and kind = 'provision'`;
  return {
    user,
    token: user.access_token,
    orderId: order.id,
    serviceId: svc!.id,
    vmId: server.vmId,
  };
}

const setExpiry = (orderId: string, msFromNow: number) =>
  api.sql`update orders set expire_date = now() + make_interval(secs => ${msFromNow / 1000}) where id = ${orderId}`;

const change = (token: string, serviceId: string, productId: string, key: string) =>
  api.fetch(`/api/services/${serviceId}/plan-change`, {
    method: "POST",
    token,
    json: { product_id: productId },
    headers: { "Idempotency-Key": key },
  });

const cancel = (token: string, serviceId: string, mode: "period_end" | "now", key: string) =>
  api.fetch(`/api/services/${serviceId}/cancellation`, {
    method: "POST",
    token,
    json: { mode, reason: "Too expensive", comment: "cheaper elsewhere" },
    headers: { "Idempotency-Key": key },
  });

function runner(): ProviderRunner {
  return startProviderRunner({ ...providerRunnerDeps(api.deps), intervalMs: 25 });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Works the provider queue until the service's plan change is no longer pending. */
async function settleChange(serviceId: string) {
  const r = runner();
  try {
    return await until(
      async () =>
        (
          await api.sql<{ state: string; reason: string | null }[]>`
            select state, reason from plan_changes where service_id = ${serviceId}
            order by created_at desc limit 1`
        )[0]!,
      (row) => row.state !== "pending",
    );
  } finally {
    await r.stop();
  }
}

/** Balance and ledger agree (the database refuses a commit otherwise; read both anyway). */
async function money(userId: string) {
  const [p] = await api.sql<{ credits: string; ledger: string }[]>`
    select credits::text, ledger_total::text as ledger from profiles where id = ${userId}`;
  assert.equal(p!.credits, p!.ledger, "the ledger sums to the balance");
  return p!.credits;
}

const rowsOf = (userId: string) =>
  api.sql<{ amount: string; kind: string; number: string | null; doc_kind: string | null }[]>`
    select t.amount::text, t.kind, i.number, i.kind as doc_kind
    from transactions t left join invoices i on i.transaction_id = t.id
    where t.user_id = ${userId} and t.kind in ('plan_change', 'cancellation_refund')
    order by t.created_at, t.id`;

// ---------------------------------------------------------------- plan changes over HTTP

for (const [label, msLeft, days, up, down] of [
  ["start", 30 * DAY - 60_000, 30, "7.99", "7.99"],
  ["middle", 15 * DAY - 3_600_000, 15, "4.00", "4.00"],
  ["last day", 2 * 3_600_000, 1, "0.27", "0.27"],
] as const) {
  test(`upgrade and downgrade at the ${label} of a period: prorated, invoiced and credited`, async () => {
    const { small, big } = await catalogue();
    const a = await customerWithVps(small);
    await setExpiry(a.orderId, msLeft);
    const before = await money(a.user.user.id);
    const options = await json<PlanOptions>(
      await api.fetch(`/api/services/${a.serviceId}/plan`, { token: a.token }),
    );
    assert.equal(options.days_left, days);
    const quoted = options.options.find((o) => o.product.id === big)!;
    assert.deepEqual([quoted.direction, quoted.amount], ["upgrade", up]);

    const res = await change(a.token, a.serviceId, big, `up-${crypto.randomUUID()}`);
    assert.equal(res.status, 201, await res.clone().text());
    const done = await json<PlanChangeResult>(res);
    assert.deepEqual(
      [done.change.amount, done.change.days_left, done.change.state],
      [up, days, "pending"],
    );
    assert.equal(done.credits, (Number(before) - Number(up)).toFixed(2));
    assert.equal((await settleChange(a.serviceId)).state, "done");
    const server = c.server(a.vmId)!;
    assert.deepEqual(
      [server.plan.cpuCores, server.plan.memoryMb, server.plan.diskGb],
      [4, 8192, 80],
    );
    const [svc] = await api.sql`select cpu, ram, storage from services where id = ${a.serviceId}`;
    assert.deepEqual({ ...svc }, { cpu: "4", ram: "8", storage: "80" });
    const [order] = await api.sql<{ product_id: string; expire_date: Date }[]>`
      select product_id, expire_date from orders where id = ${a.orderId}`;
    assert.equal(order!.product_id, big);

    // And back down over the same days: the same amount credited, with a credit note.
    const downRes = await change(a.token, a.serviceId, small, `down-${crypto.randomUUID()}`);
    assert.equal(downRes.status, 201, await downRes.clone().text());
    const downDone = await json<PlanChangeResult>(downRes);
    assert.equal(downDone.change.amount, `-${down}`);
    assert.equal(downDone.credits, (Number(before) - Number(up)).toFixed(2), "credited once done");
    assert.equal((await settleChange(a.serviceId)).state, "done");
    assert.equal(c.server(a.vmId)!.plan.cpuCores, 2);
    assert.equal(c.server(a.vmId)!.plan.memoryMb, 4096);
    assert.equal(
      await money(a.user.user.id),
      (Number(before) - Number(up) + Number(down)).toFixed(2),
    );
    const [after] = await api.sql<
      { expire_date: Date }[]
    >`select expire_date from orders where id = ${a.orderId}`;
    assert.equal(after!.expire_date.getTime(), order!.expire_date.getTime(), "the expiry stays");

    const rows = await rowsOf(a.user.user.id);
    assert.deepEqual(
      rows.map((r) => [r.amount, r.doc_kind]),
      [
        [`-${up}`, "invoice"],
        [down, "credit_note"],
      ],
    );
    assert.match(rows[0]!.number!, /^\d{4}-\d{6}$/);
    assert.match(rows[1]!.number!, /^C\d{4}-\d{6}$/);
    const mails =
      await api.sql`select 1 from mail_outbox where user_id = ${a.user.user.id} and kind = 'plan_changed'`;
    assert.equal(mails.length, 2);
  });
}

test("a downgrade to a product with a smaller disk is neither offered nor made", async () => {
  const { small, tiny } = await catalogue();
  const a = await customerWithVps(small);
  const options = await json<PlanOptions>(
    await api.fetch(`/api/services/${a.serviceId}/plan`, { token: a.token }),
  );
  assert.ok(!options.options.some((o) => o.product.id === tiny));
  const res = await change(a.token, a.serviceId, tiny, `tiny-${crypto.randomUUID()}`);
  assert.equal(res.status, 422);
  assert.equal(
    (await errorOf(res)).message,
    "A server's disk cannot shrink: choose a product with at least the same disk",
  );
  // Not a path at all: refused the same way as a product of another catalogue.
  const other = await product("50.00", { cpu: 8, memGb: 16, diskGb: 320 });
  const res2 = await change(a.token, a.serviceId, other, `other-${crypto.randomUUID()}`);
  assert.equal(res2.status, 422);
  assert.equal((await errorOf(res2)).message, "This service cannot change to that product");
});

test("insufficient credits: the spec's 402 and nothing changes", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small, "10.00"); // 0.00 left after the purchase
  const res = await change(a.token, a.serviceId, big, `poor-${crypto.randomUUID()}`);
  assert.equal(res.status, 402);
  assert.deepEqual(await errorOf(res), {
    code: "insufficient_credits",
    message: "You don't have enough credits for this plan change.",
  });
  const [order] = await api.sql`select product_id from orders where id = ${a.orderId}`;
  assert.equal(order!.product_id, small);
  assert.equal(
    (await api.sql`select 1 from plan_changes where service_id = ${a.serviceId}`).length,
    0,
  );
  assert.equal(
    (
      await api.sql`select 1 from provider_jobs where service_id = ${a.serviceId} and kind = 'change'`
    ).length,
    0,
  );
  assert.equal(await money(a.user.user.id), "0.00");
});

test("exactly once: 20 concurrent attempts with one key, and 20 with different keys", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small);
  const key = `dbl-${crypto.randomUUID()}`;
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => change(a.token, a.serviceId, big, key)),
  );
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [...Array(19).fill(200), 201]);
  const bodies = await Promise.all(answers.map((r) => json<PlanChangeResult>(r)));
  assert.equal(new Set(bodies.map((b) => b.change.id)).size, 1);

  const b = await customerWithVps(small);
  const many = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      change(b.token, b.serviceId, big, `many-${i}-${crypto.randomUUID()}`),
    ),
  );
  const manyStatuses = many.map((r) => r.status).sort();
  assert.deepEqual(manyStatuses, [201, ...Array(19).fill(409)]);

  for (const who of [a, b]) {
    assert.equal((await rowsOf(who.user.user.id)).length, 1, "one ledger row");
    assert.equal(await money(who.user.user.id), "82.01");
    const calls = () => c.calls("PUT", `/datacenter/server/${who.vmId}/change`);
    assert.equal((await settleChange(who.serviceId)).state, "done");
    assert.equal(calls(), 1, "one change at the provider");
  }
});

test("a change the provider refuses is reversed: product back, credit note, customer told", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small);
  await setExpiry(a.orderId, 15 * DAY - 3_600_000);
  c.refuse({ method: "PUT", path: `/datacenter/server/${a.vmId}/change` }, "0x07: host node full");
  const res = await change(a.token, a.serviceId, big, `refused-${crypto.randomUUID()}`);
  assert.equal(res.status, 201);
  assert.equal(await money(a.user.user.id), "86.00");
  const settled = await settleChange(a.serviceId);
  assert.equal(settled.state, "reversed");
  assert.match(settled.reason!, /host node full/);
  assert.equal(await money(a.user.user.id), "90.00", "the upgrade's 4.00 back");
  const [order] = await api.sql`select product_id from orders where id = ${a.orderId}`;
  assert.equal(order!.product_id, small);
  assert.equal(c.server(a.vmId)!.plan.cpuCores, 2, "not resized");
  const rows = await rowsOf(a.user.user.id);
  assert.deepEqual(
    rows.map((r) => [r.amount, r.doc_kind]),
    [
      ["-4.00", "invoice"],
      ["4.00", "credit_note"],
    ],
  );
  const [note] = await api.sql<{ refers_to: string | null; description: string }[]>`
    select refers_to, description from invoices where number = ${rows[1]!.number}`;
  assert.ok(note!.refers_to, "the credit note refers to the upgrade's invoice");
  assert.match(note!.description, /corrects \d{4}-\d{6}/);
  const mails = await api.sql<{ subject: string }[]>`
    select subject from mail_outbox where user_id = ${a.user.user.id} and kind = 'plan_change_failed'`;
  assert.equal(mails.length, 1);
  // The page shows what happened, and another change may be tried.
  const options = await json<PlanOptions>(
    await api.fetch(`/api/services/${a.serviceId}/plan`, { token: a.token }),
  );
  assert.equal(options.latest_change?.state, "reversed");
  assert.equal(options.product.id, small);
});

test("a lost answer of the provider's change is sent again, and the change made once", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small);
  c.loseAnswer({ method: "PUT", path: `/datacenter/server/${a.vmId}/change` });
  c.status({ method: "PUT", path: `/datacenter/server/${a.vmId}/change` }, 503);
  const res = await change(a.token, a.serviceId, big, `lost-${crypto.randomUUID()}`);
  assert.equal(res.status, 201);
  assert.equal((await settleChange(a.serviceId)).state, "done");
  assert.equal(c.server(a.vmId)!.plan.cpuCores, 4);
  assert.equal(c.calls("PUT", `/datacenter/server/${a.vmId}/change`), 3);
  assert.equal((await rowsOf(a.user.user.id)).length, 1, "charged once");
});

test("no plan change while the server is being reinstalled", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small);
  await api.sql`insert into provider_jobs (kind, service_id, vm_id, template, run_after)
    values ('reinstall', ${a.serviceId}, ${a.vmId}, 'Debian12', now() + interval '1 hour')`;
  const res = await change(a.token, a.serviceId, big, `re-${crypto.randomUUID()}`);
  assert.equal(res.status, 409);
  assert.equal(
    (await errorOf(res)).message,
    "Wait until the reinstall of this server has finished",
  );
  assert.equal((await rowsOf(a.user.user.id)).length, 0);
});

test("the renewal after a change charges the new product's price", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small);
  assert.equal((await change(a.token, a.serviceId, big, `r-${crypto.randomUUID()}`)).status, 201);
  await settleChange(a.serviceId);
  const before = await money(a.user.user.id);
  const res = await api.fetch(`/api/shop/orders/${a.orderId}/renew`, {
    method: "POST",
    token: a.token,
    headers: { "Idempotency-Key": `renew-${crypto.randomUUID()}` },
  });
  assert.equal(res.status, 201);
  assert.equal(await money(a.user.user.id), (Number(before) - 17.99).toFixed(2));
  const [row] =
    await api.sql`select amount::text from transactions where user_id = ${a.user.user.id} and kind = 'renewal'`;
  assert.equal(row!.amount, "-17.99");
});

test("staff edit upgrade paths; a smaller disk and a foreign user are refused", async () => {
  const { small, big, tiny } = await catalogue();
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const put = (token: string, id: string, target_ids: string[]) =>
    api.fetch(`/api/admin/products/${id}/upgrade-paths`, {
      method: "PUT",
      token,
      json: { target_ids },
    });
  const customer = await signUpAndIn(api);
  assert.equal((await put(customer.access_token, big, [small])).status, 403);
  const smaller = await put(admin.access_token, big, [tiny]);
  assert.equal(smaller.status, 422);
  const ok = await put(admin.access_token, tiny, [small, big]);
  assert.equal(ok.status, 200);
  assert.deepEqual((await json<{ target_ids: string[] }>(ok)).target_ids, [small, big].sort());
  const read = await api.fetch(`/api/admin/products/${tiny}/upgrade-paths`, {
    token: admin.access_token,
  });
  assert.deepEqual((await json<{ target_ids: string[] }>(read)).target_ids, [small, big].sort());
  const cleared = await put(admin.access_token, tiny, []);
  assert.deepEqual((await json<{ target_ids: string[] }>(cleared)).target_ids, []);
});

// ---------------------------------------------------------------- cancellations

test("cancel at the end of the period: auto-renew off, no reminder, undo, then deleted at expiry", async () => {
  const { small } = await catalogue();
  const a = await customerWithVps(small);
  await api.sql`update orders set auto_renew = true where id = ${a.orderId}`;
  const res = await cancel(a.token, a.serviceId, "period_end", `end-${crypto.randomUUID()}`);
  assert.equal(res.status, 201, await res.clone().text());
  const body = await json<CancellationResult>(res);
  assert.deepEqual([body.cancellation.mode, body.cancellation.state], ["period_end", "scheduled"]);
  const [o] = await api.sql`select auto_renew, status from orders where id = ${a.orderId}`;
  assert.deepEqual({ ...o }, { auto_renew: false, status: "active" });
  // A plan change and a manual renewal wait for the undo.
  const blocked = await api.fetch(`/api/shop/orders/${a.orderId}/renew`, {
    method: "POST",
    token: a.token,
    headers: { "Idempotency-Key": `renew-${crypto.randomUUID()}` },
  });
  assert.equal(blocked.status, 409);
  const autoOn = await api.fetch(`/api/shop/orders/${a.orderId}/auto-renew`, {
    method: "PUT",
    token: a.token,
    json: { enabled: true },
  });
  assert.equal(autoOn.status, 409, "auto-renew stays off until the undo");
  // Undo puts auto-renew back.
  const undo = await api.fetch(`/api/services/${a.serviceId}/cancellation`, {
    method: "DELETE",
    token: a.token,
  });
  assert.equal(undo.status, 200);
  assert.equal((await json<CancellationResult>(undo)).cancellation.state, "undone");
  const [o2] = await api.sql`select auto_renew from orders where id = ${a.orderId}`;
  assert.equal(o2!.auto_renew, true);
  const again = await api.fetch(`/api/services/${a.serviceId}/cancellation`, {
    method: "DELETE",
    token: a.token,
  });
  assert.equal(again.status, 409);

  // Cancelled again; the period ends: the order is cancelled and the server deleted.
  assert.equal(
    (await cancel(a.token, a.serviceId, "period_end", `end2-${crypto.randomUUID()}`)).status,
    201,
  );
  await setExpiry(a.orderId, -1000);
  assert.ok((await runCancellations(api.sql)) >= 1);
  const [o3] = await api.sql`select status from orders where id = ${a.orderId}`;
  assert.equal(o3!.status, "cancelled");
  const r = runner();
  try {
    await until(
      async () =>
        (await api.sql`select service_status from services where id = ${a.serviceId}`)[0]!
          .service_status,
      (s) => s === "terminated",
    );
  } finally {
    await r.stop();
  }
  assert.equal(c.server(a.vmId), undefined, "deleted at the provider");
  const [cx] =
    await api.sql`select state from cancellations where order_id = ${a.orderId} and state <> 'undone'`;
  assert.equal(cx!.state, "done");
  assert.equal((await rowsOf(a.user.user.id)).length, 0, "no money moved");
});

test("no reminder mail for an order cancelled at the end of its period", async () => {
  const { small } = await catalogue();
  const a = await customerWithVps(small);
  await setExpiry(a.orderId, 2 * DAY);
  assert.equal(
    (await cancel(a.token, a.serviceId, "period_end", `rem-${crypto.randomUUID()}`)).status,
    201,
  );
  const { sendReminders } = await import("../jobs/lifecycle.ts");
  await sendReminders(api.sql, { reminderDays: [7, 3, 1], graceDays: 0 });
  const notices =
    await api.sql`select 1 from order_notices where order_id = ${a.orderId} and notice like 'reminder:%'`;
  assert.equal(notices.length, 0);
});

test("cancel now: unused days credited with a credit note, undo charges them again, then deletion", async () => {
  const { small } = await catalogue();
  const a = await customerWithVps(small);
  await setExpiry(a.orderId, 15 * DAY - 3_600_000);
  const key = `now-${crypto.randomUUID()}`;
  const [first, replay] = await Promise.all([
    cancel(a.token, a.serviceId, "now", key),
    cancel(a.token, a.serviceId, "now", key),
  ]);
  assert.deepEqual([first.status, replay.status].sort(), [200, 201]);
  const body = await json<CancellationResult>(first);
  assert.equal(body.cancellation.refunded, "5.00");
  assert.equal(await money(a.user.user.id), "95.00");
  const [svc] = await api.sql`select service_status from services where id = ${a.serviceId}`;
  assert.equal(svc!.service_status, "active", "running through the undo window");
  const [o0] = await api.sql`select status from orders where id = ${a.orderId}`;
  assert.equal(o0!.status, "cancelled");
  const [job] = await api.sql<{ run_after: Date }[]>`
    select run_after from provider_jobs where kind = 'delete' and service_id = ${a.serviceId} and state = 'pending'`;
  assert.ok(job!.run_after.getTime() > Date.now() + 10 * 60_000, "deleted after the undo window");

  const undo = await api.fetch(`/api/services/${a.serviceId}/cancellation`, {
    method: "DELETE",
    token: a.token,
  });
  assert.equal(undo.status, 200, await undo.clone().text());
  assert.equal(await money(a.user.user.id), "90.00");
  const [o] = await api.sql`select status from orders where id = ${a.orderId}`;
  assert.equal(o!.status, "active");
  assert.deepEqual(
    (await rowsOf(a.user.user.id)).map((r) => [r.amount, r.doc_kind]),
    [
      ["5.00", "credit_note"],
      ["-5.00", "invoice"],
    ],
  );

  // Cancelled now again; once the window is over the server is deleted.
  assert.equal(
    (await cancel(a.token, a.serviceId, "now", `now2-${crypto.randomUUID()}`)).status,
    201,
  );
  await api.sql`update cancellations set delete_after = now() where order_id = ${a.orderId} and state = 'scheduled'`;
  await api.sql`update provider_jobs set run_after = now() where kind = 'delete' and service_id = ${a.serviceId} and state = 'pending'`;
  const r = runner();
  try {
    await until(
      async () =>
        (await api.sql`select service_status from services where id = ${a.serviceId}`)[0]!
          .service_status,
      (s) => s === "terminated",
    );
  } finally {
    await r.stop();
  }
  assert.equal(c.server(a.vmId), undefined);
  const late = await api.fetch(`/api/services/${a.serviceId}/cancellation`, {
    method: "DELETE",
    token: a.token,
  });
  assert.equal(late.status, 409);

  // Staff see both cancellations with the reason.
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const list = await json<{
    cancellations: { order_id: string; reason: string; comment: string; state: string }[];
  }>(await api.fetch("/api/admin/cancellations", { token: admin.access_token }));
  const ours = list.cancellations.filter((x) => x.order_id === a.orderId);
  assert.deepEqual(
    ours.map((x) => [x.reason, x.comment, x.state]),
    [
      ["Too expensive", "cheaper elsewhere", "done"],
      ["Too expensive", "cheaper elsewhere", "undone"],
    ],
  );
});

test("another user's service: 404 for every plan and cancellation route", async () => {
  const { small, big } = await catalogue();
  const a = await customerWithVps(small);
  const other = await signUpAndIn(api);
  const t = other.access_token;
  for (const res of [
    await api.fetch(`/api/services/${a.serviceId}/plan`, { token: t }),
    await change(t, a.serviceId, big, `x-${crypto.randomUUID()}`),
    await cancel(t, a.serviceId, "now", `y-${crypto.randomUUID()}`),
    await api.fetch(`/api/services/${a.serviceId}/cancellation`, { method: "DELETE", token: t }),
  ]) {
    assert.equal(res.status, 404);
    assert.equal((await errorOf(res)).message, "Service not found or access denied");
  }
});
