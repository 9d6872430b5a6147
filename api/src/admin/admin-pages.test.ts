import assert from "node:assert/strict";
import postgres from "postgres";
import type {
  AdminOrderList,
  AdminProductList,
  AdminServiceList,
  AdminUserList,
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
import { listAdminServices } from "./services.service.ts";
import { listUsers } from "./users.service.ts";

/** Keyset pagination, search and filters of the admin lists. */

async function setup() {
  const api = await startTestApi();
  const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
  await makeAdmin(api, admin.user.id);
  const customer = await signUpAndIn(api);
  return { api, admin, customer, token: admin.access_token };
}

type Page = { next_cursor: string | null } & Record<string, unknown>;

/** Reads a list to its end, `between` running after each page; fails on a repeated id. */
async function walk(
  api: TestApi,
  token: string,
  path: string,
  field: string,
  between: (page: number) => Promise<void> = async () => {},
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await api.fetch(`${path}${cursor ? `${sep}cursor=${cursor}` : ""}`, { token });
    assert.equal(res.status, 200, await res.clone().text());
    const body = await json<Page>(res);
    const rows = body[field] as { id: string }[];
    for (const r of rows) {
      assert.ok(!ids.includes(r.id), `${path}: ${r.id} repeated on page ${pages + 1}`);
      ids.push(r.id);
    }
    cursor = body.next_cursor;
    pages++;
    if (cursor) await between(pages);
    assert.ok(pages < 1000, "runaway pagination");
  } while (cursor);
  return { ids, pages };
}

let seq = 0;
async function insertUsers(api: TestApi, n: number, prefix = "pg"): Promise<string[]> {
  const name = `${prefix}${seq++}_`;
  const rows = await api.sql<{ id: string }[]>`
    insert into profiles (username, email)
    select ${name} || g, ${name} || g || '@Example.com'
    from generate_series(1, ${n}) g
    returning id`;
  return rows.map((r) => r.id);
}

async function insertProducts(api: TestApi, n: number, name = "Plan"): Promise<string[]> {
  // Few distinct prices and types: many ties, so name and id must break them.
  const rows = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    select ${name} || ' ' || (g % 3), (g % 4) + 0.99, '2', '4', '80', '1 Gbit/s', 'Included',
      case when g % 2 = 0 then 'vps' else 'dedicated' end
    from generate_series(1, ${n}) g
    returning id`;
  return rows.map((r) => r.id);
}

/** One server, one live VPS: each call's VPS rows get provider ids of their own. */
let vpsResellerBase = 500_000;

async function insertServices(
  api: TestApi,
  userId: string,
  n: number,
  ipPrefix = "198.51.100",
): Promise<string[]> {
  const vpsBase = vpsResellerBase;
  vpsResellerBase += n;
  const rows = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    select ${userId}, case when g % 2 = 0 then 'vps' else 'dedicated' end,
      case when g % 3 = 0 then 'suspended' else 'active' end,
      ${ipPrefix} || '.' || (g % 250), '4', '2', '80',
      case when g % 2 = 0 then ${vpsBase} + g else 1000 + g end
    from generate_series(1, ${n}) g
    returning id`;
  return rows.map((r) => r.id);
}

async function insertOrders(
  api: TestApi,
  userId: string,
  productId: string,
  n: number,
  days = 30,
): Promise<string[]> {
  const rows = await api.sql<{ id: string }[]>`
    insert into orders (user_id, product_id, expire_date, status)
    select ${userId}, ${productId}, now() + make_interval(days => ${days}::int), 'active'
    from generate_series(1, ${n}) g
    returning id`;
  return rows.map((r) => r.id);
}

test("admin pages: disjoint and complete while rows are inserted between requests, all four lists", async () => {
  const { api, admin, customer, token } = await setup();
  try {
    // Users: 23 rows (plus the admin and customer), pages of 5; 3 users join after every page.
    const users = [...(await insertUsers(api, 23)), admin.user.id, customer.user.id];
    const u = await walk(api, token, "/api/admin/users?limit=5", "users", async () => {
      await insertUsers(api, 3, "late");
    });
    for (const id of users) assert.ok(u.ids.includes(id), `user ${id} lost`);
    assert.equal(u.pages, 5);

    // Products sort by type then price: rows inserted later land before and after the cursor.
    const products = await insertProducts(api, 37);
    const p = await walk(api, token, "/api/admin/products?limit=6", "products", async () => {
      await insertProducts(api, 4, "Late");
    });
    for (const id of products) assert.ok(p.ids.includes(id), `product ${id} lost`);
    // The walk saw the rows in the list's order: type, price, name, id.
    const all = await api.sql<{ id: string }[]>`
      select id from products where archived_at is null and id = any(${p.ids}::uuid[])
      order by product_type, price, name, id`;
    assert.deepEqual(
      p.ids,
      all.map((r) => r.id),
    );

    const services = await insertServices(api, customer.user.id, 31);
    const s = await walk(api, token, "/api/admin/services?limit=7", "services", async () => {
      await insertServices(api, customer.user.id, 2);
    });
    for (const id of services) assert.ok(s.ids.includes(id), `service ${id} lost`);

    const orders = await insertOrders(api, customer.user.id, products[0]!, 29);
    const o = await walk(api, token, "/api/admin/orders?limit=4", "orders", async () => {
      await insertOrders(api, customer.user.id, products[1]!, 2);
    });
    for (const id of orders) assert.ok(o.ids.includes(id), `order ${id} lost`);
    assert.equal(o.pages, 8);

    // A row deleted between requests does not disturb the rest either.
    const d = await walk(api, token, "/api/admin/orders?limit=10", "orders", async (page) => {
      if (page === 1) await api.sql`delete from orders where id = ${orders[5]!}`;
    });
    const current = await api.sql<
      { id: string }[]
    >`select id from orders order by created_at desc, id desc`;
    assert.deepEqual(
      d.ids.filter((id) => id !== orders[5]),
      current.map((r) => r.id),
    );

    // Without limit: 50 rows and a cursor (the mf-admin pages follow it), the old field name kept.
    await insertUsers(api, 60);
    const first = await json<AdminUserList>(await api.fetch("/api/admin/users", { token }));
    assert.equal(first.users.length, 50);
    assert.ok(first.next_cursor);
    const everything = await walk(api, token, "/api/admin/users", "users");
    const [{ count }] = await api.sql<
      { count: number }[]
    >`select count(*)::int as count from profiles`;
    assert.equal(everything.ids.length, count);
    const last = await json<AdminUserList>(
      await api.fetch("/api/admin/users?limit=200", { token }),
    );
    assert.equal(last.users.length, count > 200 ? 200 : count);
  } finally {
    await api.close();
  }
});

test("admin pages: search and filters combine, case-insensitive, and page like the full list", async () => {
  const { api, customer, token } = await setup();
  try {
    const get = async <T>(path: string) => {
      const res = await api.fetch(path, { token });
      assert.equal(res.status, 200, await res.clone().text());
      return await json<T>(res);
    };
    // Users: username part, email part (any case), id prefix; LIKE characters taken literally.
    const [alice] = await api.sql<{ id: string }[]>`
      insert into profiles (username, email) values ('Alice_Wonder', 'alice.w@Mail.TEST') returning id`;
    await api.sql`insert into profiles (username, email) values ('aliceXwonder', 'ax@example.com')`;
    await insertUsers(api, 10);
    const byName = await get<AdminUserList>("/api/admin/users?q=alice_w");
    assert.deepEqual(
      byName.users.map((u) => u.username),
      ["Alice_Wonder"],
    );
    const byEmail = await get<AdminUserList>("/api/admin/users?q=MAIL.test");
    assert.deepEqual(
      byEmail.users.map((u) => u.id),
      [alice!.id],
    );
    const byId = await get<AdminUserList>(
      `/api/admin/users?q=${alice!.id.slice(0, 8).toUpperCase()}`,
    );
    assert.ok(byId.users.some((u) => u.id === alice!.id));
    const prefix = alice!.id.slice(0, 8);
    assert.ok(
      byId.users.every(
        (u) => u.id.startsWith(prefix) || `${u.username} ${u.email}`.toLowerCase().includes(prefix),
      ),
    );
    assert.equal((await get<AdminUserList>("/api/admin/users?q=%25")).users.length, 0);
    assert.equal((await get<AdminUserList>("/api/admin/users?q=nobody-here")).next_cursor, null);

    // Services: two owners; IPv4 part, owner email, reseller id, id prefix, combined with type and status.
    const other = await signUpAndIn(api, `own${crypto.randomUUID().slice(0, 6)}`);
    await api.sql`update profiles set email = 'Owner.Other@Example.org' where id = ${other.user.id}`;
    const mine = await insertServices(api, customer.user.id, 12, "203.0.113");
    const theirs = await insertServices(api, other.user.id, 12, "192.0.2");
    const ofOther = await get<AdminServiceList>(
      "/api/admin/services?q=owner.other@EXAMPLE&limit=200",
    );
    assert.deepEqual(new Set(ofOther.services.map((s) => s.id)), new Set(theirs));
    const combined = await get<AdminServiceList>(
      "/api/admin/services?q=owner.other&type=dedicated&status=suspended",
    );
    const expected = await api.sql<{ id: string }[]>`
      select id from services where user_id = ${other.user.id} and service_type = 'dedicated'
        and service_status = 'suspended' order by created_at desc, id desc`;
    assert.ok(expected.length > 0);
    assert.deepEqual(
      combined.services.map((s) => s.id),
      expected.map((r) => r.id),
    );
    // The same filtered list a row at a time gives the same rows.
    const paged = await walk(
      api,
      token,
      "/api/admin/services?q=owner.other&type=dedicated&status=suspended&limit=1",
      "services",
    );
    assert.deepEqual(
      paged.ids,
      expected.map((r) => r.id),
    );
    const byIp = await get<AdminServiceList>("/api/admin/services?q=203.0.113.&limit=200");
    assert.deepEqual(new Set(byIp.services.map((s) => s.id)), new Set(mine));
    const byReseller = await get<AdminServiceList>("/api/admin/services?q=1005");
    assert.deepEqual(
      byReseller.services.map((s) => s.reseller_id),
      [1005, 1005],
    );
    const byServiceId = await get<AdminServiceList>(
      `/api/admin/services?q=${mine[3]!.slice(0, 13)}`,
    );
    assert.deepEqual(
      byServiceId.services.map((s) => s.id),
      [mine[3]],
    );
    const badType = await api.fetch("/api/admin/services?type=vm", { token });
    assert.equal(badType.status, 422);

    // Orders: customer email or username, product name; status and expiring_within_days.
    const [gold] = await insertProducts(api, 1, "GoldBox");
    const [plain] = await insertProducts(api, 1, "PlainBox");
    const soon = await insertOrders(api, other.user.id, gold!, 3, 5);
    const later = await insertOrders(api, other.user.id, gold!, 2, 60);
    const customers = await insertOrders(api, customer.user.id, plain!, 4, 5);
    await api.sql`update orders set status = 'suspended' where id = ${soon[0]!}`;
    const byProduct = await get<AdminOrderList>("/api/admin/orders?q=goldbox");
    assert.deepEqual(new Set(byProduct.orders.map((o) => o.id)), new Set([...soon, ...later]));
    const byCustomer = await get<AdminOrderList>(
      `/api/admin/orders?q=${customer.user.username.toUpperCase()}`,
    );
    assert.deepEqual(new Set(byCustomer.orders.map((o) => o.id)), new Set(customers));
    const expiring = await get<AdminOrderList>(
      "/api/admin/orders?q=gold&status=active&expiring_within_days=7",
    );
    assert.deepEqual(new Set(expiring.orders.map((o) => o.id)), new Set(soon.slice(1)));
    const expiringAll = await get<AdminOrderList>(
      "/api/admin/orders?expiring_within_days=7&limit=200",
    );
    assert.deepEqual(
      new Set(expiringAll.orders.map((o) => o.id)),
      new Set([...soon, ...customers]),
    );

    // Products: name part, type.
    const boxes = await get<AdminProductList>("/api/admin/products?q=BOX");
    assert.deepEqual(new Set(boxes.products.map((p) => p.id)), new Set([gold, plain]));
    const dedicatedBoxes = await get<AdminProductList>("/api/admin/products?q=box&type=dedicated");
    assert.ok(
      dedicatedBoxes.products.every((p) => p.product_type === "dedicated" && /box/i.test(p.name)),
    );
  } finally {
    await api.close();
  }
});

test("admin pages: limit enforced (201 → 422), bad cursors refused, customers get 403", async () => {
  const { api, customer, token } = await setup();
  try {
    for (const list of ["users", "services", "orders", "products"]) {
      const ok = await api.fetch(`/api/admin/${list}?limit=200`, { token });
      assert.equal(ok.status, 200);
      await ok.body?.cancel();
      const over = await api.fetch(`/api/admin/${list}?limit=201`, { token });
      assert.equal(over.status, 422, list);
      const err = await errorOf(over);
      assert.equal(err.code, "validation_error");
      assert.equal(err.message, "limit must be at most 200");
      for (const bad of ["0", "-1", "abc", "1.5"]) {
        const res = await api.fetch(`/api/admin/${list}?limit=${bad}`, { token });
        assert.equal(res.status, 422, `${list} limit=${bad}`);
        assert.equal((await errorOf(res)).message, "limit must be a whole number from 1 to 200");
      }
      for (const cursor of [
        "garbage",
        "W10",
        btoa(JSON.stringify(["x", "y"])).replace(/=+$/, ""),
        "%2F%2F",
      ]) {
        const res = await api.fetch(`/api/admin/${list}?cursor=${cursor}`, { token });
        assert.equal(res.status, 422, `${list} cursor=${cursor}`);
        assert.match((await errorOf(res)).message, /Invalid cursor/);
      }
      const asCustomer = await api.fetch(`/api/admin/${list}?limit=5&q=a`, {
        token: customer.access_token,
      });
      assert.equal(asCustomer.status, 403);
      assert.equal((await errorOf(asCustomer)).code, "forbidden");
      const anonymous = await api.fetch(`/api/admin/${list}?limit=5`);
      assert.equal(anonymous.status, 401);
      await anonymous.body?.cancel();
    }
    // A cursor of one list is refused by another.
    await insertUsers(api, 3);
    const users = await json<AdminUserList>(await api.fetch("/api/admin/users?limit=1", { token }));
    const cross = await api.fetch(`/api/admin/services?cursor=${users.next_cursor}`, { token });
    assert.equal(cross.status, 422);
    await cross.body?.cancel();
    // The query parameters are documented.
    const doc = await json<{ paths: Record<string, { get: { parameters?: { name: string }[] } }> }>(
      await api.fetch("/api/openapi.json"),
    );
    const names = (p: string) => (doc.paths[p]!.get.parameters ?? []).map((x) => x.name).sort();
    assert.deepEqual(names("/api/admin/users"), ["cursor", "limit", "q"]);
    assert.deepEqual(names("/api/admin/services"), ["cursor", "limit", "q", "status", "type"]);
    assert.deepEqual(names("/api/admin/orders"), [
      "cursor",
      "expiring_within_days",
      "limit",
      "q",
      "status",
    ]);
    assert.deepEqual(names("/api/admin/products"), ["cursor", "limit", "q", "type"]);
  } finally {
    await api.close();
  }
});

/**
 * The searches use the indexes on a few thousand rows: the plans of the real list queries, as
 * auto_explain reports them on a dedicated connection.
 */
test("admin pages: the search queries use the trigram and key indexes (EXPLAIN on 20000 rows)", async () => {
  const { api } = await setup();
  const plans: string[] = [];
  const conn = postgres(api.databaseUrl, {
    max: 1,
    onnotice: (n) => {
      if (String(n.message).includes("Query Text")) plans.push(String(n.message));
    },
  });
  try {
    // Varied names, as real ones are (a shared prefix on every row would make any trigram unselective).
    await api.sql`
      insert into profiles (username, email)
      select 'u' || substr(md5(g::text), 1, 12), substr(md5('e' || g), 1, 10) || '@example.com'
      from generate_series(1, 20000) g`;
    // One service per user, varied addresses, reseller ids 1..20000.
    await api.sql`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      select id, case when g % 2 = 0 then 'vps' else 'dedicated' end, 'active',
        (g % 223 + 1) || '.' || (g * 7 % 256) || '.' || (g * 13 % 256) || '.' || (g % 250 + 1),
        '4', '2', '80', g
      from (select id, row_number() over (order by id) as g from profiles) u`;
    // As autovacuum would: statistics, and new GIN entries moved out of the pending list.
    await api.sql`vacuum analyze`;
    await conn`load 'auto_explain'`;
    await conn`set auto_explain.log_min_duration = 0`;
    await conn`set auto_explain.log_level = 'notice'`;
    await conn`set auto_explain.log_analyze = on`;
    await conn`set auto_explain.log_timing = off`;
    await conn`set client_min_messages = 'notice'`;

    const q =
      `${(await api.sql<{ u: string }[]>`select substr(md5('4242'), 3, 7) as u`)[0]!.u}`.toUpperCase();
    const users = await listUsers(conn, { q });
    assert.ok(users.users.length >= 1);
    const userPlan = plans.find((p) => p.includes("from profiles p"));
    assert.ok(userPlan, plans.join("\n"));
    assert.match(userPlan, /profiles_username_trgm_idx/);
    assert.match(userPlan, /profiles_email_trgm_idx/);
    assert.doesNotMatch(userPlan, /Seq Scan on profiles/);

    plans.length = 0;
    const services = await listAdminServices(conn, { q: "1777" });
    // Reseller 1777, plus any service whose id starts with 1777 or whose address or owner's email has it.
    assert.ok(services.services.some((s) => s.reseller_id === 1777));
    assert.ok(
      services.services.every(
        (s) =>
          s.reseller_id === 1777 ||
          s.id.startsWith("1777") ||
          (s.ipv4 ?? "").includes("1777") ||
          s.email.includes("1777"),
      ),
    );
    const servicePlan = plans.find((p) => p.includes("from services s"));
    assert.ok(servicePlan, plans.join("\n"));
    assert.match(servicePlan, /services_reseller_idx/);
    assert.match(servicePlan, /services_ipv4_trgm_idx/);
    assert.doesNotMatch(servicePlan, /Seq Scan on services/);

    plans.length = 0;
    await listUsers(conn, { limit: 50 });
    const pagePlan = plans.find((p) => p.includes("from profiles p"));
    assert.match(pagePlan!, /profiles_created_id_idx/);
    if (Deno.env.get("SHOW_PLANS")) console.log(userPlan, "\n", servicePlan, "\n", pagePlan);
  } finally {
    await conn.end();
    await api.close();
  }
});
