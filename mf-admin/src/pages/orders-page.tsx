import { OrderStatus } from "@contracts/common.ts";
import { CancellationsCard } from "../features/cancellations/components/cancellations-card";
import { useOrderPages } from "../features/orders/api/get-orders";
import { OrdersTable } from "../features/orders/components/orders-table";
import { type ListFilter, statusFilter } from "../lib/admin-list";
import { AdminListPage } from "../lib/admin-list-page";

/** The filters AdminOrderQuery takes besides the search. */
const filters: readonly ListFilter[] = [
  statusFilter(OrderStatus.options),
  {
    name: "expiring_within_days",
    label: "Expiring within",
    anyLabel: "Any time",
    options: [7, 14, 30].map((days) => ({ value: String(days), label: `${days} days` })),
    // Any whole number of days the API takes (0 to 3650), e.g. from a shared link.
    accepts: (v) => /^\d{1,4}$/.test(v) && Number(v) <= 3650,
  },
];

/** /admin/orders (SPEC §2): every order with profile, product and services; status and removal. */
export default function OrdersPage() {
  return (
    <AdminListPage
      title="Manage Orders"
      description="Every order with its customer, product and services. Suspending or expiring an order suspends its services."
      filters={filters}
      usePages={useOrderPages}
      rowsOf={(page) => page.orders}
      noun="order"
      searchDescription="Customer's email or username, or product name"
      after={<CancellationsCard />}
    >
      {(rows) => <OrdersTable orders={rows} />}
    </AdminListPage>
  );
}
