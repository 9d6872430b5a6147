import { CaptureResponse } from "@contracts/billing.ts";
import { api } from "@hosting-portal/shared-ui";

/** POST /api/billing/orders/:id/capture: the API captures and credits the balance exactly once. */
export const captureOrder = (orderId: string) =>
  api.post(
    `/api/billing/orders/${encodeURIComponent(orderId)}/capture`,
    undefined,
    CaptureResponse,
  );
