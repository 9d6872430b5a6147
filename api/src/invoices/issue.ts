import { ORDER_PERIOD_DAYS } from "../../contracts/shop.ts";
import { type Config, loadConfig } from "../platform/config.ts";
import type { Tx } from "../platform/db.ts";
import { invariant } from "../platform/invariant.ts";
import { splitVat } from "./vat.ts";

/** Which of the three numbered series a document kind is counted in, and its number's prefix. */
const PREFIX = { invoice: "", receipt: "R", credit_note: "C" } as const;

export type SellerConfig = Pick<
  Config,
  | "SELLER_NAME"
  | "SELLER_ADDRESS"
  | "SELLER_COUNTRY"
  | "SELLER_VAT_ID"
  | "SELLER_CONTACT"
  | "VAT_RATES"
>;

interface Issue {
  kind: "invoice" | "receipt" | "credit_note";
  userId: string;
  /** The ledger row the document belongs to (one document per row). */
  transactionId: string | null;
  orderId?: string | null;
  /** The receipt (or invoice) a credit note corrects. */
  refersTo?: string | null;
  /** A credit note of an invoice gives its VAT back too: split like the invoice. */
  splitVat?: boolean;
  description: string;
  periodTo?: Date | null;
  /** What the customer paid (positive), or was paid back for a credit note. */
  amount: string;
  /** The acting user for the audit row; null for the system (webhooks, jobs). */
  actorId: string | null;
}

/** The customer as a document snapshots it: billing details, else the profile. */
export interface InvoiceCustomer {
  name: string | null;
  company: string | null;
  address: string | null;
  country: string | null;
  vat_id: string | null;
  email: string | null;
  /**
   * The customer's saved language: the document is rendered in it for good, as it was when
   * issued (a later change of language does not change an issued document); null: English.
   */
  locale: string | null;
}

/**
 * The customer snapshot of a document, read on its own: a money path reads it before it takes its
 * locks (pipelined with its first statement) and passes it to issueDocument().
 */
export async function invoiceCustomer(tx: Tx, userId: string): Promise<InvoiceCustomer> {
  const [customer] = await tx<[InvoiceCustomer?]>`
    select coalesce(b.name, p.username) as name, b.company, b.address, b.country, b.vat_id, p.email,
      p.locale
    from profiles p left join billing_details b on b.user_id = p.id
    where p.id = ${userId}`;
  invariant(customer, "the customer of a document");
  return customer;
}

/**
 * Issues one numbered document inside the caller's money transaction: snapshots the seller
 * (configuration) and the customer (billing details, else the profile), splits the VAT, and
 * takes the next number of the series and year by bumping its counter row. The bump locks that
 * row until the transaction ends, so numbers are handed out in commit order without gaps, and a
 * rolled back transaction gives its number back. Call it last in the transaction: the lock
 * serialises every issuer of the series. With `snapshot` given, its one statement (the number, the
 * document and its audit row) is sent before its first `await`, so a caller can pipeline it behind
 * its other last writes (settle() in shop/money.ts).
 */
export async function issueDocument(
  tx: Tx,
  config: SellerConfig,
  issue: Issue,
  snapshot?: InvoiceCustomer,
): Promise<{ id: string; number: string }> {
  const customer = snapshot ?? (await invoiceCustomer(tx, issue.userId));
  const seller = {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS,
    country: config.SELLER_COUNTRY,
    vat_id: config.SELLER_VAT_ID ?? null,
    contact: config.SELLER_CONTACT ?? null,
  };
  // Receipts are prepaid credit, not a supply: no VAT until the credit is spent (docs/invoices.md).
  const split =
    issue.kind === "invoice" || issue.splitVat
      ? splitVat(config, issue.amount, customer)
      : {
          net: issue.amount,
          vat_rate: "0.00",
          vat: "0.00",
          gross: issue.amount,
          reverse_charge: false,
        };
  const sign = issue.kind === "credit_note" ? "-" : "";
  const neg = (m: string) => (sign && m !== "0.00" ? `-${m}` : m);
  const periodTo = issue.periodTo ?? null;
  const periodFrom = periodTo
    ? new Date(periodTo.getTime() - ORDER_PERIOD_DAYS * 86_400_000)
    : null;
  // The audit row joins the document's statement (the number is only known there): one round trip
  // less while the counter row is locked.
  const audited = {
    kind: issue.kind,
    user_id: issue.userId,
    transaction_id: issue.transactionId,
    order_id: issue.orderId ?? null,
    refers_to: issue.refersTo ?? null,
    ...split,
  };
  const [doc] = await tx<[{ id: string; number: string; issued_at: Date }?]>`
    with c as (
      insert into invoice_counters (series, year, last)
      values (${issue.kind}, extract(year from now() at time zone 'UTC')::int, 1)
      on conflict (series, year) do update set last = invoice_counters.last + 1
      returning year, last
    ), d as (
      insert into invoices (number, kind, user_id, order_id, transaction_id, refers_to, seller, customer,
        description, period_from, period_to, net, vat_rate, vat, gross, reverse_charge)
      select ${PREFIX[issue.kind]} || c.year || '-' || lpad(c.last::text, greatest(6, length(c.last::text)), '0'),
        ${issue.kind}, ${issue.userId}, ${issue.orderId ?? null}, ${issue.transactionId},
        ${issue.refersTo ?? null}, ${tx.json(seller)}, ${tx.json(customer as never)}, ${issue.description},
        ${periodFrom}::timestamptz::date, ${periodTo}::timestamptz::date,
        ${neg(split.net)}, ${split.vat_rate}, ${neg(split.vat)}, ${neg(split.gross)}, ${split.reverse_charge}
      from c
      returning id, number, issued_at
    ), a as (
      insert into audit_log (actor_id, actor_label, action, entity, entity_id, after)
      select ${issue.actorId}::uuid, coalesce((select email from profiles where id = ${issue.actorId}::uuid), 'system'),
        'invoice.issue', 'invoice', d.id, jsonb_build_object('number', d.number) || ${tx.json(audited)}::jsonb
      from d
    )
    select id, number, issued_at from d`;
  invariant(doc, "the document inserted");
  return { id: doc.id, number: doc.number };
}

/** The receipt of a top-up's ledger row, which a refund's credit note refers to. */
export async function receiptOf(tx: Tx, transactionId: string | null): Promise<string | null> {
  if (!transactionId) return null;
  const [row] = await tx<[{ id: string }?]>`
    select id from invoices where transaction_id = ${transactionId} and kind = 'receipt'`;
  return row?.id ?? null;
}

// The seller and VAT settings of this process: the schema's defaults until createApp() passes
// the loaded configuration (the money paths and the jobs take no config of their own).
let settings: SellerConfig = loadConfig({});

/** Called by createApp() with the process's configuration. */
export function configureInvoices(config: SellerConfig): void {
  settings = config;
}

export function sellerSettings(): SellerConfig {
  return settings;
}
