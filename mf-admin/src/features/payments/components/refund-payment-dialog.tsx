import type { AttentionItem } from "@contracts/payments-attention.ts";
import { ConfirmDialog, toast } from "@hosting-portal/shared-ui";
import { useRefundPayment } from "../api/payment-actions";

/**
 * Sends the money back to the buyer at PayPal. Confirmed first, since it cannot be undone; a retry
 * after a failure sends the item's same PayPal-Request-Id, so it never refunds twice.
 */
export function RefundPaymentDialog({
  item,
  onClose,
}: {
  item: AttentionItem;
  onClose: () => void;
}) {
  const refund = useRefundPayment();
  return (
    <ConfirmDialog
      title="Refund at PayPal?"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      confirmLabel="Refund in full"
      isPending={refund.isPending}
      onConfirm={() =>
        refund.mutate(item.id, {
          onSuccess: () => {
            toast.success(
              "Refunded at PayPal",
              `${item.email ?? "The buyer"} gets the money back.`,
            );
            onClose();
          },
        })
      }
    >
      <p>
        PayPal pays the whole capture ({item.amount ?? "?"} {item.currency ?? ""}) back to the buyer
        {item.email ? ` (${item.email})` : ""}. Nothing was credited for it, so the balance does not
        change.
      </p>
    </ConfirmDialog>
  );
}
