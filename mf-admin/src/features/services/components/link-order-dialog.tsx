import type { AdminService } from "@contracts/admin.ts";
import { Button, Dialog, EmptyState, formatEur, shortId, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { SelectField } from "../../../lib/select-field";
import { useOrders } from "../../orders/api/get-orders";
import { useLinkService } from "../api/link-service";
import { serviceName } from "./service-name";

/** SPEC §4: only orders of the service's own user are offered; the server enforces it too. */
export function LinkOrderDialog({
  service,
  onClose,
}: {
  service: AdminService;
  onClose: () => void;
}) {
  const orders = useOrders();
  const [orderId, setOrderId] = useState("");
  const link = useLinkService();
  const mine = (orders.data ?? []).filter((o) => o.user_id === service.user_id);
  return (
    <Dialog
      title={`Link ${serviceName(service)} to an order`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <div className={styles.dialogBody}>
        {orders.isSuccess && mine.length === 0 ? (
          <EmptyState
            title={`${service.username} has no orders yet`}
            description="A service can only be linked to an order of the same user."
          />
        ) : (
          <SelectField
            label="Order"
            name="order_id"
            placeholder="Select an order"
            value={orderId}
            onChange={setOrderId}
            options={mine.map((o) => ({
              value: o.id,
              label: `${shortId(o.id)} · ${o.product_name} · ${formatEur(o.product_price)} · ${o.status}`,
            }))}
          />
        )}
        <div className={styles.formActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={link.isPending}>
            Cancel
          </Button>
          <Button
            isDisabled={!orderId}
            isPending={link.isPending}
            onPress={() =>
              link.mutate(
                { serviceId: service.id, orderId },
                {
                  onSuccess: () => {
                    toast.success("Service linked", `Linked to order ${shortId(orderId)}.`);
                    onClose();
                  },
                },
              )
            }
          >
            Link
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
