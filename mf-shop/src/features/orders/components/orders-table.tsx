import { ORDER_PERIOD_DAYS, type Order, renewedExpiry, ShopMessages } from "@contracts/shop.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  ConfirmDialog,
  formatDateTime,
  formatEur,
  Row,
  Skeleton,
  shortId,
  Table,
  TableBody,
  TableHeader,
  toast,
} from "@hosting-portal/shared-ui";
import { useConfirmedPayment } from "../../../lib/confirmed-payment";
import { useOrders } from "../api/get-orders";
import { useRenewOrder } from "../api/renew-order";
import { AutoRenewSwitch } from "./auto-renew-switch";
import * as styles from "./orders-table.css";

const EMPTY_TEXT = "No orders yet. Order a VPS or dedicated server to get started.";

/** SPEC §2 /orders: product, expiry, status and a confirmed renewal per order. */
export function OrdersTable() {
  const orders = useOrders();
  const renew = useRenewOrder();
  const { selected, open, dialog } = useConfirmedPayment(renew, {
    variables: (order: Order, idempotencyKey) => ({ orderId: order.id, idempotencyKey }),
    onPaid: ({ order }) =>
      toast.success(
        ShopMessages.renewalSuccessTitle,
        `${order.product_name} now runs until ${formatDateTime(order.expire_date)}.`,
      ),
    insufficientCredits: ShopMessages.insufficientCreditsRenewal,
    failedTitle: ShopMessages.renewalFailedTitle,
  });
  const renewingId = renew.isPending ? renew.variables?.orderId : undefined;

  if (orders.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading orders">
        <Skeleton height="14rem" />
      </div>
    );
  }

  return (
    <>
      <Table aria-label="Orders">
        <TableHeader>
          <Column isRowHeader>Product</Column>
          <Column>Order</Column>
          <Column>Price</Column>
          <Column>Expires</Column>
          <Column>Status</Column>
          <Column>Auto-renew</Column>
          <Column>
            <span className={styles.muted}>Actions</span>
          </Column>
        </TableHeader>
        <TableBody
          items={orders.data ?? []}
          dependencies={[renewingId]}
          emptyText={
            orders.isError ? `Orders could not be loaded: ${orders.error.message}` : EMPTY_TEXT
          }
        >
          {(order) => (
            <Row id={order.id}>
              <Cell>
                <span className={styles.product}>{order.product_name}</span>
                <div className={styles.muted}>
                  {order.product_type === "vps" ? "VPS" : "Dedicated"}
                </div>
              </Cell>
              <Cell>
                <span className={styles.mono}>{shortId(order.id)}</span>
              </Cell>
              <Cell>
                <span className={styles.number}>{formatEur(order.price)}</span>
              </Cell>
              <Cell>
                <span className={styles.number} data-testid="expire-date">
                  {formatDateTime(order.expire_date)}
                </span>
              </Cell>
              <Cell>
                <Badge status={order.status} />
              </Cell>
              <Cell>
                <AutoRenewSwitch order={order} />
              </Cell>
              <Cell>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Renew ${order.product_name} ${shortId(order.id)}`}
                  isDisabled={order.status === "suspended" || renewingId === order.id}
                  isPending={renewingId === order.id}
                  onPress={() => open(order)}
                >
                  Renew
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <OrdersFooter orders={orders} />
      <ConfirmDialog title="Renew order" confirmLabel="Renew" {...dialog}>
        {selected && <RenewalTerms order={selected} />}
      </ConfirmDialog>
    </>
  );
}

/**
 * The orders come one page at a time, so a long history never loads at once; "Load more" reads
 * the next page. A failed page leaves the rows already shown in place.
 */
function OrdersFooter({ orders }: { orders: ReturnType<typeof useOrders> }) {
  return (
    <>
      {orders.isFetchNextPageError && (
        <p role="alert" className={styles.muted}>
          More orders could not be loaded: {orders.error?.message}
        </p>
      )}
      {orders.hasNextPage && (
        <div className={styles.footer}>
          <Button
            variant="secondary"
            onPress={() => orders.fetchNextPage()}
            isPending={orders.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

/** What the renewal costs and until when; the API applies the same rule (renewedExpiry). */
function RenewalTerms({ order }: { order: Order }) {
  const lapsed = new Date(order.expire_date).getTime() <= Date.now();
  const until = formatDateTime(renewedExpiry(order.expire_date));
  return (
    <>
      <p>
        Renew <strong>{order.product_name}</strong> for {ORDER_PERIOD_DAYS} days for{" "}
        <strong>{formatEur(order.price)}</strong>, taken from your credit balance. It will run until{" "}
        <strong>{until}</strong>.
      </p>
      {lapsed && (
        <p className={styles.note}>
          This order has expired. Its {ORDER_PERIOD_DAYS} days are counted from today, not from the
          old expiry date, so you never pay for days that have already passed. Renewing reactivates
          the order and its suspended services.
        </p>
      )}
    </>
  );
}
