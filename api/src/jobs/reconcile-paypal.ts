import { type ReconcileResult, reconcilePayPal } from "../billing/reconcile.service.ts";
import type { Deps } from "../platform/context.ts";

/**
 * The PayPal reconciler as a periodic job. Orders left in created, pending or captured
 * (not credited) past PAYPAL_RECONCILE_AFTER_SECONDS are read back from PayPal and credited, or
 * closed, exactly once; refunds that arrived before their capture was credited are applied. The
 * logic lives in billing/reconcile.service.ts, beside the crediting path it shares.
 */
export async function reconcilePayPalJob(
  deps: Pick<Deps, "sql" | "paypal" | "config">,
): Promise<ReconcileResult> {
  return await reconcilePayPal(deps);
}
