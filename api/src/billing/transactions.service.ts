import type { Transaction, TransactionsQuery } from "../../contracts/billing.ts";
import type { Db } from "../db.ts";
import { decodeCursor, newestFirstShape, toPage } from "../list-page.ts";

/**
 * SPEC §2 /transactions: the caller's ledger, newest first, one keyset page at a time (issue 18);
 * the id breaks ties between rows written at the same instant. transactions_user_created_idx
 * (user_id, created_at desc) reads the entries from the cursor's instant on, and only ties on
 * created_at are sorted by id: a page costs `limit` + 1 index entries however long the history.
 */
export async function listTransactions(
  sql: Db,
  userId: string,
  query: TransactionsQuery,
): Promise<{ transactions: Transaction[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeCursor("transactions", query.cursor, newestFirstShape) : null;
  const rows = await sql<
    (Omit<Transaction, "created_at"> & { created_at: Date; sort_at: string })[]
  >`
    select id, amount, status, kind, paypal_transaction_id, created_at,
      to_json(created_at) #>> '{}' as sort_at
    from transactions
    where user_id = ${userId}
      ${after ? sql`and (created_at, id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
    order by created_at desc, id desc
    limit ${query.limit + 1}`;
  const { page, next_cursor } = toPage(rows, query.limit, "transactions", (r) => [r.sort_at, r.id]);
  return {
    transactions: page.map(({ sort_at: _key, created_at, ...r }) => ({
      ...r,
      created_at: created_at.toISOString(),
    })),
    next_cursor,
  };
}
