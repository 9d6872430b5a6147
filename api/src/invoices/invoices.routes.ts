import { Hono } from "hono";
import { z } from "zod/mini";
import {
  AdminInvoicesQuery,
  AdminInvoicesResponse,
  BillingDetails,
  BillingDetailsBody,
  InvoiceIdParam,
  InvoicesExportQuery,
} from "../../contracts/invoices.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import {
  exportInvoicesCsv,
  getBillingDetails,
  invoicePdf,
  listInvoices,
  saveBillingDetails,
} from "./invoices.service.ts";

const tags = ["invoices"];

/** /api/account/billing-details. */
export function billingDetailsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "getBillingDetails",
        summary: "The caller's billing details for invoices (all null until saved)",
        tags,
        response: BillingDetails,
      }),
      requireAuth(deps),
      async (c) => c.json(await getBillingDetails(deps.sql, accountOf(c)), 200),
    )
    .put(
      "/",
      describe({
        operationId: "saveBillingDetails",
        summary:
          "Save the caller's billing details (name, address, country required; VAT ID format checked per country); later invoices use them",
        tags,
        response: BillingDetails,
        errors: [404],
      }),
      requireAuth(deps),
      validate("json", BillingDetailsBody),
      async (c) =>
        c.json(await saveBillingDetails(deps.sql, accountOf(c), c.req.valid("json")), 200),
    );
}

/** /api/invoices/{id}/pdf for the owner or an admin. */
export function invoiceRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/:id/pdf",
    describe({
      operationId: "downloadInvoicePdf",
      summary:
        "The PDF of an invoice, receipt or credit note (the owner's or, for an admin, any), the same bytes on every download",
      tags,
      response: z.string().check(z.describe("The PDF document")),
      media: "application/pdf",
      errors: [404],
    }),
    requireAuth(deps),
    validate("param", InvoiceIdParam),
    async (c) => {
      const [admin] = await deps.sql`
        select 1 from user_roles where user_id = ${c.get("auth").userId} and role = 'admin'`;
      const pdf = await invoicePdf(
        deps.sql,
        { userId: accountOf(c), isAdmin: !!admin },
        c.req.valid("param").id,
      );
      return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${pdf.number}.pdf"`,
        "cache-control": "private, no-store",
      });
    },
  );
}

/** /api/admin/invoices, the list and the month's CSV export (behind adminRoutes' guard). */
export function adminInvoiceRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "adminListInvoices",
        summary:
          "Every invoice, receipt and credit note, newest first, filtered by month (UTC) and customer (email or user id prefix)",
        tags: ["admin"],
        response: AdminInvoicesResponse,
        access: "admin",
        errors: [422],
      }),
      validate("query", AdminInvoicesQuery),
      async (c) => c.json(await listInvoices(deps.sql, c.req.valid("query")), 200),
    )
    .get(
      "/export.csv",
      describe({
        operationId: "adminExportInvoicesCsv",
        summary: "One month's documents (UTC) as CSV for the accountant, in number order",
        tags: ["admin"],
        response: z.string().check(z.describe("CSV with a header row")),
        media: "text/csv",
        access: "admin",
        errors: [422],
      }),
      validate("query", InvoicesExportQuery),
      async (c) => {
        const month = c.req.valid("query").month;
        const csv = await exportInvoicesCsv(deps.sql, accountOf(c), month);
        return c.body(csv, 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="invoices-${month}.csv"`,
          "cache-control": "private, no-store",
        });
      },
    );
}
