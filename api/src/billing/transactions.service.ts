import type { Transaction, TransactionsQuery } from "../../contracts/billing.ts";
import type { Db } from "../platform/db.ts";
import { decodeCursor, newestFirstShape, toPage } from "../platform/list-page.ts";

/**
 * SPEC §2 /transactions: the caller's ledger, newest first, one keyset page at a time;
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
    select t.id, t.amount, t.status, t.kind, t.paypal_transaction_id, t.created_at,
      to_json(t.created_at) #>> '{}' as sort_at,
      -- The row's invoice, receipt or credit note (invoices_transaction_key).
      case when i.id is null then null
        else json_build_object('id', i.id, 'kind', i.kind, 'number', i.number) end as document
    from transactions t left join invoices i on i.transaction_id = t.id
    where t.user_id = ${userId}
      ${after ? sql`and (t.created_at, t.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
    order by t.created_at desc, t.id desc
    limit ${query.limit + 1}`;
  const { page, next_cursor } = toPage(rows, query.limit, "transactions", (r) => [r.sort_at, r.id]);
  return {
    // Named fields rather than a rest and a spread of the row (slower): this runs for every row.
    transactions: page.map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      kind: r.kind,
      paypal_transaction_id: r.paypal_transaction_id,
      document: r.document,
      created_at: r.created_at.toISOString(),
    })),
    next_cursor,
  };
}
