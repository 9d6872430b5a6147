import type { DocumentKind, TransactionDocument } from "@contracts/invoices.ts";
import { ApiError, Button, toast } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";
import { messages, useT } from "../../../i18n";
import { downloadInvoice } from "../api/download-invoice";

/** "Invoice 2026-000123": what a transaction's document is called on its download button. */
export const documentLabel = (document: TransactionDocument, t = messages.t) =>
  t("doc.label", {
    kind: t(`doc.${document.kind satisfies DocumentKind}`),
    number: document.number,
  });

/**
 * A transaction's invoice, receipt or credit note as a PDF download. A button, not a link: the PDF
 * needs the bearer token, which only a fetch through the API client carries.
 */
export function DocumentDownload({ document }: { document: TransactionDocument }) {
  const t = useT();
  const download = useMutation({ mutationFn: downloadInvoice });
  const label = documentLabel(document, t);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={t("doc.download", { label })}
      isPending={download.isPending}
      onPress={() =>
        download.mutate(document, {
          onError: (error) =>
            toast.error(
              t("doc.failed"),
              error instanceof ApiError ? error.message : t("tryAgainLater"),
            ),
        })
      }
    >
      {label}
    </Button>
  );
}
