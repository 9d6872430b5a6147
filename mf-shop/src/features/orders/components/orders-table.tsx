import { ORDER_PERIOD_DAYS, type Order, renewedExpiry, ShopMessages } from "@contracts/shop.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  ConfirmDialog,
  contractMessage,
  formatDateTime,
  formatEur,
  Row,
  richText,
  Skeleton,
  shortId,
  strong,
  Table,
  TableBody,
  TableHeader,
  toast,
  useCan,
} from "@hosting-portal/shared-ui";
import { messages, useT } from "../../../i18n";
import { useConfirmedPayment } from "../../../lib/confirmed-payment";
import { useOrders } from "../api/get-orders";
import { useRenewOrder } from "../api/renew-order";
import { AutoRenewSwitch } from "./auto-renew-switch";
import * as styles from "./orders-table.css";

/** SPEC §2 /orders: product, expiry, status and a confirmed renewal per order. */
export function OrdersTable() {
  const t = useT();
  const orders = useOrders();
  const renew = useRenewOrder();
  // A technical or read-only member sees the orders but no renewal (the API refuses it anyway).
  const mayOrder = useCan("order");
  const { selected, open, dialog } = useConfirmedPayment(renew, {
    variables: (order: Order, idempotencyKey) => ({ orderId: order.id, idempotencyKey }),
    onPaid: ({ order }) =>
      toast.success(
        contractMessage(ShopMessages.renewalSuccessTitle),
        messages.t("renewedUntil", {
          product: order.product_name,
          until: formatDateTime(order.expire_date),
        }),
      ),
    insufficientCredits: contractMessage(ShopMessages.insufficientCreditsRenewal),
    failedTitle: contractMessage(ShopMessages.renewalFailedTitle),
  });
  const renewingId = renew.isPending ? renew.variables?.orderId : undefined;

  if (orders.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t("orders.loading")}>
        <Skeleton height="14rem" />
      </div>
    );
  }

  return (
    <>
      <Table aria-label={t("orders.title")}>
        <TableHeader>
          <Column isRowHeader>{t("col.product")}</Column>
          <Column>{t("col.order")}</Column>
          <Column>{t("col.price")}</Column>
          <Column>{t("col.expires")}</Column>
          <Column>{t("col.status")}</Column>
          <Column>{t("col.autoRenew")}</Column>
          <Column>
            <span className={styles.muted}>{t("col.actions")}</span>
          </Column>
        </TableHeader>
        <TableBody
          items={orders.data ?? []}
          dependencies={[renewingId, t]}
          emptyText={
            orders.isError
              ? t("orders.loadFailed", { error: orders.error.message })
              : t("orders.empty")
          }
        >
          {(order) => (
            <Row id={order.id}>
              <Cell>
                <span className={styles.product}>{order.product_name}</span>
                <div className={styles.muted}>
                  {order.product_type === "vps" ? t("type.vps") : t("type.dedicated")}
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
                {mayOrder && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t("renewLabel", {
                      product: order.product_name,
                      id: shortId(order.id),
                    })}
                    isDisabled={order.status === "suspended" || renewingId === order.id}
                    isPending={renewingId === order.id}
                    onPress={() => open(order)}
                  >
                    {t("renew")}
                  </Button>
                )}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <OrdersFooter orders={orders} />
      <ConfirmDialog title={t("renewOrder")} confirmLabel={t("renew")} {...dialog}>
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
  const t = useT();
  return (
    <>
      {orders.isFetchNextPageError && (
        <p role="alert" className={styles.muted}>
          {t("orders.moreFailed", { error: orders.error?.message ?? "" })}
        </p>
      )}
      {orders.hasNextPage && (
        <div className={styles.footer}>
          <Button
            variant="secondary"
            onPress={() => orders.fetchNextPage()}
            isPending={orders.isFetchingNextPage}
          >
            {t("orders.loadMore")}
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
  const t = useT();
  const values = {
    product: order.product_name,
    days: ORDER_PERIOD_DAYS,
    price: formatEur(order.price),
    until,
  };
  return (
    <>
      <p>{richText(t("renewTerms", values), [strong, strong, strong])}</p>
      {lapsed && <p className={styles.note}>{t("renewLapsed", values)}</p>}
    </>
  );
}
