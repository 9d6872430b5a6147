import { downloadFile } from "@hosting-portal/shared-ui";

/** GET /api/invoices/{id}/pdf, saved as `<number>.pdf` (admins may read every invoice). */
export const downloadInvoicePdf = (invoice: { id: string; number: string }) =>
  downloadFile(
    `/api/invoices/${encodeURIComponent(invoice.id)}/pdf`,
    `${invoice.number}.pdf`,
    "application/pdf",
  );

/** GET /api/admin/invoices/export.csv?month=: a month's invoices for the accountant. */
export const exportInvoicesCsv = (month: string) =>
  downloadFile(
    `/api/admin/invoices/export.csv?${new URLSearchParams({ month })}`,
    `invoices-${month}.csv`,
    "text/csv",
  );
