import { ApiError, Button, Page, PageHeader, toast } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";
import { exportInvoicesCsv } from "../features/invoices/api/download-invoices";
import { useInvoicePages } from "../features/invoices/api/get-invoices";
import { InvoicesTable } from "../features/invoices/components/invoices-table";
import { MONTH_PATTERN, recentMonths } from "../features/invoices/components/months";
import * as styles from "../lib/admin.css";
import { type ListFilter, useListParams } from "../lib/admin-list";
import { SearchableList } from "../lib/admin-list-view";

/** The month filter: the last months offered, any "YYYY-MM" taken from a shared link. */
const monthFilter: ListFilter = {
  name: "month",
  label: "Month",
  anyLabel: "All months",
  options: recentMonths(new Date()),
  accepts: (v) => MONTH_PATTERN.test(v),
};
const filters: readonly ListFilter[] = [monthFilter];

/**
 * /admin/invoices: every invoice, receipt and credit note, filtered by month and
 * customer in the URL, each as its PDF; a month as CSV for the accountant.
 */
export default function InvoicesPage() {
  const { values } = useListParams(filters);
  const month = values.month ?? "";
  const exportCsv = useMutation({ mutationFn: exportInvoicesCsv });
  return (
    <Page>
      <PageHeader
        title="Invoices"
        description="Every invoice, receipt and credit note issued. Choose a month to export it as CSV for the accountant."
        actions={
          <Button
            variant="secondary"
            isDisabled={!month}
            isPending={exportCsv.isPending}
            // Disabled, it keeps its visible name; the description says to choose a month.
            aria-label={month ? `Export CSV for ${month}` : undefined}
            onPress={() =>
              exportCsv.mutate(month, {
                onError: (error) =>
                  toast.error(
                    "Export failed",
                    error instanceof ApiError ? error.message : "Please try again.",
                  ),
              })
            }
          >
            Export CSV
          </Button>
        }
      />
      <div className={styles.tablePanel}>
        <SearchableList
          filters={filters}
          usePages={useInvoicePages}
          rowsOf={(page) => page.invoices}
          noun="invoice"
          searchDescription="Customer's email or the start of their id"
        >
          {(rows) => <InvoicesTable invoices={rows} />}
        </SearchableList>
      </div>
    </Page>
  );
}
