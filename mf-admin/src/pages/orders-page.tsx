import { OrderStatus } from "@contracts/common.ts";
import { useMemo } from "react";
import { CancellationsCard } from "../features/cancellations/components/cancellations-card";
import { useOrderPages } from "../features/orders/api/get-orders";
import { OrdersTable } from "../features/orders/components/orders-table";
import { useT } from "../i18n";
import { type ListFilter, statusFilter } from "../lib/admin-list";
import { AdminListPage } from "../lib/admin-list-page";

/** /admin/orders (SPEC §2): every order with profile, product and services; status and removal. */
export default function OrdersPage() {
  const t = useT();
  /** The filters AdminOrderQuery takes besides the search, in the page's language. */
  const filters = useMemo<readonly ListFilter[]>(
    () => [
      statusFilter(
        OrderStatus.options,
        {
          active: t("orders.status.active"),
          suspended: t("orders.status.suspended"),
          expired: t("orders.status.expired"),
          cancelled: t("orders.status.cancelled"),
        },
        t,
      ),
      {
        name: "expiring_within_days",
        label: t("orders.expiring"),
        anyLabel: t("orders.anyTime"),
        options: [7, 14, 30].map((days) => ({
          value: String(days),
          label: t("orders.days", { days }),
        })),
        // Any whole number of days the API takes (0 to 3650), e.g. from a shared link.
        accepts: (v) => /^\d{1,4}$/.test(v) && Number(v) <= 3650,
      },
    ],
    [t],
  );
  return (
    <AdminListPage
      title={t("orders.title")}
      description={t("orders.description")}
      filters={filters}
      usePages={useOrderPages}
      rowsOf={(page) => page.orders}
      noun="order"
      searchDescription={t("orders.searchDescription")}
      after={<CancellationsCard />}
    >
      {(rows) => <OrdersTable orders={rows} />}
    </AdminListPage>
  );
}
