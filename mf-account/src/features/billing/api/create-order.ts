import { type CreateOrderBody, CreateOrderResponse } from "@contracts/billing.ts";
import { api } from "@hosting-portal/shared-ui";

/** POST /api/billing/orders: the API validates the amount and creates the PayPal order. */
export const createOrder = (body: CreateOrderBody) =>
  api.post("/api/billing/orders", body, CreateOrderResponse);
