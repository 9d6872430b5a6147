import { api } from "@hosting-portal/shared-ui";

/** Sandbox checkout only: the buyer's approval, which PayPal's own window gives in real mode. */
export const approveSandboxOrder = (orderId: string) =>
  api.post(`/api/billing/orders/${encodeURIComponent(orderId)}/sandbox-approve`);
