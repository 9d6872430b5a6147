import type { AdminService } from "@contracts/admin.ts";
import { Button, Dialog, EmptyState, formatEur, shortId, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
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
  const t = useT();
  const orders = useOrders();
  const [orderId, setOrderId] = useState("");
  const link = useLinkService();
  const mine = (orders.data ?? []).filter((o) => o.user_id === service.user_id);
  return (
    <Dialog
      title={t("link.title", { service: serviceName(service) })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <div className={styles.dialogBody}>
        {orders.isSuccess && mine.length === 0 ? (
          <EmptyState
            title={t("link.noOrders", { name: service.username })}
            description={t("link.noOrdersDetail")}
          />
        ) : (
          <SelectField
            label={t("link.order")}
            name="order_id"
            placeholder={t("link.selectOrder")}
            value={orderId}
            onChange={setOrderId}
            options={mine.map((o) => ({
              value: o.id,
              label: `${shortId(o.id)} · ${o.product_name} · ${formatEur(o.product_price)} · ${t(`link.orderStatus.${o.status}`)}`,
            }))}
          />
        )}
        <div className={styles.formActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={link.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button
            isDisabled={!orderId}
            isPending={link.isPending}
            onPress={() =>
              link.mutate(
                { serviceId: service.id, orderId },
                {
                  onSuccess: () => {
                    toast.success(t("link.done"), t("link.doneDetail", { id: shortId(orderId) }));
                    onClose();
                  },
                },
              )
            }
          >
            {t("services.link")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
