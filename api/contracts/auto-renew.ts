import { z } from "zod/mini";
import { Uuid } from "./common.ts";

/** The per-order auto-renew switch on /orders. */
export const AutoRenewMessages = {
  enabledRequired: "enabled must be true or false",
  savedOn: "Auto-renew is on",
  savedOff: "Auto-renew is off",
  failedTitle: "Auto-renew not changed",
} as const;

export const AutoRenewRequest = z.object({
  enabled: z.boolean({ message: AutoRenewMessages.enabledRequired }),
});
export type AutoRenewRequest = z.infer<typeof AutoRenewRequest>;

export const AutoRenewState = z.object({ order_id: Uuid, auto_renew: z.boolean() });
export type AutoRenewState = z.infer<typeof AutoRenewState>;

/** The caller's orders that have auto-renew on (the orders list itself is paged). */
export const AutoRenewList = z.object({ order_ids: z.array(Uuid) });
export type AutoRenewList = z.infer<typeof AutoRenewList>;
