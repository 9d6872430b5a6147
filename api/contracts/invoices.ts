import { z } from "zod/mini";
import { Money, Timestamp, Uuid } from "./common.ts";
import { CursorParam, NextCursor, PAGE_DEFAULT, SearchText } from "./list-page.ts";

/** Invoices (purchases, renewals), receipts (top-ups) and credit notes (refunds). */
export const DocumentKind = z.enum(["invoice", "receipt", "credit_note"]);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** The document of one transaction row, for its download link on /transactions. */
export const TransactionDocument = z.object({
  id: Uuid,
  kind: DocumentKind,
  number: z.string(),
});
export type TransactionDocument = z.infer<typeof TransactionDocument>;

export const invoiceMessages = {
  nameRequired: "Name is required",
  addressRequired: "Address is required",
  countryInvalid: "Country must be a two-letter ISO code, e.g. DE",
  vatIdInvalid: "VAT ID does not match the format of the country",
  invoiceNotFound: "Invoice not found",
  monthInvalid: "Month must be YYYY-MM",
  saved: "Billing details saved",
} as const;

/**
 * EU VAT ID formats per country (the VIES prefixes; Greece is EL). Checked offline: an online
 * VIES lookup would go in `checkVatId` (api/src/invoices/vat.ts) if ever needed.
 */
export const VAT_ID_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  GR: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** A VAT ID as typed ("de 123 456 789") in its stored form ("DE123456789"). */
export const normaliseVatId = (v: string) => v.replace(/[\s.-]/g, "").toUpperCase();

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );

export const BillingDetails = z.object({
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** ISO 3166-1 alpha-2. */
  country: z.nullable(z.string()),
  vat_id: z.nullable(z.string()),
});
export type BillingDetails = z.infer<typeof BillingDetails>;

/** The longest billing details the API takes; the form's fields stop there too. */
export const billingDetailsLimits = { name: 200, company: 200, address: 500, vatId: 20 } as const;

/** PUT /api/account/billing-details: name, address and country required; company and VAT ID optional. */
export const BillingDetailsBody = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, invoiceMessages.nameRequired),
        z.maxLength(billingDetailsLimits.name),
      ),
    company: optionalText(billingDetailsLimits.company),
    address: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, invoiceMessages.addressRequired),
        z.maxLength(billingDetailsLimits.address),
      ),
    country: z
      .string()
      .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, invoiceMessages.countryInvalid)),
    vat_id: z.pipe(
      optionalText(billingDetailsLimits.vatId),
      z.transform((v: string | null) => (v ? normaliseVatId(v) : null)),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (!body.vat_id) return;
      const format = VAT_ID_FORMATS[body.country];
      if (!format?.test(body.vat_id)) {
        ctx.addIssue({ code: "custom", path: ["vat_id"], message: invoiceMessages.vatIdInvalid });
      }
    }),
  );
export type BillingDetailsBody = z.input<typeof BillingDetailsBody>;

export const InvoiceIdParam = z.object({ id: Uuid });

const Month = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, invoiceMessages.monthInvalid));

export const AdminInvoicesQuery = z.object({
  month: z.optional(Month),
  /** The customer's email or user id prefix. */
  q: SearchText,
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), PAGE_DEFAULT),
  cursor: CursorParam,
});
export type AdminInvoicesQuery = z.output<typeof AdminInvoicesQuery>;

export const InvoicesExportQuery = z.object({ month: Month });

export const AdminInvoice = z.object({
  id: Uuid,
  number: z.string(),
  kind: DocumentKind,
  issued_at: Timestamp,
  customer_email: z.nullable(z.string()),
  customer_name: z.nullable(z.string()),
  net: Money,
  vat_rate: z.string().check(z.describe("percent, e.g. 19.00")),
  vat: Money,
  gross: Money,
  currency: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

export const AdminInvoicesResponse = z.object({
  invoices: z.array(AdminInvoice),
  next_cursor: NextCursor,
});
export type AdminInvoicesResponse = z.infer<typeof AdminInvoicesResponse>;
