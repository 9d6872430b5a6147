import type { AdminInvoice } from "@contracts/invoices.ts";
import {
  ApiError,
  Cell,
  formatDateTime,
  formatMoney,
  Row,
  Table,
  TableBody,
  toast,
} from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";
import * as styles from "../../../lib/admin.css";
import { ActionsCell, AdminTableHeader, NameAndDetail, RowAction } from "../../../lib/admin-table";
import { downloadInvoicePdf } from "../api/download-invoices";

const kindLabel: Record<AdminInvoice["kind"], string> = {
  invoice: "Invoice",
  receipt: "Receipt",
  credit_note: "Credit note",
};

/** The admin invoice list: number and date, customer, kind, net, VAT, gross, and the PDF. */
export function InvoicesTable({ invoices }: { invoices: AdminInvoice[] }) {
  const download = useMutation({ mutationFn: downloadInvoicePdf });
  // Rows read this, so it is the table body's dependency (see shared-ui TableBody).
  const pendingId = download.isPending ? download.variables?.id : undefined;
  return (
    <Table aria-label="Invoices">
      <AdminTableHeader
        columns={["Number", "Customer", "Kind", "Net", "VAT", "Gross"]}
        actions="PDF"
      />
      <TableBody items={invoices} dependencies={[pendingId]} emptyText="No invoices yet.">
        {(i) => (
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
                name={i.customer_name ?? i.customer_email ?? "Unknown customer"}
                detail={i.customer_email ?? "No email on record"}
              />
            </Cell>
            <Cell>{kindLabel[i.kind]}</Cell>
            <Cell>
              <span className={styles.money}>{`${formatMoney(i.net)} ${i.currency}`}</span>
            </Cell>
            <Cell>
              <NameAndDetail
                name={<span className={styles.money}>{`${formatMoney(i.vat)} ${i.currency}`}</span>}
                detail={`${i.vat_rate}%`}
              />
            </Cell>
            <Cell>
              <span className={styles.money}>{`${formatMoney(i.gross)} ${i.currency}`}</span>
            </Cell>
            <ActionsCell>
              <RowAction
                label={`Download ${kindLabel[i.kind]} ${i.number} (PDF)`}
                isPending={pendingId === i.id}
                onPress={() =>
                  download.mutate(i, {
                    onError: (error) =>
                      toast.error(
                        "Download failed",
                        error instanceof ApiError ? error.message : "Please try again.",
                      ),
                  })
                }
              >
                Download
              </RowAction>
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
