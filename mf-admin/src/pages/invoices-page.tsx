import { ApiError, Button, Page, PageHeader, toast, useLocale } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { exportInvoicesCsv } from "../features/invoices/api/download-invoices";
import { useInvoicePages } from "../features/invoices/api/get-invoices";
import { InvoicesTable } from "../features/invoices/components/invoices-table";
import { MONTH_PATTERN, recentMonths } from "../features/invoices/components/months";
import { useT } from "../i18n";
import * as styles from "../lib/admin.css";
import { type ListFilter, useListParams } from "../lib/admin-list";
import { SearchableList } from "../lib/admin-list-view";

/**
 * /admin/invoices: every invoice, receipt and credit note, filtered by month and
 * customer in the URL, each as its PDF; a month as CSV for the accountant.
 */
export default function InvoicesPage() {
  const t = useT();
  const locale = useLocale();
  /** The month filter: the last months offered, any "YYYY-MM" taken from a shared link. */
  const filters = useMemo<readonly ListFilter[]>(
    () => [
      {
        name: "month",
        label: t("invoices.month"),
        anyLabel: t("invoices.allMonths"),
        options: recentMonths(new Date(), locale),
        accepts: (v) => MONTH_PATTERN.test(v),
      },
    ],
    [t, locale],
  );
  const { values } = useListParams(filters);
  const month = values.month ?? "";
  const exportCsv = useMutation({ mutationFn: exportInvoicesCsv });
  return (
    <Page>
      <PageHeader
        title={t("invoices.title")}
        description={t("invoices.description")}
        actions={
          <Button
            variant="secondary"
            isDisabled={!month}
            isPending={exportCsv.isPending}
            // Disabled, it keeps its visible name; the description says to choose a month.
            aria-label={month ? t("invoices.exportFor", { month }) : undefined}
            onPress={() =>
              exportCsv.mutate(month, {
                onError: (error) =>
                  toast.error(
                    t("invoices.exportFailed"),
                    error instanceof ApiError ? error.message : t("mutation.tryAgain"),
                  ),
              })
            }
          >
            {t("invoices.export")}
          </Button>
        }
      />
      <div className={styles.tablePanel}>
        <SearchableList
          filters={filters}
          usePages={useInvoicePages}
          rowsOf={(page) => page.invoices}
          noun="invoice"
          searchDescription={t("invoices.searchDescription")}
        >
          {(rows) => <InvoicesTable invoices={rows} />}
        </SearchableList>
      </div>
    </Page>
  );
}
