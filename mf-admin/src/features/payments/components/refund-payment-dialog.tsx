import type { AttentionItem } from "@contracts/payments-attention.ts";
import { ConfirmDialog, toast } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { useRefundPayment } from "../api/payment-actions";
import { capturedAmount } from "./captured-amount";

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
  const t = useT();
  const refund = useRefundPayment();
  const amount = capturedAmount(item, "?");
  return (
    <ConfirmDialog
      title={t("payments.refundTitle")}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      confirmLabel={t("payments.refundConfirm")}
      isPending={refund.isPending}
      onConfirm={() =>
        refund.mutate(item.id, {
          onSuccess: () => {
            toast.success(
              t("payments.refunded"),
              item.email
                ? t("payments.refundedDetail", { email: item.email })
                : t("payments.refundedDetailUnknown"),
            );
            onClose();
          },
        })
      }
    >
      <p>
        {item.email
          ? t("payments.refundNote", { amount, email: item.email })
          : t("payments.refundNoteUnknown", { amount })}
      </p>
    </ConfirmDialog>
  );
}
