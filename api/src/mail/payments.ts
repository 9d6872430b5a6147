import type { Db } from "../platform/db.ts";
import { enqueueAccountMail } from "./outbox.ts";
import { creditsHeld, paymentDenied } from "./templates/payments.ts";

/**
 * A pending top-up PayPal denied, queued in the transaction that closes the order: once per order
 * (the dedupe key), and whatever the receipt preference, since it is about money the customer
 * expects rather than a receipt.
 */
export async function queuePaymentDenied(
  tx: Db,
  p: { userId: string; orderId: string; amount: string; captureId: string },
): Promise<void> {
  await enqueueAccountMail(tx, {
    kind: "payment_denied",
    accountId: p.userId,
    dedupeKey: `paypal:denied:${p.orderId}`,
    ...paymentDenied({ amount: p.amount, date: new Date(), reference: p.captureId }),
  });
}

/**
 * An amount put on hold by a dispute (or a complaint hold of the capture), queued in the
 * transaction that holds it: once per dispute and capture (the dedupe key), whatever the receipt
 * preference, since the customer can no longer spend it.
 */
export async function queueCreditsHeld(
  tx: Db,
  p: { userId: string; disputeId: string; captureId: string; amount: string },
): Promise<void> {
  await enqueueAccountMail(tx, {
    kind: "credits_held",
    accountId: p.userId,
    dedupeKey: `paypal:held:${p.disputeId}:${p.captureId}`,
    ...creditsHeld({ amount: p.amount, date: new Date(), reference: p.captureId }),
  });
}
