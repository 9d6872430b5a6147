import { type AdminOrder, OrderStatusBody } from "@contracts/admin.ts";
import {
  Badge,
  Cell,
  formatDateTime,
  formatEur,
  Row,
  shortId,
  Table,
  TableBody,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import {
  ActionsCell,
  AdminTableHeader,
  NameAndDetail,
  RemoveButton,
  RemoveDialog,
  RowAction,
} from "../../../lib/admin-table";
import { useRemoveOrder } from "../api/remove-order";
import { useSetOrderStatus } from "../api/set-order-status";

// Staff set only SPEC's three; `cancelled` comes from a provisioning that failed for good.
const statuses = OrderStatusBody.shape.status.options;

export function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  const t = useT();
  const [removing, setRemoving] = useState<AdminOrder | null>(null);
  const setStatus = useSetOrderStatus();
  const remove = useRemoveOrder();
  // Rows read these, so they are the table body's dependencies (see shared-ui TableBody).
  const pendingOrderId = setStatus.isPending ? setStatus.variables?.orderId : undefined;
  const pendingStatus = setStatus.isPending ? setStatus.variables?.status : undefined;
  return (
    <>
      <Table aria-label={t("orders.table")}>
        <AdminTableHeader
          columns={[
            t("orders.col.order"),
            t("orders.col.customer"),
            t("orders.col.product"),
            t("orders.col.expires"),
            t("orders.col.status"),
            t("orders.col.services"),
          ]}
          actions={t("orders.col.actions")}
        />
        <TableBody
          items={orders}
          dependencies={[pendingOrderId, pendingStatus, t]}
          emptyText={t("orders.empty")}
        >
          {(o) => (
            <Row id={o.id}>
              <Cell>
                <div className={styles.stack}>
                  <span className={styles.mono}>{shortId(o.id)}</span>
                  <span className={`${styles.muted} ${styles.date}`}>
                    {formatDateTime(o.created_at)}
                  </span>
                </div>
              </Cell>
              <Cell>
                <NameAndDetail name={o.username} detail={o.email} />
              </Cell>
              <Cell>
                <NameAndDetail
                  name={o.product_name}
                  detail={
                    <>
                      {t("orders.perMonth", { price: formatEur(o.product_price) })}
                      {o.product_archived ? t("orders.archived") : ""}
                    </>
                  }
                />
              </Cell>
              <Cell>
                <span className={styles.date}>{formatDateTime(o.expire_date)}</span>
              </Cell>
              <Cell>
                <Badge status={o.status} />
              </Cell>
              <Cell>
                {o.services.length === 0 ? (
                  <span className={styles.muted}>{t("orders.noServices")}</span>
                ) : (
                  <div className={styles.stack}>
                    {o.services.map((s) => (
                      <span key={s.id} className={styles.mono}>
                        <span
                          className={`${styles.dot} ${styles.dotTone[s.service_status === "active" ? "active" : "other"]}`}
                          aria-hidden="true"
                        />
                        {s.service_type.toUpperCase()} {s.ipv4 ?? "—"}
                        <span className={styles.muted}>
                          {" "}
                          ({t(`orders.serviceStatus.${s.service_status}`)})
                        </span>
                      </span>
                    ))}
                  </div>
                )}
              </Cell>
              <ActionsCell>
                {/* A cancelled order was refunded (its server could not be made): the API refuses
                    to change its status, so no button offers it. */}
                {statuses
                  .filter((s) => s !== o.status && o.status !== "cancelled")
                  .map((s) => (
                    <RowAction
                      key={s}
                      label={t(`orders.actionLabel.${s}`, { id: shortId(o.id) })}
                      isPending={pendingOrderId === o.id && pendingStatus === s}
                      onPress={() =>
                        setStatus.mutate(
                          { orderId: o.id, status: s },
                          {
                            onSuccess: () =>
                              toast.success(
                                t(`orders.done.${s}`),
                                o.services.length
                                  ? t(
                                      s === "active"
                                        ? "orders.servicesNowActive"
                                        : "orders.servicesNowSuspended",
                                      { count: o.services.length },
                                    )
                                  : undefined,
                              ),
                          },
                        )
                      }
                    >
                      {t(`orders.action.${s}`)}
                    </RowAction>
                  ))}
                <RemoveButton
                  label={t("orders.remove", { id: shortId(o.id) })}
                  onPress={() => setRemoving(o)}
                />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {removing && (
        <RemoveDialog
          title={t("orders.removeTitle", { id: shortId(removing.id) })}
          confirmLabel={t("orders.removeConfirm")}
          id={removing.id}
          remove={remove}
          onRemoved={() => toast.success(t("orders.removed"))}
          onClose={() => setRemoving(null)}
        >
          <p>
            {t(
              removing.services.length > 0
                ? "orders.removeWarningServices"
                : "orders.removeWarning",
              {
                name: removing.username,
                product: removing.product_name,
                count: removing.services.length,
              },
            )}
          </p>
        </RemoveDialog>
      )}
    </>
  );
}
