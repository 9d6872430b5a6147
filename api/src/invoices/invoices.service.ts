import { accountMessages } from "../../contracts/account.ts";
import type {
  AdminInvoice,
  AdminInvoicesQuery,
  BillingDetails,
  BillingDetailsBody,
} from "../../contracts/invoices.ts";
import { invoiceMessages } from "../../contracts/invoices.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Db, Sql } from "../platform/db.ts";
import { notFound } from "../platform/http-error.ts";
import { decodeCursor, newestFirstShape, toPage } from "../platform/list-page.ts";
import { type InvoiceRow, renderInvoicePdf } from "./pdf.ts";

export async function getBillingDetails(sql: Db, userId: string): Promise<BillingDetails> {
  const [row] = await sql<[BillingDetails?]>`
    select name, company, address, country, vat_id from billing_details where user_id = ${userId}`;
  return row ?? { name: null, company: null, address: null, country: null, vat_id: null };
}

/** Saves the caller's billing details; invoices issued before keep the details of their moment. */
export async function saveBillingDetails(
  sql: Sql,
  userId: string,
  body: ReturnType<typeof BillingDetailsBody.parse>,
): Promise<BillingDetails> {
  return await sql.begin(async (tx) => {
    const before = await getBillingDetails(tx, userId);
    const [row] = await tx<[BillingDetails?]>`
      insert into billing_details (user_id, name, company, address, country, vat_id)
      values (${userId}, ${body.name}, ${body.company}, ${body.address}, ${body.country}, ${body.vat_id})
      on conflict (user_id) do update set name = excluded.name, company = excluded.company,
        address = excluded.address, country = excluded.country, vat_id = excluded.vat_id, updated_at = now()
      returning name, company, address, country, vat_id`;
    if (!row) throw notFound(accountMessages.profileNotFound);
    await recordAudit(tx, {
      actorId: userId,
      action: "billing_details.save",
      entity: "profile",
      entityId: userId,
      before,
      after: row,
    });
    return row;
  });
}

/**
 * The PDF of one document, rendered from its immutable row (deterministic: the same bytes on
 * every download). Another customer's document answers 404 like a missing one.
 */
export async function invoicePdf(
  sql: Sql,
  caller: { userId: string; isAdmin: boolean },
  id: string,
): Promise<{ number: string; bytes: Uint8Array }> {
  const [row] = await sql<[InvoiceRow?]>`
    select i.id, i.number, i.kind, i.issued_at, i.seller, i.customer, i.description,
      i.period_from::text as period_from, i.period_to::text as period_to, i.net, i.vat_rate, i.vat,
      i.gross, i.currency, i.reverse_charge, r.number as refers_to_number
    from invoices i left join invoices r on r.id = i.refers_to
    where i.id = ${id} ${caller.isAdmin ? sql`` : sql`and i.user_id = ${caller.userId}`}`;
  if (!row) throw notFound(invoiceMessages.invoiceNotFound);
  await recordAudit(sql, {
    actorId: caller.userId,
    action: "invoice.download",
    entity: "invoice",
    entityId: row.id,
    after: { number: row.number, by_admin: caller.isAdmin },
  });
  return { number: row.number, bytes: await renderInvoicePdf(row) };
}

const monthRange = (sql: Db, month: string | undefined) =>
  month
    ? sql`and i.issued_at >= (${`${month}-01`}::date)::timestamp at time zone 'UTC'
        and i.issued_at < ((${`${month}-01`}::date + interval '1 month'))::timestamp at time zone 'UTC'`
    : sql``;

type AdminRow = Omit<AdminInvoice, "issued_at"> & { issued_at: Date; sort_at: string };

/** Admin: every document, newest first, by month (UTC) and customer (email or user id prefix). */
export async function listInvoices(
  sql: Db,
  query: AdminInvoicesQuery,
): Promise<{ invoices: AdminInvoice[]; next_cursor: string | null }> {
  const after = query.cursor
    ? decodeCursor("admin-invoices", query.cursor, newestFirstShape)
    : null;
  const q = query.q?.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`);
  const rows = await sql<AdminRow[]>`
    select i.id, i.number, i.kind, i.issued_at, i.customer->>'email' as customer_email,
      i.customer->>'name' as customer_name, i.net, i.vat_rate, i.vat, i.gross, i.currency,
      to_json(i.issued_at) #>> '{}' as sort_at
    from invoices i
    where true ${monthRange(sql, query.month)}
      ${q ? sql`and (lower(i.customer->>'email') like ${`${q}%`} or i.user_id::text like ${`${q}%`})` : sql``}
      ${after ? sql`and (i.issued_at, i.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
    order by i.issued_at desc, i.id desc
    limit ${query.limit + 1}`;
  const { page, next_cursor } = toPage(rows, query.limit, "admin-invoices", (r) => [
    r.sort_at,
    r.id,
  ]);
  return {
    invoices: page.map(({ sort_at: _key, issued_at, ...r }) => ({
      ...r,
      issued_at: issued_at.toISOString(),
    })),
    next_cursor,
  };
}

/** A CSV cell: quoted, and text that a spreadsheet would run as a formula is prefixed with '. */
const cell = (value: unknown, text = true) => {
  let s = value === null || value === undefined ? "" : String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replaceAll('"', '""')}"`;
};

/** Admin: one month's documents in number order, for the accountant. */
export async function exportInvoicesCsv(sql: Sql, adminId: string, month: string): Promise<string> {
  const rows = await sql<Record<string, unknown>[]>`
    select i.number, i.kind, to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD') as date,
      i.customer->>'name' as customer_name, i.customer->>'company' as company,
      i.customer->>'email' as email, i.customer->>'country' as country, i.customer->>'vat_id' as vat_id,
      i.description, i.net, i.vat_rate, i.vat, i.gross, i.currency, i.reverse_charge,
      r.number as refers_to
    from invoices i left join invoices r on r.id = i.refers_to
    where true ${monthRange(sql, month)}
    order by i.kind, i.number`;
  const columns = [
    "number",
    "kind",
    "date",
    "customer_name",
    "company",
    "email",
    "country",
    "vat_id",
    "description",
    "net",
    "vat_rate",
    "vat",
    "gross",
    "currency",
    "reverse_charge",
    "refers_to",
  ];
  const numeric = new Set(["net", "vat_rate", "vat", "gross", "reverse_charge"]);
  await recordAudit(sql, {
    actorId: adminId,
    action: "invoice.export",
    entity: "invoice",
    after: { month, rows: rows.length },
  });
  return [
    columns.join(","),
    ...rows.map((r) => columns.map((c) => cell(r[c], !numeric.has(c))).join(",")),
  ]
    .map((line) => `${line}\r\n`)
    .join("");
}
