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

type SettableStatus = OrderStatusBody["status"];

const actionLabel: Record<SettableStatus, string> = {
  active: "Activate",
  suspended: "Suspend",
  expired: "Expire",
};
// Staff set only SPEC's three; `cancelled` comes from a provisioning that failed for good.
const statuses = OrderStatusBody.shape.status.options;

export function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  const [removing, setRemoving] = useState<AdminOrder | null>(null);
  const setStatus = useSetOrderStatus();
  const remove = useRemoveOrder();
  // Rows read these, so they are the table body's dependencies (see shared-ui TableBody).
  const pendingOrderId = setStatus.isPending ? setStatus.variables?.orderId : undefined;
  const pendingStatus = setStatus.isPending ? setStatus.variables?.status : undefined;
  return (
    <>
      <Table aria-label="Orders">
        <AdminTableHeader
          columns={["Order", "Customer", "Product", "Expires", "Status", "Services"]}
          actions="Set status / remove"
        />
        <TableBody
          items={orders}
          dependencies={[pendingOrderId, pendingStatus]}
          emptyText="No orders yet."
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
                      {formatEur(o.product_price)} / month
                      {o.product_archived ? " · no longer sold" : ""}
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
                  <span className={styles.muted}>None linked</span>
                ) : (
                  <div className={styles.stack}>
                    {o.services.map((s) => (
                      <span key={s.id} className={styles.mono}>
                        <span
                          className={`${styles.dot} ${styles.dotTone[s.service_status === "active" ? "active" : "other"]}`}
                          aria-hidden="true"
                        />
                        {s.service_type.toUpperCase()} {s.ipv4 ?? "—"}
                        <span className={styles.muted}> ({s.service_status})</span>
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
                      label={`${actionLabel[s]} order ${shortId(o.id)}`}
                      isPending={pendingOrderId === o.id && pendingStatus === s}
                      onPress={() =>
                        setStatus.mutate(
                          { orderId: o.id, status: s },
                          {
                            onSuccess: () =>
                              toast.success(
                                `Order ${s}`,
                                o.services.length
                                  ? `${o.services.length} linked service(s) are now ${s === "active" ? "active" : "suspended"}.`
                                  : undefined,
                              ),
                          },
                        )
                      }
                    >
                      {actionLabel[s]}
                    </RowAction>
                  ))}
                <RemoveButton
                  label={`Remove order ${shortId(o.id)}`}
                  onPress={() => setRemoving(o)}
                />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {removing && (
        <RemoveDialog
          title={`Remove order ${shortId(removing.id)}?`}
          confirmLabel="Remove order"
          id={removing.id}
          remove={remove}
          onRemoved={() => toast.success("Order removed")}
          onClose={() => setRemoving(null)}
        >
          <p>
            {removing.username}'s order for {removing.product_name} is deleted
            {removing.services.length > 0
              ? ` together with its ${removing.services.length} linked service(s)`
              : ""}
            . No credits are refunded. This cannot be undone.
          </p>
        </RemoveDialog>
      )}
    </>
  );
}
