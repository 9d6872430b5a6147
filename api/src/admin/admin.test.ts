import assert from "node:assert/strict";
import type {
  AdminOrderList,
  AdminProduct,
  AdminService,
  AdminServiceList,
  AdminUser,
  AdminUserList,
  AuditList,
  CreditAdjustmentResult,
} from "../../contracts/admin.ts";
import {
  errorOf,
  json,
  makeAdmin,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { adminRoutes } from "./admin.routes.ts";

async function setup() {
  const api = await startTestApi();
  const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
  await makeAdmin(api, admin.user.id);
  const customer = await signUpAndIn(api);
  return { api, admin, customer, token: admin.access_token };
}

/** Credit changes carry a fresh Idempotency-Key, as the admin page sends one per change. */
const post = (api: TestApi, token: string | undefined, path: string, body: unknown) =>
  api.fetch(path, {
    method: "POST",
    token,
    json: body,
    headers: path.endsWith("/credits") ? { "idempotency-key": `test-${crypto.randomUUID()}` } : {},
  });
const put = (api: TestApi, token: string | undefined, path: string, body: unknown) =>
  api.fetch(path, { method: "PUT", token, json: body });
const del = (api: TestApi, token: string | undefined, path: string) =>
  api.fetch(path, { method: "DELETE", token });

const productBody = {
  name: "VPS Small",
  price: "4.99",
  cpu: "2",
  ram: "4",
  storage: "80",
  uplink: "1 Gbit/s",
  ddos_protection: "Included",
  product_type: "vps",
  plan: { template: "Debian12", cpu_cores: 2, memory_mb: 4096, disk_gb: 80, ipv4_count: 1 },
};

async function createProduct(api: TestApi, token: string, patch: Record<string, unknown> = {}) {
  const res = await post(api, token, "/api/admin/products", { ...productBody, ...patch });
  assert.equal(res.status, 201, await res.clone().text());
  return await json<AdminProduct>(res);
}

/** Orders come from the shop; here they are inserted directly as the shop would leave them. */
async function insertOrder(api: TestApi, userId: string, productId: string): Promise<string> {
  const [row] = await api.sql<{ id: string }[]>`
    insert into orders (user_id, product_id, expire_date, status)
    values (${userId}, ${productId}, now() + interval '30 days', 'active') returning id`;
  return row!.id;
}

let nextReseller = 4711;

async function createService(
  api: TestApi,
  token: string,
  userId: string,
  patch: Record<string, unknown> = {},
) {
  const res = await post(api, token, "/api/admin/services", {
    user_id: userId,
    service_type: "vps",
    ipv4: "203.0.113.10",
    ram: "4",
    cpu: "2",
    storage: "80",
    // One server, one live VPS: each gets a provider id of its own unless the test names one.
    reseller_id: String(nextReseller++),
    ...patch,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return await json<AdminService>(res);
}

/** Everything an admin route could change, to prove a refused call changed nothing. */
async function snapshot(api: TestApi) {
  const [row] = await api.sql<{ s: string }[]>`
    select concat_ws('|',
      (select string_agg(concat_ws(',', id, credits, status), ';' order by id) from profiles),
      (select string_agg(concat_ws(',', id, status), ';' order by id) from orders),
      (select string_agg(concat_ws(',', id, service_status, order_id), ';' order by id) from services),
      (select string_agg(concat_ws(',', id, archived_at), ';' order by id) from products),
      (select count(*) from transactions), (select count(*) from audit_log),
      (select count(*) from sessions where revoked_at is null)) as s`;
  return row!.s;
}

test("admin: every admin route refuses anonymous (401) and customer (403) callers and changes nothing", async () => {
  const { api, admin, customer, token } = await setup();
  try {
    const product = await createProduct(api, token);
    const orderId = await insertOrder(api, customer.user.id, product.id);
    const service = await createService(api, token, customer.user.id);
    const uid = customer.user.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      [
        "POST",
        "/api/admin/users",
        { username: "intruder", email: "intruder@example.com", password: "tulip-orbit-42" },
      ],
      ["POST", `/api/admin/users/${uid}/credits`, { operation: "add", amount: "100" }],
      ["PUT", `/api/admin/users/${admin.user.id}/status`, { status: "suspended" }],
      ["DELETE", `/api/admin/users/${admin.user.id}`],
      ["GET", "/api/admin/services"],
      [
        "POST",
        "/api/admin/services",
        {
          user_id: uid,
          service_type: "vps",
          ipv4: "1.2.3.4",
          ram: "1",
          cpu: "1",
          storage: "1",
          reseller_id: 1,
        },
      ],
      ["PUT", `/api/admin/services/${service.id}/status`, { status: "suspended" }],
      ["PUT", `/api/admin/services/${service.id}/order`, { order_id: orderId }],
      ["DELETE", `/api/admin/services/${service.id}`],
      ["GET", "/api/admin/products"],
      ["POST", "/api/admin/products", productBody],
      ["DELETE", `/api/admin/products/${product.id}`],
      ["GET", "/api/admin/orders"],
      ["PUT", `/api/admin/orders/${orderId}/status`, { status: "suspended" }],
      ["DELETE", `/api/admin/orders/${orderId}`],
      ["GET", "/api/admin/audit"],
    ];
    const before = await snapshot(api);
    for (const [method, path, body] of calls) {
      const anon = await api.fetch(path, { method, json: body });
      assert.equal(anon.status, 401, `${method} ${path} without a token`);
      await anon.body?.cancel();
      const asCustomer = await api.fetch(path, {
        method,
        json: body,
        token: customer.access_token,
      });
      assert.equal(asCustomer.status, 403, `${method} ${path} as a customer`);
      assert.equal((await errorOf(asCustomer)).code, "forbidden");
    }
    assert.equal(await snapshot(api), before);
    // Every admin route is documented.
    const doc = await json<{ paths: Record<string, unknown> }>(
      await api.fetch("/api/openapi.json"),
    );
    for (const p of [
      "/api/admin/users",
      "/api/admin/users/{id}/credits",
      "/api/admin/services/{id}/order",
      "/api/admin/audit",
    ]) {
      assert.ok(doc.paths[p], p);
    }
  } finally {
    await api.close();
  }
});

type OpenApiPaths = Record<string, Record<string, unknown>>;

/** Every admin operation of the API description: method and path, `{id}` and the like filled in. */
async function adminOperations(api: TestApi) {
  const doc = await json<{ paths: OpenApiPaths }>(await api.fetch("/api/openapi.json"));
  const operations: { method: string; path: string; documented: string }[] = [];
  for (const [documented, item] of Object.entries(doc.paths)) {
    if (!documented.startsWith("/api/admin/")) continue;
    for (const method of Object.keys(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const path = documented.replace(/\{[^}]+\}/g, crypto.randomUUID());
      operations.push({ method: method.toUpperCase(), path, documented });
    }
  }
  return operations;
}

test("admin: every /api/admin operation of the API description refuses anonymous (401) and customer (403) callers", async () => {
  const { api, customer } = await setup();
  try {
    const operations = await adminOperations(api);
    // The hand list above covers the admin's own resources; this one follows the document.
    assert.ok(operations.length >= 30, `only ${operations.length} admin operations documented`);
    const before = await snapshot(api);
    for (const { method, path } of operations) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anon = await api.fetch(path, { method, json: body });
      assert.equal(anon.status, 401, `${method} ${path} without a token`);
      await anon.body?.cancel();
      const asCustomer = await api.fetch(path, {
        method,
        json: body,
        token: customer.access_token,
      });
      assert.equal(asCustomer.status, 403, `${method} ${path} as a customer`);
      assert.equal((await errorOf(asCustomer)).code, "forbidden");
    }
    assert.equal(await snapshot(api), before);
  } finally {
    await api.close();
  }
});

test("admin: every /api/admin route is mounted by adminRoutes, so its one guard is on all of them", async () => {
  const { api } = await setup();
  try {
    const mounted = new Set(
      adminRoutes(api.deps)
        .routes.filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} /api/admin${r.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`),
    );
    for (const { method, documented } of await adminOperations(api)) {
      assert.ok(
        mounted.has(`${method} ${documented}`),
        `${method} ${documented} outside adminRoutes`,
      );
    }
  } finally {
    await api.close();
  }
});

test("admin credits: validation messages, floor at 0, ledger rows marked admin_adjustment with the admin id", async () => {
  const { api, admin, customer, token } = await setup();
  try {
    const path = `/api/admin/users/${customer.user.id}/credits`;
    const before = await snapshot(api);
    for (const [amount, message] of [
      [undefined, "Please enter a valid amount"],
      ["", "Please enter a valid amount"],
      ["abc", "Please enter a valid amount"],
      ["1.234", "Please enter a valid amount"],
      ["0", "Please enter a positive number"],
      ["-5", "Please enter a positive number"],
    ] as const) {
      const res = await post(api, token, path, { operation: "add", amount });
      assert.equal(res.status, 422);
      assert.equal((await errorOf(res)).message, message);
    }
    assert.equal(await snapshot(api), before);

    let res = await post(api, token, path, { operation: "add", amount: "25.50" });
    assert.equal(res.status, 200);
    let result = await json<CreditAdjustmentResult>(res);
    assert.equal(result.user.credits, "25.50");
    assert.equal(result.applied, "25.50");

    res = await post(api, token, path, { operation: "remove", amount: 100 });
    result = await json<CreditAdjustmentResult>(res);
    assert.equal(result.user.credits, "0.00");
    assert.equal(result.applied, "-25.50", "the ledger carries the delta actually applied");

    // Removing from an empty balance changes nothing and writes no ledger row (amount <> 0).
    res = await post(api, token, path, { operation: "remove", amount: "5" });
    result = await json<CreditAdjustmentResult>(res);
    assert.equal(result.applied, "0.00");
    assert.equal(result.transaction_id, null);

    const ledger = await api.sql<{ amount: string; kind: string; admin_id: string }[]>`
      select amount, kind, admin_id from transactions where user_id = ${customer.user.id} order by created_at`;
    assert.deepEqual(
      ledger.map((r) => [r.amount, r.kind, r.admin_id]),
      [
        ["25.50", "admin_adjustment", admin.user.id],
        ["-25.50", "admin_adjustment", admin.user.id],
      ],
    );
    const audit = await api.sql<
      { action: string; before: { credits: string }; after: { credits: string } }[]
    >`
      select action, before, after from audit_log where entity = 'profile' and entity_id = ${customer.user.id} order by id`;
    assert.deepEqual(
      audit.map((a) => [a.action, a.before.credits, a.after.credits]),
      [
        ["admin.credits.add", "0.00", "25.50"],
        ["admin.credits.remove", "25.50", "0.00"],
        ["admin.credits.remove", "0.00", "0.00"],
      ],
    );

    const missing = await post(api, token, `/api/admin/users/${crypto.randomUUID()}/credits`, {
      operation: "add",
      amount: "1",
    });
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await api.close();
  }
});

test("admin credits: a repeated change (double submit, lost answer) is applied once", async () => {
  const { api, customer, token } = await setup();
  try {
    const path = `/api/admin/users/${customer.user.id}/credits`;
    const send = (key: string | null, amount = "40.00") =>
      api.fetch(path, {
        method: "POST",
        token,
        json: { operation: "add", amount },
        headers: key ? { "idempotency-key": key } : {},
      });
    const missing = await send(null);
    assert.equal(missing.status, 422);
    assert.equal((await errorOf(missing)).message, "Idempotency-Key header is required");
    const key = `test-${crypto.randomUUID()}`;
    const answers = await Promise.all([send(key), send(key), send(key)]);
    const bodies = await Promise.all(answers.map((r) => json<CreditAdjustmentResult>(r)));
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200, 200],
    );
    assert.deepEqual(new Set(bodies.map((b) => b.transaction_id)).size, 1, "one ledger row");
    assert.deepEqual(
      bodies.map((b) => b.applied),
      ["40.00", "40.00", "40.00"],
    );
    const [row] = await api.sql`select credits from profiles where id = ${customer.user.id}`;
    assert.equal(row!.credits, "40.00");
    const other = await send(key, "41.00");
    assert.equal(other.status, 409);
    await other.body?.cancel();
  } finally {
    await api.close();
  }
});

test("admin credits: 50 concurrent adjustments lose nothing (ledger sum == balance)", async () => {
  const { api, customer, token } = await setup();
  try {
    const path = `/api/admin/users/${customer.user.id}/credits`;
    await post(api, token, path, { operation: "add", amount: "10.00" }).then((r) =>
      r.body?.cancel(),
    );
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(api, token, path, {
          operation: i % 2 ? "remove" : "add",
          amount: i % 2 ? "3.33" : "1.11",
        }),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    for (const r of results) {
      assert.equal(r.status, 200);
      await r.body?.cancel();
    }
    const [row] = await api.sql<{ credits: string; ledger: string; rows: number }[]>`
      select p.credits::text, (select sum(amount)::numeric(12, 2)::text from transactions t where t.user_id = p.id) as ledger,
        (select count(*)::int from audit_log a where a.entity_id = p.id::text and a.action like 'admin.credits.%') as rows
      from profiles p where p.id = ${customer.user.id}`;
    assert.equal(row!.credits, row!.ledger);
    assert.equal(row!.rows, 51, "one audit row per adjustment");
    console.log(
      `50 concurrent adjustments in ${elapsed} ms; balance ${row!.credits} == ledger ${row!.ledger}`,
    );
  } finally {
    await api.close();
  }
});

test("admin users: list, create a real account, suspend blocks sign-in, remove refuses a balance", async () => {
  const { api, admin, customer, token } = await setup();
  try {
    const bad = await post(api, token, "/api/admin/users", {
      username: "ab",
      email: "x@example.com",
      password: "tulip-orbit-42",
    });
    assert.equal((await errorOf(bad)).message, "Username must be at least 3 characters");
    const created = await post(api, token, "/api/admin/users", {
      username: "newcustomer",
      email: "NewCustomer@example.com",
      password: "tulip-orbit-42",
    });
    assert.equal(created.status, 201);
    const user = await json<AdminUser>(created);
    assert.equal(user.email, "newcustomer@example.com");
    const signIn = (password = "tulip-orbit-42") =>
      api.fetch("/api/auth/sign-in", {
        method: "POST",
        json: { email: "newcustomer@example.com", password },
      });
    assert.equal((await signIn()).status, 200);
    const dup = await post(api, token, "/api/admin/users", {
      username: "other1",
      email: "newcustomer@example.com",
      password: "tulip-orbit-42",
    });
    assert.equal(dup.status, 409);
    await dup.body?.cancel();

    const list = await json<AdminUserList>(await api.fetch("/api/admin/users", { token }));
    assert.equal(list.users[0]!.id, user.id, "newest first");
    assert.ok(list.users.some((u) => u.id === admin.user.id && u.is_admin));

    // Suspension ends the customer's live session at once and refuses sign-in; activation allows it again.
    let res = await put(api, token, `/api/admin/users/${customer.user.id}/status`, {
      status: "suspended",
    });
    assert.equal((await json<AdminUser>(res)).status, "suspended");
    const profile = await api.fetch("/api/account/profile", { token: customer.access_token });
    assert.equal(profile.status, 401);
    await profile.body?.cancel();
    const blocked = await api.fetch("/api/auth/sign-in", {
      method: "POST",
      json: { email: customer.user.email, password: customer.password },
    });
    assert.equal(blocked.status, 403);
    await blocked.body?.cancel();
    res = await put(api, token, `/api/admin/users/${customer.user.id}/status`, {
      status: "active",
    });
    await res.body?.cancel();
    const again = await api.fetch("/api/auth/sign-in", {
      method: "POST",
      json: { email: customer.user.email, password: customer.password },
    });
    assert.equal(again.status, 200);
    await again.body?.cancel();
    // The session that was live at suspension stays dead after re-activation.
    const old = await api.fetch("/api/account/profile", { token: customer.access_token });
    assert.equal(old.status, 401);
    await old.body?.cancel();

    // An admin cannot lock themselves out.
    const self = await put(api, token, `/api/admin/users/${admin.user.id}/status`, {
      status: "suspended",
    });
    assert.equal(self.status, 409);
    await self.body?.cancel();

    // Removal: refused while the user holds credits, then a hard delete with everything they own.
    const product = await createProduct(api, token);
    const orderId = await insertOrder(api, user.id, product.id);
    const service = await createService(api, token, user.id);
    await put(api, token, `/api/admin/services/${service.id}/order`, { order_id: orderId }).then(
      (r) => r.body?.cancel(),
    );
    await post(api, token, `/api/admin/users/${user.id}/credits`, {
      operation: "add",
      amount: "5",
    }).then((r) => r.body?.cancel());
    const refused = await del(api, token, `/api/admin/users/${user.id}`);
    assert.equal(refused.status, 409);
    await refused.body?.cancel();
    await post(api, token, `/api/admin/users/${user.id}/credits`, {
      operation: "remove",
      amount: "5",
    }).then((r) => r.body?.cancel());
    const removed = await del(api, token, `/api/admin/users/${user.id}`);
    assert.equal(removed.status, 204);
    const [left] = await api.sql<{ n: number }[]>`
      select (select count(*) from profiles where id = ${user.id})
        + (select count(*) from orders where user_id = ${user.id})
        + (select count(*) from services where user_id = ${user.id})
        + (select count(*) from transactions where user_id = ${user.id}) as n`;
    assert.equal(Number(left!.n), 0);
    assert.equal((await signIn()).status, 400);
    const [audit] = await api.sql<{ before: { username: string; ledger_rows: number } }[]>`
      select before from audit_log where action = 'admin.user.remove' and entity_id = ${user.id}`;
    assert.equal(audit!.before.username, "newcustomer");
    assert.equal(audit!.before.ledger_rows, 2);
    const actions = (
      await api.sql<{ action: string }[]>`select distinct action from audit_log`
    ).map((r) => r.action);
    for (const a of [
      "admin.user.create",
      "admin.user.suspend",
      "admin.user.activate",
      "admin.user.remove",
    ]) {
      assert.ok(actions.includes(a), a);
    }
  } finally {
    await api.close();
  }
});

test("admin services: validation, create, status, link rules, remove deletes the linked order", async () => {
  const { api, customer, token } = await setup();
  const other = await signUpAndIn(api);
  try {
    const base = {
      user_id: customer.user.id,
      service_type: "vps",
      ipv4: "10.0.0.1",
      ram: "4",
      cpu: "2",
      storage: "80",
      reseller_id: 9,
    };
    const before = await snapshot(api);
    for (const [patch, message] of [
      [{ ipv4: "256.1.1.1" }, "Valid IPv4 address is required"],
      [{ ipv4: "1.2.3.4.5" }, "Valid IPv4 address is required"],
      [{ ipv4: "" }, "Valid IPv4 address is required"],
      [{ reseller_id: "12a" }, "Reseller ID must be an integer"],
      [{ reseller_id: 1.5 }, "Reseller ID must be an integer"],
      [{ user_id: "" }, "User is required"],
      [{ ram: "" }, "RAM is required"],
      [{ ram: "4 GB" }, "RAM must be a whole number of GB"],
      [{ service_type: "shared" }, "Type must be vps or dedicated"],
    ] as const) {
      const res = await post(api, token, "/api/admin/services", { ...base, ...patch });
      assert.equal(res.status, 422, JSON.stringify(patch));
      assert.equal((await errorOf(res)).message, message);
    }
    const ghost = await post(api, token, "/api/admin/services", {
      ...base,
      user_id: crypto.randomUUID(),
    });
    assert.equal(ghost.status, 422);
    await ghost.body?.cancel();
    assert.equal(await snapshot(api), before);

    const dedicated = await createService(api, token, customer.user.id, {
      service_type: "dedicated",
      cpu: "AMD EPYC 7302P",
      ram: "64 GB DDR4",
      storage: "2x 1 TB NVMe",
    });
    assert.equal(dedicated.cpu, "AMD EPYC 7302P");
    const service = await createService(api, token, customer.user.id);
    assert.equal(service.service_status, "active");
    assert.equal(service.username, customer.user.username);

    let res = await put(api, token, `/api/admin/services/${service.id}/status`, {
      status: "suspended",
    });
    assert.equal((await json<AdminService>(res)).service_status, "suspended");
    res = await put(api, token, `/api/admin/services/${service.id}/status`, { status: "active" });
    assert.equal((await json<AdminService>(res)).service_status, "active");

    const product = await createProduct(api, token);
    const orderA = await insertOrder(api, customer.user.id, product.id);
    const orderB = await insertOrder(api, customer.user.id, product.id);
    const othersOrder = await insertOrder(api, other.user.id, product.id);

    res = await put(api, token, `/api/admin/services/${service.id}/order`, {
      order_id: othersOrder,
    });
    assert.equal(res.status, 409);
    assert.equal((await errorOf(res)).message, "The order belongs to another user");
    res = await put(api, token, `/api/admin/services/${service.id}/order`, { order_id: orderA });
    assert.equal((await json<AdminService>(res)).order_id, orderA);
    res = await put(api, token, `/api/admin/services/${service.id}/order`, { order_id: orderB });
    assert.equal(res.status, 409);
    assert.equal((await errorOf(res)).message, "This service is already linked to another order");
    res = await put(api, token, `/api/admin/services/${service.id}/order`, { order_id: null });
    assert.equal((await json<AdminService>(res)).order_id, null);
    res = await put(api, token, `/api/admin/services/${service.id}/order`, { order_id: orderB });
    assert.equal((await json<AdminService>(res)).order_id, orderB);

    const list = await json<AdminServiceList>(await api.fetch("/api/admin/services", { token }));
    assert.equal(list.services.find((s) => s.id === service.id)?.email, customer.user.email);

    // SPEC §4: removing a service also deletes its linked order; the unlinked one stays alone.
    res = await del(api, token, `/api/admin/services/${service.id}`);
    assert.equal(res.status, 204);
    const [gone] = await api.sql`select 1 from orders where id = ${orderB}`;
    assert.equal(gone, undefined);
    const [keptOrder] = await api.sql`select 1 from orders where id = ${orderA}`;
    assert.ok(keptOrder);
    res = await del(api, token, `/api/admin/services/${dedicated.id}`);
    assert.equal(res.status, 204);
    const [keptA] = await api.sql`select 1 from orders where id = ${orderA}`;
    assert.ok(keptA, "an unlinked service's removal deletes no order");

    const actions = (
      await api.sql<{ action: string }[]>`select action from audit_log where entity = 'service'`
    ).map((r) => r.action);
    for (const a of [
      "admin.service.create",
      "admin.service.suspend",
      "admin.service.activate",
      "admin.service.link",
      "admin.service.unlink",
      "admin.service.remove",
    ]) {
      assert.ok(actions.includes(a), a);
    }
  } finally {
    await api.close();
  }
});

test("admin products and orders: ordering, archive keeps orders named, status cascades, removal cascades", async () => {
  const { api, customer, token } = await setup();
  try {
    const bad = await post(api, token, "/api/admin/products", { ...productBody, price: "4.999" });
    assert.equal((await errorOf(bad)).message, "Price must be a number with up to 2 decimals");
    const missing = await post(api, token, "/api/admin/products", { ...productBody, uplink: "" });
    assert.equal((await errorOf(missing)).message, "Uplink is required");

    const big = await createProduct(api, token, { name: "VPS Large", price: "19.90" });
    const small = await createProduct(api, token, { name: "VPS Small", price: 5 });
    const dedicated = await createProduct(api, token, {
      name: "Dedi",
      price: "1.00",
      product_type: "dedicated",
      plan: null,
    });
    const unused = await createProduct(api, token, { name: "Unused", price: "3.00" });
    assert.equal(small.price, "5.00");
    const list = await json<{ products: AdminProduct[] }>(
      await api.fetch("/api/admin/products", { token }),
    );
    assert.deepEqual(
      list.products.map((p) => p.id),
      [dedicated.id, unused.id, small.id, big.id],
    );

    const order = await insertOrder(api, customer.user.id, big.id);
    const s1 = await createService(api, token, customer.user.id);
    const s2 = await createService(api, token, customer.user.id, { ipv4: "10.0.0.2" });
    for (const s of [s1, s2]) {
      await put(api, token, `/api/admin/services/${s.id}/order`, { order_id: order }).then((r) =>
        r.body?.cancel(),
      );
    }

    // Removing an ordered product archives it; the order keeps working and keeps its name.
    let res = await del(api, token, `/api/admin/products/${big.id}`);
    assert.deepEqual(await json(res), { outcome: "archived" });
    res = await del(api, token, `/api/admin/products/${unused.id}`);
    assert.deepEqual(await json(res), { outcome: "deleted" });
    const after = await json<{ products: AdminProduct[] }>(
      await api.fetch("/api/admin/products", { token }),
    );
    assert.deepEqual(
      after.products.map((p) => p.id),
      [dedicated.id, small.id],
    );
    let orders = await json<AdminOrderList>(await api.fetch("/api/admin/orders", { token }));
    const listed = orders.orders.find((o) => o.id === order)!;
    assert.equal(listed.product_name, "VPS Large");
    assert.equal(listed.product_archived, true);
    assert.equal(listed.username, customer.user.username);
    assert.equal(listed.services.length, 2);

    const statuses = async () =>
      (
        await api.sql<
          { service_status: string }[]
        >`select service_status from services where order_id = ${order}`
      ).map((r) => r.service_status);
    for (const [status, expected] of [
      ["suspended", "suspended"],
      ["active", "active"],
      ["expired", "suspended"],
    ] as const) {
      res = await put(api, token, `/api/admin/orders/${order}/status`, { status });
      assert.equal(res.status, 204);
      assert.deepEqual(await statuses(), [expected, expected]);
    }
    res = await put(api, token, `/api/admin/orders/${order}/status`, { status: "cancelled" });
    assert.equal(res.status, 422);
    await res.body?.cancel();

    // SPEC §4: removing an order deletes its linked services, then the order.
    res = await del(api, token, `/api/admin/orders/${order}`);
    assert.equal(res.status, 204);
    const [left] = await api.sql<{ n: number }[]>`
      select (select count(*) from orders where id = ${order}) + (select count(*) from services where id in ${api.sql([s1.id, s2.id])}) as n`;
    assert.equal(Number(left!.n), 0);
    orders = await json<AdminOrderList>(await api.fetch("/api/admin/orders", { token }));
    assert.equal(orders.orders.length, 0);

    const audit = await json<AuditList>(await api.fetch("/api/admin/audit?limit=3", { token }));
    assert.equal(audit.entries.length, 3);
    assert.equal(audit.entries[0]!.action, "admin.order.remove");
    assert.ok(audit.next_before);
    const page2 = await json<AuditList>(
      await api.fetch(`/api/admin/audit?limit=3&before=${audit.next_before}`, { token }),
    );
    assert.ok(Number(page2.entries[0]!.id) < Number(audit.entries[2]!.id));
    const statusRows = await api.sql`select 1 from audit_log where action = 'admin.order.status'`;
    assert.equal(statusRows.length, 3);
    for (const a of ["admin.product.create", "admin.product.archive", "admin.product.delete"]) {
      const [row] = await api.sql`select 1 from audit_log where action = ${a}`;
      assert.ok(row, a);
    }
  } finally {
    await api.close();
  }
});

test("admin users: removing a customer who has acted keeps their audit rows as written", async () => {
  const { api, token } = await setup();
  try {
    const acted = await signUpAndIn(api);
    // The customer's own audited action (their notification choices).
    const saved = await put(api, acted.access_token, "/api/account/notifications", {
      reminders: false,
      receipts: true,
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    await saved.body?.cancel();
    const removed = await del(api, token, `/api/admin/users/${acted.user.id}`);
    assert.equal(removed.status, 204, await removed.clone().text());
    await removed.body?.cancel();
    const rows = await api.sql<{ actor_id: string | null }[]>`
      select actor_id from audit_log where action = 'account.notifications'
        and entity_id = ${acted.user.id}`;
    assert.deepEqual(
      rows.map((r) => r.actor_id),
      [acted.user.id],
    );
  } finally {
    await api.close();
  }
});
