import type { AdminInvoice } from "@contracts/invoices.ts";
import {
  ApiError,
  Cell,
  formatDateTime,
  formatNumber,
  Row,
  Table,
  TableBody,
  toast,
} from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { ActionsCell, AdminTableHeader, NameAndDetail, RowAction } from "../../../lib/admin-table";
import { formatAmount } from "../../../lib/format-amount";
import { downloadInvoicePdf } from "../api/download-invoices";

/** The admin invoice list: number and date, customer, kind, net, VAT, gross, and the PDF. */
export function InvoicesTable({ invoices }: { invoices: AdminInvoice[] }) {
  const t = useT();
  const download = useMutation({ mutationFn: downloadInvoicePdf });
  // Rows read this, so it is the table body's dependency (see shared-ui TableBody).
  const pendingId = download.isPending ? download.variables?.id : undefined;
  return (
    <Table aria-label={t("invoices.table")}>
      <AdminTableHeader
        columns={[
          t("invoices.col.number"),
          t("invoices.col.customer"),
          t("invoices.col.kind"),
          t("invoices.col.net"),
          t("invoices.col.vat"),
          t("invoices.col.gross"),
        ]}
        actions={t("invoices.col.pdf")}
      />
      <TableBody items={invoices} dependencies={[pendingId, t]} emptyText={t("invoices.empty")}>
        {(i) => {
          const kind = t(`invoices.kind.${i.kind}`);
          return (
            <Row id={i.id}>
              <Cell>
                <div className={styles.stack}>
                  <span className={styles.mono}>{i.number}</span>
                  <span className={`${styles.muted} ${styles.date}`}>
                    {formatDateTime(i.issued_at)}
                  </span>
                </div>
              </Cell>
              <Cell>
                <NameAndDetail
                  name={i.customer_name ?? i.customer_email ?? t("invoices.unknownCustomer")}
                  detail={i.customer_email ?? t("invoices.noEmail")}
                />
              </Cell>
              <Cell>{kind}</Cell>
              <Cell>
                <span className={styles.money}>{formatAmount(i.net, i.currency)}</span>
              </Cell>
              <Cell>
                <NameAndDetail
                  name={<span className={styles.money}>{formatAmount(i.vat, i.currency)}</span>}
                  detail={t("invoices.vatRate", {
                    rate: formatNumber(Number(i.vat_rate), {
                      minimumFractionDigits: 2,
                      maximumFractionDigits: 2,
                    }),
                  })}
                />
              </Cell>
              <Cell>
                <span className={styles.money}>{formatAmount(i.gross, i.currency)}</span>
              </Cell>
              <ActionsCell>
                <RowAction
                  label={t("invoices.downloadLabel", { kind, number: i.number })}
                  isPending={pendingId === i.id}
                  onPress={() =>
                    download.mutate(i, {
                      onError: (error) =>
                        toast.error(
                          t("invoices.downloadFailed"),
                          error instanceof ApiError ? error.message : t("mutation.tryAgain"),
                        ),
                    })
                  }
                >
                  {t("invoices.download")}
                </RowAction>
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
