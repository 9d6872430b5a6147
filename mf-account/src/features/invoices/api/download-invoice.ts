import type { TransactionDocument } from "@contracts/invoices.ts";
import { downloadFile } from "@hosting-portal/shared-ui";

/** GET /api/invoices/{id}/pdf, saved as `<number>.pdf` (the same bytes every time). */
export const downloadInvoice = (document: TransactionDocument) =>
  downloadFile(
    `/api/invoices/${encodeURIComponent(document.id)}/pdf`,
    `${document.number}.pdf`,
    "application/pdf",
  );
