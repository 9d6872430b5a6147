import type { DocumentKind, TransactionDocument } from "@contracts/invoices.ts";
import { ApiError, Button, toast } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";
import { downloadInvoice } from "../api/download-invoice";

const kindLabel: Record<DocumentKind, string> = {
  invoice: "Invoice",
  receipt: "Receipt",
  credit_note: "Credit note",
};

/** "Invoice 2026-000123": what a transaction's document is called on its download button. */
export const documentLabel = (document: TransactionDocument) =>
  `${kindLabel[document.kind]} ${document.number}`;

/**
 * A transaction's invoice, receipt or credit note as a PDF download. A button, not a link: the PDF
 * needs the bearer token, which only a fetch through the API client carries.
 */
export function DocumentDownload({ document }: { document: TransactionDocument }) {
  const download = useMutation({ mutationFn: downloadInvoice });
  const label = documentLabel(document);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Download ${label} (PDF)`}
      isPending={download.isPending}
      onPress={() =>
        download.mutate(document, {
          onError: (error) =>
            toast.error(
              "Download failed",
              error instanceof ApiError ? error.message : "Please try again.",
            ),
        })
      }
    >
      {label}
    </Button>
  );
}
