import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useOrders } from "../features/orders/api/get-orders";
import { OrdersTable } from "../features/orders/components/orders-table";
import * as styles from "../lib/admin.css";

/** /admin/orders (SPEC §2): every order with profile, product and services; status and removal. */
export default function OrdersPage() {
  const orders = useOrders();
  return (
    <Page>
      <PageHeader
        title="Manage Orders"
        description="Every order with its customer, product and services. Suspending or expiring an order suspends its services."
      />
      <div className={styles.tablePanel}>
        {orders.isPending ? (
          <Skeleton height="240px" />
        ) : orders.isError ? (
          <EmptyState
            title="Could not load orders"
            description={orders.error.message}
            action={<Button onPress={() => orders.refetch()}>Retry</Button>}
          />
        ) : (
          <OrdersTable orders={orders.data} />
        )}
      </div>
    </Page>
  );
}
