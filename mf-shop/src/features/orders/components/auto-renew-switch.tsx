import { AutoRenewMessages } from "@contracts/auto-renew.ts";
import type { Order } from "@contracts/shop.ts";
import { Checkbox, contractMessage, shortId, toast, useCan } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { useAutoRenew } from "../api/get-auto-renew";
import { useSetAutoRenew } from "../api/set-auto-renew";

/**
 * The order's auto-renew switch. Shortly before expiry the API renews the order from
 * credits (the same renewal as the Renew button) or mails the customer to top up. SPEC §4:
 * renewal is not offered for suspended orders, so neither is this.
 */
export function AutoRenewSwitch({ order }: { order: Order }) {
  const t = useT();
  const enabled = useAutoRenew();
  const save = useSetAutoRenew();
  // Shown to every role (it says how the order renews), changed only by those who may order.
  const mayOrder = useCan("order");
  const pending = save.isPending && save.variables?.orderId === order.id;
  const isSelected = pending ? save.variables.enabled : (enabled.data?.has(order.id) ?? false);

  const change = (next: boolean) =>
    save.mutate(
      { orderId: order.id, enabled: next },
      {
        onSuccess: ({ auto_renew }) =>
          toast.success(
            contractMessage(auto_renew ? AutoRenewMessages.savedOn : AutoRenewMessages.savedOff),
            t(auto_renew ? "autoRenewOn" : "autoRenewOff", { product: order.product_name }),
          ),
        onError: (error) =>
          toast.error(contractMessage(AutoRenewMessages.failedTitle), error.message),
      },
    );

  return (
    <Checkbox
      aria-label={t("autoRenewLabel", { product: order.product_name, id: shortId(order.id) })}
      isSelected={isSelected}
      isDisabled={
        !mayOrder || order.status === "suspended" || enabled.isPending || enabled.isError || pending
      }
      onChange={change}
    >
      {t("autoRenew")}
    </Checkbox>
  );
}
