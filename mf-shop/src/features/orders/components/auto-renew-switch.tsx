import { AutoRenewMessages } from "@contracts/auto-renew.ts";
import type { Order } from "@contracts/shop.ts";
import { Checkbox, shortId, toast } from "@hosting-portal/shared-ui";
import { useAutoRenew } from "../api/get-auto-renew";
import { useSetAutoRenew } from "../api/set-auto-renew";

/**
 * The order's auto-renew switch. Shortly before expiry the API renews the order from
 * credits (the same renewal as the Renew button) or mails the customer to top up. SPEC §4:
 * renewal is not offered for suspended orders, so neither is this.
 */
export function AutoRenewSwitch({ order }: { order: Order }) {
  const enabled = useAutoRenew();
  const save = useSetAutoRenew();
  const pending = save.isPending && save.variables?.orderId === order.id;
  const isSelected = pending ? save.variables.enabled : (enabled.data?.has(order.id) ?? false);

  const change = (next: boolean) =>
    save.mutate(
      { orderId: order.id, enabled: next },
      {
        onSuccess: ({ auto_renew }) =>
          toast.success(
            auto_renew ? AutoRenewMessages.savedOn : AutoRenewMessages.savedOff,
            auto_renew
              ? `${order.product_name} is renewed from your credits shortly before it expires.`
              : `${order.product_name} is no longer renewed automatically.`,
          ),
        onError: (error) => toast.error(AutoRenewMessages.failedTitle, error.message),
      },
    );

  return (
    <Checkbox
      aria-label={`Auto-renew ${order.product_name} ${shortId(order.id)}`}
      isSelected={isSelected}
      isDisabled={order.status === "suspended" || enabled.isPending || enabled.isError || pending}
      onChange={change}
    >
      Auto-renew
    </Checkbox>
  );
}
