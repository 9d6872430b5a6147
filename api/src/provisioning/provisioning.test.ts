import assert from "node:assert/strict";
import type { ProviderSim } from "../../sim/provider.ts";
import { startProviderSim } from "../../sim/provider.ts";
import { connect } from "../platform/db.ts";
import { migrate } from "../platform/migrate.ts";
import {
  createTestDatabase,
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { sleep, startApiProcess } from "../platform/testing-process.ts";
import { checkDrift } from "./drift.ts";
import { type ProviderRunner, startProviderRunner } from "./runner.ts";
import { providerRunnerDeps } from "./setup.ts";

/**
 * Provisioning through the HosterAPI simulator over real HTTP: every fault the provider can
 * throw at a create, and the invariant after each: exactly one server per paid order at the
 * simulator, no server without its service, the ledger equal to the balance of every customer,
 * and the price back where provisioning failed.
 */

const FAST = {
  SERVER_PROVIDER_SIM_JOB_SECONDS: "0.2",
  PROVIDER_POLL_MS: "50",
  SERVER_PROVIDER_CREATE_SETTLE_SECONDS: "2",
  SERVER_PROVIDER_TIMEOUT_MS: "1500",
};

async function withApi(
  fn: (api: TestApi, sim: ProviderSim) => Promise<void>,
  env: Record<string, string> = {},
) {
  const api = await startTestApi({ ...FAST, ...env });
  try {
    await fn(api, api.providerSim!);
  } finally {
    await api.close();
  }
}

/** A provider job runner on the test API's database and provider (as one more replica). */
function runner(api: TestApi): ProviderRunner {
  return startProviderRunner({ ...providerRunnerDeps(api.deps), intervalMs: 25 });
}

async function vpsProduct(api: TestApi, price = "5.00"): Promise<string> {
  const [row] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
      plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
    values (${`VPS ${crypto.randomUUID().slice(0, 6)}`}, ${price}::numeric, '2 vCores', '4 GB', '80 GB', '1 Gbit/s',
      'yes', 'vps', 'Debian12', 2, 4096, 80, 1)
    returning id`;
  return row!.id;
}

async function customerWith(api: TestApi, credits: string) {
  const me = await signUpAndIn(api);
  // Credits as a top-up would leave them: the balance and its ledger row, in one transaction.
  await api.sql.begin(async (tx) => {
    if (Number(credits) > 0) {
      await tx`insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
        values (${me.user.id}, ${credits}::numeric, 'paid', 'topup', ${`TEST-${crypto.randomUUID()}`})`;
    }
    await tx`update profiles set credits = ${credits}::numeric where id = ${me.user.id}`;
  });
  return me;
}

async function buy(api: TestApi, token: string, productId: string): Promise<string> {
  const res = await api.fetch("/api/shop/orders", {
    method: "POST",
    token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    json: { product_id: productId },
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await json<{ order: { id: string } }>(res)).order.id;
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const settled = (api: TestApi, orderIds: string[]) =>
  waitFor(
    "every service to leave provisioning",
    async () => {
      const [row] = await api.sql<{ n: number }[]>`
        select count(*)::int as n from services
        where order_id = any(${orderIds}::uuid[]) and service_status = 'provisioning'`;
      return row!.n === 0;
    },
    90_000,
  );

/** The invariants of every test: one server per active order, no stray server, ledger = balance. */
async function assertBooks(api: TestApi, sim: ProviderSim, orderIds: string[]) {
  const services = await api.sql<
    { order_id: string; service_status: string; reseller_id: number | null; ipv4: string | null }[]
  >`
    select order_id, service_status, reseller_id, ipv4 from services where order_id = any(${orderIds}::uuid[])`;
  assert.equal(services.length, orderIds.length, "one service per order");
  const active = services.filter((s) => s.service_status === "active");
  const vmIds = active.map((s) => s.reseller_id!);
  assert.equal(new Set(vmIds).size, vmIds.length, "no server is given to two orders");
  const atSim = new Map(sim.controls.servers().map((s) => [s.vmId, s]));
  for (const s of active) {
    const server = atSim.get(s.reseller_id!);
    assert.ok(server, `server ${s.reseller_id} exists at the provider`);
    assert.equal(server.ipv4[0], s.ipv4, "the service shows the server's address");
  }
  const known = new Set(
    (
      await api.sql<
        { id: number }[]
      >`select reseller_id as id from services where reseller_id is not null`
    ).map((r) => r.id),
  );
  const stray = [...atSim.keys()].filter((id) => !known.has(id));
  assert.deepEqual(stray, [], "no server at the provider without its service");
  const off = await api.sql`
    select p.id from profiles p
    where p.credits <> coalesce((select sum(amount) from transactions t where t.user_id = p.id), 0)`;
  assert.equal(off.length, 0, "every balance equals its ledger");
}

test("provisioning: a purchase makes the server, the service turns active with its address, the root password shows once", async () => {
  await withApi(async (api, sim) => {
    const jobs = runner(api);
    try {
      const me = await customerWith(api, "20.00");
      const orderId = await buy(api, me.access_token, await vpsProduct(api));
      const [service] = await api.sql<{ id: string; service_status: string }[]>`
        select id, service_status from services where order_id = ${orderId}`;
      assert.equal(
        service!.service_status,
        "provisioning",
        "the purchase made the service at once",
      );
      await settled(api, [orderId]);
      await assertBooks(api, sim, [orderId]);
      assert.equal(sim.controls.createRequests, 1);

      const page = await json<{
        service_status: string;
        root_password_pending: boolean;
        ram: string;
      }>(await api.fetch(`/api/services/${service!.id}`, { token: me.access_token }));
      assert.equal(page.service_status, "active");
      assert.equal(page.root_password_pending, true);
      assert.equal(page.ram, "4");
      const reveal = () =>
        api.fetch(`/api/services/${service!.id}/root-password`, {
          method: "POST",
          token: me.access_token,
        });
      const first = await reveal();
      assert.equal(first.status, 200);
      const { password } = await json<{ password: string }>(first);
      const [vm] = await api.sql<
        { reseller_id: number }[]
      >`select reseller_id from services where id = ${service!.id}`;
      assert.equal(
        password,
        sim.controls.jobs().find((j) => j.vmId === vm!.reseller_id)?.output?.password,
      );
      const second = await reveal();
      assert.equal(second.status, 404, "shown once");
      assert.equal(
        (await errorOf(second)).message,
        "The root password was already shown, or the provider did not report one",
      );

      // The mail says where, never the password.
      const [mail] = await api.sql<{ text_body: string }[]>`
        select text_body from mail_outbox where kind = 'server_ready' and user_id = ${me.user.id}`;
      assert.ok(mail && !mail.text_body.includes(password));

      // Live Statistics: the provider's figures, one provider call for several readers.
      const statusCalls = () =>
        sim.controls.calls("GET", `/datacenter/server/${vm!.reseller_id}/status`);
      const before = statusCalls();
      const stats = await Promise.all(
        Array.from({ length: 5 }, () =>
          api
            .fetch(`/api/services/${service!.id}/stats`, { token: me.access_token })
            .then((r) =>
              json<{ memory_total_bytes: number; state: string; disk_used_bytes: null }>(r),
            ),
        ),
      );
      assert.equal(statusCalls() - before, 1, "five readers within 2 s share one provider call");
      assert.equal(stats[0]!.state, "running");
      assert.equal(stats[0]!.disk_used_bytes, null, "no disk figure is invented");
      assert.ok(Math.abs(stats[0]!.memory_total_bytes - 4096 * 1024 * 1024) < 64 * 1024 * 1024);
    } finally {
      await jobs.stop();
    }
  });
});

test("provisioning: a create whose answer is lost after the server was made is adopted, not made again", async () => {
  await withApi(async (api, sim) => {
    sim.controls.loseAnswer({ method: "POST", path: "/datacenter/server" }, 1);
    const jobs = runner(api);
    try {
      const me = await customerWith(api, "20.00");
      const orderId = await buy(api, me.access_token, await vpsProduct(api));
      await settled(api, [orderId]);
      assert.equal(sim.controls.createRequests, 1, "the HTTP client did not send the create again");
      assert.equal(sim.controls.servers().length, 1);
      await assertBooks(api, sim, [orderId]);
      const [service] = await api.sql<{ service_status: string; pending: boolean }[]>`
        select service_status, root_password_sealed is not null as pending from services where order_id = ${orderId}`;
      assert.equal(service!.service_status, "active");
      assert.equal(service!.pending, true, "a new root password was set, to be shown once");
    } finally {
      await jobs.stop();
    }
  });
});

test("provisioning: a 5xx and a time-out on create are waited out, then created once; a 5xx on the job read is retried", async () => {
  await withApi(async (api, sim) => {
    sim.controls.status({ method: "POST", path: "/datacenter/server" }, 503, 1);
    sim.controls.hang({ method: "POST", path: "/datacenter/server" }, 1);
    sim.controls.status({ method: "GET", path: "/job/*" }, 502, 2);
    const jobs = runner(api);
    try {
      const me = await customerWith(api, "20.00");
      const orderId = await buy(api, me.access_token, await vpsProduct(api));
      await settled(api, [orderId]);
      assert.equal(sim.controls.createRequests, 3, "503, time-out, then the create that answered");
      assert.equal(sim.controls.servers().length, 1);
      await assertBooks(api, sim, [orderId]);
    } finally {
      await jobs.stop();
    }
  });
});

test("provisioning: a failed job cancels the order and refunds it with a credit note; staff Retry charges again and provisions", async () => {
  await withApi(async (api, sim) => {
    sim.controls.failJobs(1);
    const jobs = runner(api);
    try {
      const me = await customerWith(api, "12.00");
      const orderId = await buy(api, me.access_token, await vpsProduct(api, "5.00"));
      await settled(api, [orderId]);
      const [order] = await api.sql<
        { status: string }[]
      >`select status from orders where id = ${orderId}`;
      assert.equal(order!.status, "cancelled");
      const [service] = await api.sql<{ id: string; service_status: string }[]>`
        select id, service_status from services where order_id = ${orderId}`;
      assert.equal(service!.service_status, "failed");
      const [profile] = await api.sql<
        { credits: string }[]
      >`select credits::text from profiles where id = ${me.user.id}`;
      assert.equal(profile!.credits, "12.00", "the price went back");
      const notes = await api.sql<{ gross: string; refers_to: string | null }[]>`
        select gross::text, refers_to from invoices where order_id = ${orderId} and kind = 'credit_note'`;
      assert.equal(notes.length, 1);
      assert.equal(notes[0]!.gross, "-5.00");
      const mails = await api.sql<{ kind: string }[]>`
        select kind from mail_outbox where kind = 'provisioning_failed' and user_id = ${me.user.id}`;
      assert.equal(mails.length, 1);
      assert.equal(sim.controls.servers().length, 0);
      await assertBooks(api, sim, []);

      // Staff see it in the failed filter and retry it.
      const admin = await signUpAndIn(api);
      await api.sql`insert into user_roles (user_id, role) values (${admin.user.id}, 'admin')`;
      const staffToken = (await signIn(api, admin.user.email, admin.password)).access_token;
      const failed = await json<{ services: { id: string; provider_error: string | null }[] }>(
        await api.fetch("/api/admin/services?status=failed", { token: staffToken }),
      );
      assert.ok(
        failed.services.some((s) => s.id === service!.id && s.provider_error?.includes("failed")),
      );
      const retry = await api.fetch(`/api/admin/services/${service!.id}/retry-provisioning`, {
        method: "POST",
        token: staffToken,
      });
      assert.equal(retry.status, 200, await retry.clone().text());
      const again = await api.fetch(`/api/admin/services/${service!.id}/retry-provisioning`, {
        method: "POST",
        token: staffToken,
      });
      assert.equal(again.status, 409, "one retry per failure");
      await settled(api, [orderId]);
      await assertBooks(api, sim, [orderId]);
      const [after] = await api.sql<
        { credits: string }[]
      >`select credits::text from profiles where id = ${me.user.id}`;
      assert.equal(after!.credits, "7.00", "charged once more for the retry");
    } finally {
      await jobs.stop();
    }
  });
});

async function signIn(api: TestApi, email: string, password: string) {
  const res = await api.fetch("/api/auth/sign-in", { method: "POST", json: { email, password } });
  assert.equal(res.status, 200);
  return await json<{ access_token: string }>(res);
}

test("provisioning: 200 customers buy at once, two runners race, answers get lost: one server per order", async () => {
  await withApi(
    async (api, sim) => {
      // A second API process's runner on the same database and simulator: a replica racing.
      const jobs = [runner(api), runner(api)];
      try {
        sim.controls.loseAnswer({ method: "POST", path: "/datacenter/server" }, 3);
        sim.controls.status({ method: "POST", path: "/datacenter/server" }, 503, 2);
        const productId = await vpsProduct(api, "1.00");
        const customers = await Promise.all(
          Array.from({ length: 200 }, () => customerWith(api, "3.00")),
        );
        const orderIds = await Promise.all(
          customers.map((c) => buy(api, c.access_token, productId)),
        );
        await settled(api, orderIds);
        const statuses = await api.sql<{ service_status: string; n: number }[]>`
        select service_status, count(*)::int as n from services where order_id = any(${orderIds}::uuid[])
        group by service_status`;
        assert.deepEqual([...statuses], [{ service_status: "active", n: 200 }]);
        assert.equal(sim.controls.servers().length, 200, "exactly one server per paid order");
        await assertBooks(api, sim, orderIds);
      } finally {
        await Promise.all(jobs.map((j) => j.stop()));
      }
    },
    { AUTH_RATE_LIMIT_PER_IP: "100000" },
  );
});

test("provisioning: the API killed mid-create and started again makes the server once", async () => {
  const sim = await startProviderSim({ jobSeconds: 0.3 });
  const databaseUrl = await createTestDatabase();
  const sql = connect(databaseUrl, 4);
  await migrate(sql);
  const env = {
    DATABASE_URL: databaseUrl,
    SERVER_PROVIDER_URL: sim.url,
    SERVER_PROVIDER_TOKEN: sim.token,
    JOBS_ENABLED: "true",
    SEED_DEMO: "false",
    PROVIDER_POLL_MS: "100",
    PROVIDER_JOB_LEASE_SECONDS: "2",
    SERVER_PROVIDER_CREATE_SETTLE_SECONDS: "5",
  };
  let apiProcess = await startApiProcess(env);
  try {
    const productId = (
      await sql<{ id: string }[]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
        plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
      values ('VPS crash', 0, '1', '1', '10', '1', 'yes', 'vps', 'Debian12', 1, 1024, 10, 1) returning id`
    )[0]!.id;
    const email = `crash${Date.now()}@example.com`;
    const up = await fetch(`${apiProcess.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: `crash${Date.now() % 1e6}`,
        email,
        password: "tulip-orbit-42",
      }),
    });
    assert.equal(up.status, 201);
    const token = (
      await (
        await fetch(`${apiProcess.url}/api/auth/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "tulip-orbit-42" }),
        })
      ).json()
    ).access_token;
    // The create arrives, the provider takes 1.5 s to answer it; the API dies meanwhile.
    sim.controls.slow({ method: "POST", path: "/datacenter/server" }, 1_500, 1);
    const res = await fetch(`${apiProcess.url}/api/shop/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: JSON.stringify({ product_id: productId }),
    });
    assert.equal(res.status, 201);
    const orderId = (await res.json()).order.id as string;
    await waitFor(
      "the create to reach the provider",
      async () => sim.controls.createRequests === 1,
    );
    apiProcess.signal("SIGKILL");
    await apiProcess.exited;
    apiProcess = await startApiProcess(env);
    await waitFor(
      "the service to become active",
      async () => {
        const [s] = await sql<
          { service_status: string }[]
        >`select service_status from services where order_id = ${orderId}`;
        return s?.service_status === "active";
      },
      30_000,
    );
    assert.equal(sim.controls.createRequests, 1, "the restarted API did not create again");
    assert.equal(sim.controls.servers().length, 1);
  } finally {
    await apiProcess.stop();
    await sql.end();
    await sim.close();
  }
});

test("lifecycle at the provider: expiry stops the server, renewal starts it, termination deletes it; staff removal can delete it", async () => {
  await withApi(async (api, sim) => {
    const jobs = runner(api);
    try {
      const me = await customerWith(api, "20.00");
      const orderId = await buy(api, me.access_token, await vpsProduct(api, "5.00"));
      await settled(api, [orderId]);
      const [svc] = await api.sql<{ id: string; vm: number }[]>`
        select id, reseller_id as vm from services where order_id = ${orderId}`;
      const vm = svc!.vm;
      assert.equal(sim.controls.power(vm), "running");

      // Expiry (as the expiry job writes it) suspends: the power job shuts the server down.
      await api.sql`update orders set expire_date = now() - interval '1 minute' where id = ${orderId}`;
      const { expireOrders } = await import("../jobs/expire-orders.ts");
      await expireOrders(api.sql);
      await waitFor("the server to stop", async () => sim.controls.power(vm) === "stopped");
      const start = await api.fetch(`/api/services/${svc!.id}/actions/start`, {
        method: "POST",
        token: me.access_token,
      });
      assert.equal(start.status, 403, "the customer cannot start a suspended server");
      assert.equal(sim.controls.power(vm), "stopped");

      // Renewal reactivates: the power job starts it.
      const renew = await api.fetch(`/api/shop/orders/${orderId}/renew`, {
        method: "POST",
        token: me.access_token,
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      assert.equal(renew.status, 201, await renew.clone().text());
      await waitFor("the server to run again", async () => sim.controls.power(vm) === "running");

      // Suspended past TERMINATE_AFTER_DAYS: deleted at the provider, kept as terminated.
      await api.sql`update orders set expire_date = now() - interval '1 minute' where id = ${orderId}`;
      await expireOrders(api.sql);
      await waitFor("the server to stop", async () => sim.controls.power(vm) === "stopped");
      await api.sql`update services set suspended_at = now() - interval '15 days' where id = ${svc!.id}`;
      const { queueTerminations } = await import("../jobs/lifecycle.ts");
      const queued = await queueTerminations(api.sql, {
        terminateAfterDays: 14,
        publicUrl: "http://localhost",
      });
      assert.equal(queued.queued, 1);
      await waitFor("the service to be terminated", async () => {
        const [s] = await api.sql<
          { service_status: string }[]
        >`select service_status from services where id = ${svc!.id}`;
        return s!.service_status === "terminated";
      });
      assert.equal(sim.controls.server(vm), undefined, "deleted at the provider");
      const renewDeleted = await api.fetch(`/api/shop/orders/${orderId}/renew`, {
        method: "POST",
        token: me.access_token,
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      assert.equal(renewDeleted.status, 409, "a deleted server's order is not renewed");

      // Staff remove another service and its server.
      const second = await buy(api, me.access_token, await vpsProduct(api, "1.00"));
      await settled(api, [second]);
      const [other] = await api.sql<
        { id: string; vm: number }[]
      >`select id, reseller_id as vm from services where order_id = ${second}`;
      const admin = await signUpAndIn(api);
      await api.sql`insert into user_roles (user_id, role) values (${admin.user.id}, 'admin')`;
      const staffToken = (await signIn(api, admin.user.email, admin.password)).access_token;
      const removed = await api.fetch(`/api/admin/services/${other!.id}?delete_at_provider=true`, {
        method: "DELETE",
        token: staffToken,
      });
      assert.equal(removed.status, 204);
      await waitFor(
        "the server to be deleted",
        async () => sim.controls.server(other!.vm) === undefined,
      );
    } finally {
      await jobs.stop();
    }
  });
});

test("drift: a server nobody knows and a service whose server is gone are reported, never deleted", async () => {
  await withApi(
    async (api, sim) => {
      const me = await customerWith(api, "0.00");
      const stray = sim.controls.addServer({
        template: "Debian12",
        cpuCores: 1,
        memoryMb: 1024,
        diskGb: 10,
        ipv4Count: 1,
      });
      const [gone] = await api.sql<{ id: string }[]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, created_at)
      values (${me.user.id}, 'vps', 'active', '198.51.100.9', '1', '1', '10', 987654, now() - interval '1 hour')
      returning id`;
      const found = await checkDrift(api.sql, api.deps.provider, {
        intervalSeconds: 1,
        publicUrl: "http://localhost",
      });
      assert.deepEqual(found, { unknown: 1, missing: 1 });
      const rows = await api.sql<{ kind: string; vm_id: number; service_id: string | null }[]>`
      select kind, vm_id, service_id from provider_drift where resolved_at is null order by kind`;
      assert.deepEqual(
        [...rows],
        [
          { kind: "missing_server", vm_id: 987654, service_id: gone!.id },
          { kind: "unknown_server", vm_id: stray.vmId, service_id: null },
        ],
      );
      assert.ok(sim.controls.server(stray.vmId), "nothing unknown is deleted");
    },
    { DRIFT_INTERVAL_SECONDS: "1" },
  );
});
