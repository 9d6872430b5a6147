import type { BillingConfig, CaptureResponse, CreateOrderResponse } from "@contracts/billing.ts";
import {
  apiError,
  findToast,
  json,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChargeCreditsForm } from "./charge-credits-form";

// PayPal's buttons, stubbed at their script: the test drives the callbacks PayPal would call.
// deno-lint-ignore no-explicit-any
type Options = Record<string, (...args: any[]) => any>;
const buttons: { options: Options | null } = { options: null };
vi.mock("@paypal/paypal-js", () => ({
  loadScript: async () => ({
    Buttons: (options: Options) => {
      buttons.options = options;
      return { render: async () => {}, close: async () => {} };
    },
  }),
}));

const config: BillingConfig = {
  mode: "paypal",
  client_id: "live-client",
  currency: "EUR",
  min: "5.00",
  max: "300.00",
};
const order: CreateOrderResponse = {
  id: "5O190127TN364715T",
  status: "CREATED",
  amount: "25.00",
  currency: "EUR",
  approve_url: null,
};

async function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const net = mockApi({ "GET /api/billing/config": config, ...routes });
  await net.signIn();
  renderPage(<ChargeCreditsForm />, { path: "/charge-credits" });
  await waitFor(() => expect(buttons.options).not.toBeNull());
  return buttons.options!;
}

const toastTitles = () =>
  [...document.querySelectorAll("[role=alertdialog], [role=status], [role=alert]")].map(
    (e) => e.textContent ?? "",
  );

afterEach(() => {
  buttons.options = null;
  resetPortalState();
});

describe("PayPal buttons", () => {
  it("a failed order creation shows one toast, not a second conflicting one from onError", async () => {
    const paypal = await open({
      "POST /api/billing/orders": () =>
        apiError(502, "provider_failed", "PayPal order creation failed"),
    });
    await expect(paypal.createOrder!()).rejects.toThrow();
    paypal.onError!(new Error("createOrder rejected"));
    expect(await findToast("PayPal order creation failed")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText("Payment error")).toBeNull();
    expect(toastTitles().filter((t) => t.includes("Could not complete payment.")).length).toBe(0);
  });

  it("closing PayPal's window (onCancel) says nothing was taken", async () => {
    const paypal = await open();
    expect(paypal.onCancel).toBeTypeOf("function");
    paypal.onCancel!({ orderID: order.id });
    expect(await findToast("Payment cancelled")).toBeTruthy();
  });

  it("a PENDING capture says so instead of inviting a second payment", async () => {
    const pending: CaptureResponse = {
      order_id: order.id,
      status: "PENDING",
      amount: "25.00",
      credits: "0.00",
      capture_id: "2GG279541U471931P",
      transaction_id: null,
    };
    const paypal = await open({
      [`POST /api/billing/orders/${order.id}/capture`]: () => json(202, pending),
    });
    await paypal.onApprove!({ orderID: order.id }, { restart: vi.fn() });
    expect(await findToast("Payment pending")).toBeTruthy();
    expect(screen.queryByText("Payment successful")).toBeNull();
  });
});
