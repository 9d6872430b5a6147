import assert from "node:assert/strict";
import type { TransactionsResponse } from "../../contracts/billing.ts";
import type { OrderList } from "../../contracts/shop.ts";
import { errorOf, json, signUpAndIn, startTestApi, type TestApi, test } from "./testing.ts";

/**
 * The customer's own lists (GET /api/billing/transactions, GET /api/shop/orders) answer
 * keyset pages, newest first, whatever the length of the history.
 */

const LISTS = {
  transactions: { path: "/api/billing/transactions", field: "transactions", max: 500 },
  orders: { path: "/api/shop/orders", field: "orders", max: 200 },
} as const;
type ListName = keyof typeof LISTS;
type Row = { id: string; created_at: string };
type Page = { next_cursor: string | null } & Record<string, unknown>;

async function insertProduct(api: TestApi): Promise<string> {
  const [row] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('Pager VPS', 4.99, '2', '4', '80', '1 Gbit/s', 'Included', 'vps') returning id`;
  return row!.id;
}

/**
 * `n` rows of this list for the user in one statement: every row of a statement has the same
 * created_at (now() is the transaction's start), so the id alone must order them.
 */
async function insertRows(
  api: TestApi,
  list: ListName,
  userId: string,
  n: number,
  productId: string,
  tag: string,
): Promise<void> {
  if (list === "transactions") {
    // The balance with its ledger rows, in one transaction (the database checks it at commit).
    await api.sql.begin(async (tx) => {
      await tx`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
        select ${userId}, 5, 'paid', 'topup', ${tag} || '-' || gen_random_uuid()
        from generate_series(1, ${n}) g`;
      await tx`update profiles set credits = ledger_total where id = ${userId}`;
    });
  } else {
    await api.sql`
      insert into orders (user_id, product_id, expire_date, status)
      select ${userId}, ${productId}, now() + interval '30 days', 'active'
      from generate_series(1, ${n}) g`;
  }
}

const allIds = async (api: TestApi, list: ListName, userId: string) =>
  (
    await (list === "transactions"
      ? api.sql<{ id: string }[]>`select id from transactions where user_id = ${userId}`
      : api.sql<{ id: string }[]>`select id from orders where user_id = ${userId}`)
  ).map((r) => r.id);

/** Reads the list to its end, `between` running after each page; fails on a repeated id. */
async function walk(
  api: TestApi,
  token: string,
  list: ListName,
  limit: number | null,
  between: () => Promise<void> = async () => {},
): Promise<{ rows: Row[]; pages: number }> {
  const { path, field } = LISTS[list];
  const rows: Row[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams();
    if (limit !== null) params.set("limit", String(limit));
    if (cursor) params.set("cursor", cursor);
    const res = await api.fetch(`${path}?${params}`, { token });
    assert.equal(res.status, 200, await res.clone().text());
    const body = await json<Page>(res);
    const page = body[field] as Row[];
    assert.ok(page.length <= (limit ?? 50), `${list}: page of ${page.length} rows`);
    for (const r of page) {
      assert.ok(!rows.some((x) => x.id === r.id), `${list}: ${r.id} repeated on page ${pages + 1}`);
      rows.push(r);
    }
    cursor = body.next_cursor;
    pages++;
    if (cursor) await between();
    assert.ok(pages < 1000, "runaway pagination");
  } while (cursor);
  return { rows, pages };
}

for (const list of ["transactions", "orders"] as const) {
  test(`${list}: pages are disjoint and complete while rows are added between requests, newest first`, async () => {
    const api = await startTestApi();
    try {
      const me = await signUpAndIn(api);
      const other = await signUpAndIn(api);
      const productId = await insertProduct(api);
      // Three statements, so three instants with 7 ties each, plus the other customer's rows.
      for (const tag of ["A", "B", "C"]) await insertRows(api, list, me.user.id, 7, productId, tag);
      await insertRows(api, list, other.user.id, 30, productId, "X");
      const before = await allIds(api, list, me.user.id);
      assert.equal(before.length, 21);

      // Pages of 4 cut through the ties; 2 new rows (newer than every page) land after each page.
      const { rows, pages } = await walk(api, me.access_token, list, 4, () =>
        insertRows(api, list, me.user.id, 2, productId, "LATE"),
      );
      assert.equal(pages, 6);
      // Every row that existed at the first request, once; none of the other customer's.
      assert.deepEqual(rows.map((r) => r.id).sort(), [...before].sort());
      // Newest first, and ties in a stable (id) order: the same as the database's full sort.
      const expected = (
        list === "transactions"
          ? await api.sql<{ id: string }[]>`select id from transactions
              where id = any(${before}::uuid[]) order by created_at desc, id desc`
          : await api.sql<{ id: string }[]>`select id from orders
              where id = any(${before}::uuid[]) order by created_at desc, id desc`
      ).map((r) => r.id);
      assert.deepEqual(
        rows.map((r) => r.id),
        expected,
      );

      // The default page is 50 rows; reading to the end without a limit finds all of them.
      await insertRows(api, list, me.user.id, 60, productId, "BULK");
      const total = (await allIds(api, list, me.user.id)).length;
      const first = await json<Page>(await api.fetch(LISTS[list].path, { token: me.access_token }));
      assert.equal((first[LISTS[list].field] as Row[]).length, 50);
      assert.equal(typeof first.next_cursor, "string");
      const all = await walk(api, me.access_token, list, null);
      assert.equal(all.rows.length, total);
      assert.equal(all.pages, Math.ceil(total / 50));

      // The other customer sees only their own rows, in one page with no next cursor.
      const theirs = await json<Page>(
        await api.fetch(`${LISTS[list].path}?limit=100`, { token: other.access_token }),
      );
      assert.deepEqual(
        (theirs[LISTS[list].field] as Row[]).map((r) => r.id).sort(),
        (await allIds(api, list, other.user.id)).sort(),
      );
      assert.equal(theirs.next_cursor, null);
    } finally {
      await api.close();
    }
  });

  test(`${list}: limits and cursors are enforced, another customer's cursor shows only the caller's rows`, async () => {
    const api = await startTestApi();
    try {
      const me = await signUpAndIn(api);
      const other = await signUpAndIn(api);
      const productId = await insertProduct(api);
      await insertRows(api, list, me.user.id, 3, productId, "M");
      await insertRows(api, list, other.user.id, 3, productId, "O");
      const { path, max } = LISTS[list];
      const get = (query: string, token = me.access_token) =>
        api.fetch(`${path}${query}`, { token });

      assert.equal((await get("")).status, 200);
      assert.equal((await get(`?limit=${max}`)).status, 200);
      for (const bad of [
        `?limit=${max + 1}`,
        "?limit=0",
        "?limit=-1",
        "?limit=abc",
        "?limit=2.5",
      ]) {
        const res = await get(bad);
        assert.equal(res.status, 422, bad);
        assert.equal((await errorOf(res)).code, "validation_error", bad);
      }
      for (const bad of ["?cursor=not+base64!", "?cursor=AAAA", `?cursor=${"a".repeat(2001)}`]) {
        const res = await get(bad);
        assert.equal(res.status, 422, bad);
        assert.equal(
          (await errorOf(res)).message,
          "Invalid cursor: pass the next_cursor of the previous page unchanged",
          bad,
        );
      }
      // A cursor of the other customer list (or of an admin list) is refused, not reinterpreted.
      const otherList = list === "orders" ? "transactions" : "orders";
      const foreign = await json<Page>(
        await api.fetch(`${LISTS[otherList].path}?limit=1`, { token: me.access_token }),
      );
      assert.equal((await get(`?cursor=${foreign.next_cursor}`)).status, 422);
      // `?cursor=` (empty) is the first page.
      const empty = await json<Page>(await get("?cursor="));
      assert.equal((empty[LISTS[list].field] as Row[]).length, 3);

      // A cursor is only a position: used by another customer it still shows their own rows.
      const mine = await json<Page>(await get("?limit=1"));
      assert.ok(mine.next_cursor);
      const borrowed = await json<Page>(
        await get(`?limit=50&cursor=${mine.next_cursor}`, other.access_token),
      );
      const otherIds = await allIds(api, list, other.user.id);
      for (const r of borrowed[LISTS[list].field] as Row[]) assert.ok(otherIds.includes(r.id));

      assert.equal((await api.fetch(path)).status, 401);
    } finally {
      await api.close();
    }
  });
}

test("customer lists: a page is an index range, not a sort of the whole history (10,000 rows)", async () => {
  const api = await startTestApi();
  try {
    const me = await signUpAndIn(api);
    const productId = await insertProduct(api);
    await api.sql.begin(async (tx) => {
      await tx`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
        select ${me.user.id}, 5, 'paid', 'topup', 'CAP' || g, now() - make_interval(secs => g / 3)
        from generate_series(1, 10000) g`;
      await tx`update profiles set credits = ledger_total where id = ${me.user.id}`;
    });
    await api.sql`
      insert into orders (user_id, product_id, expire_date, status, created_at)
      select ${me.user.id}, ${productId}, now(), 'expired', now() - make_interval(secs => g / 3)
      from generate_series(1, 10000) g`;
    await api.sql`analyze transactions`;
    await api.sql`analyze orders`;

    // The second page's query, as the services run it.
    const plans: Record<string, string> = {};
    // Orders: while one customer holds most rows, the admin list's (created_at, id) index
    // filtered by user is as good; the bench shows orders_user_created_idx at 100,000 customers.
    for (const [table, index] of [
      ["transactions", /Index Scan using transactions_user_created_idx/],
      ["orders", /Index Scan using orders_(user_created|created_id)_idx/],
    ] as const) {
      const [cursorRow] = await api.sql.unsafe<{ ts: string; id: string }[]>(
        `select to_json(created_at) #>> '{}' as ts, id from ${table}
         where user_id = $1 order by created_at desc, id desc offset 49 limit 1`,
        [me.user.id],
      );
      const plan = (
        await api.sql.unsafe(
          `explain (analyze, buffers) select * from ${table}
           where user_id = $1 and (created_at, id) < ($2::text::timestamptz, $3::uuid)
           order by created_at desc, id desc limit 51`,
          [me.user.id, cursorRow!.ts, cursorRow!.id],
        )
      )
        .map((r) => r["QUERY PLAN"])
        .join("\n");
      plans[table] = plan;
      assert.match(plan, index, plan);
      // Only rows sharing an instant are sorted (Incremental Sort), never the whole history.
      assert.doesNotMatch(plan, /^\s*(->\s+)?Sort {2}\(/m, plan);
      assert.doesNotMatch(plan, /Seq Scan/, plan);
    }

    const timed = async (path: string) => {
      const times: number[] = [];
      let cursor = "";
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        const body = await json<Page>(
          await api.fetch(`${path}${cursor ? `?cursor=${cursor}` : ""}`, {
            token: me.access_token,
          }),
        );
        times.push(performance.now() - t);
        cursor = body.next_cursor ?? "";
      }
      return times.sort((a, b) => a - b)[10]!.toFixed(1);
    };
    console.log(
      `10,000 rows, 20 pages each: transactions median ${await timed(
        "/api/billing/transactions",
      )} ms, orders median ${await timed("/api/shop/orders")} ms`,
    );
    const page = await json<TransactionsResponse>(
      await api.fetch("/api/billing/transactions", { token: me.access_token }),
    );
    // Three entries per instant (secs => g / 3): the first page is the database's full sort.
    const expected = await api.sql<{ id: string }[]>`
      select id from transactions where user_id = ${me.user.id}
      order by created_at desc, id desc limit 50`;
    assert.deepEqual(
      page.transactions.map((t) => t.id),
      expected.map((r) => r.id),
    );
    const orders = await json<OrderList>(
      await api.fetch("/api/shop/orders", { token: me.access_token }),
    );
    assert.equal(orders.orders.length, 50);
  } finally {
    await api.close();
  }
});
