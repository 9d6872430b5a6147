import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { useOrderPages } from "../features/orders/api/get-orders";
import { OrdersTable } from "../features/orders/components/orders-table";
import * as styles from "../lib/admin.css";
import { type ListFilter, useListParams } from "../lib/admin-list";
import { ListBody, ListToolbar } from "../lib/admin-list-view";

/** The filters AdminOrderQuery takes besides the search. */
const filters: readonly ListFilter[] = [
  {
    name: "status",
    label: "Filter by status",
    anyLabel: "All statuses",
    options: [
      { value: "active", label: "Active" },
      { value: "suspended", label: "Suspended" },
      { value: "expired", label: "Expired" },
    ],
  },
  {
    name: "expiring_within_days",
    label: "Expiring within",
    anyLabel: "Any time",
    options: [
      { value: "7", label: "7 days" },
      { value: "14", label: "14 days" },
      { value: "30", label: "30 days" },
    ],
    // Any whole number of days the API takes (0 to 3650), e.g. from a shared link.
    accepts: (v) => /^\d{1,4}$/.test(v) && Number(v) <= 3650,
  },
];

/** /admin/orders (SPEC §2): every order with profile, product and services; status and removal. */
export default function OrdersPage() {
  const params = useListParams(filters);
  const orders = useOrderPages(params.query);
  return (
    <Page>
      <PageHeader
        title="Manage Orders"
        description="Every order with its customer, product and services. Suspending or expiring an order suspends its services."
      />
      <div className={styles.tablePanel}>
        <ListToolbar
          params={params}
          filters={filters}
          searchLabel="Search orders"
          searchDescription="Customer's email or username, or product name"
        />
        <ListBody
          pages={orders}
          rowsOf={(page) => page.orders}
          params={params}
          noun={{ one: "order", other: "orders" }}
          errorTitle="Could not load orders"
        >
          {(rows) => <OrdersTable orders={rows} />}
        </ListBody>
      </div>
    </Page>
  );
}
