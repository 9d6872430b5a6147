import type { BillingConfig, CaptureResponse, CreateOrderResponse } from "@contracts/billing.ts";
import { billingMessages } from "@contracts/billing.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  apiError,
  fieldError,
  findToast,
  json,
  type MockApi,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import ChargeCreditsPage from "./charge-credits-page";

const sandbox: BillingConfig = {
  mode: "sandbox",
  client_id: null,
  currency: "EUR",
  min: "5.00",
  max: "300.00",
};

const profile = testProfile();

const paypalOrder = (amount: string): CreateOrderResponse => ({
  id: "5O190127TN364715T",
  status: "CREATED",
  amount,
  currency: "EUR",
  approve_url: null,
});

async function openPage(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi({
    "GET /api/billing/config": sandbox,
    "GET /api/account/profile": profile,
    ...routes,
  });
  await net.signIn();
  renderPage(<ChargeCreditsPage />, { path: "/charge-credits" });
  await screen.findByTestId("sandbox-checkout");
  return net;
}

/** The Summary card's value for `term`. */
const summary = (term: string) =>
  screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

async function payWithAmount(amount: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText("Amount (EUR)");
  await user.clear(field);
  if (amount) await user.type(field, amount);
  await user.click(screen.getByRole("button", { name: "Pay with PayPal" }));
  return user;
}

afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe("Charge Credits page (SPEC §2 /charge-credits)", () => {
  it("shows the balance, the quick amounts 10, 25, 50, 100 and the sandbox checkout", async () => {
    const user = userEvent.setup();
    await openPage();
    await waitFor(() => expect(summary("Current balance")).toBe("100.00 EUR"));
    expect(summary("Top-up")).toBe("25.00 EUR");
    for (const amount of ["10", "25", "50", "100"]) {
      expect(screen.getByRole("button", { name: `${amount} EUR` })).toBeTruthy();
    }

    await user.click(screen.getByRole("button", { name: "50 EUR" }));
    expect((screen.getByLabelText("Amount (EUR)") as HTMLInputElement).value).toBe("50");
    expect(summary("Top-up")).toBe("50.00 EUR");
  });

  it.each(["4.99", "300.01", "12.345", "abc", ""])(
    "refuses %j with 'Invalid Amount' (SPEC §5) and creates no payment",
    async (amount) => {
      const net = await openPage();
      await payWithAmount(amount);

      const toast = within(await findToast("Invalid Amount"));
      expect(toast.getByText("Amount must be between 5 and 300 EUR")).toBeTruthy();
      expect(fieldError("Amount (EUR)")).toBe("Amount must be between 5 and 300 EUR");
      expect(net.callsTo("POST /api/billing/orders")).toHaveLength(0);
    },
  );

  it("pays through the sandbox: create, approve, capture, then 'Payment successful'", async () => {
    const capture: CaptureResponse = {
      order_id: "5O190127TN364715T",
      status: "COMPLETED",
      amount: "42.50",
      credits: "142.50",
      capture_id: "3C679366HH908993F",
      transaction_id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
    };
    const net = await openPage({
      "POST /api/billing/orders": () => json(201, paypalOrder("42.50")),
      "POST /api/billing/orders/:id/sandbox-approve": () => json(204, null),
      "POST /api/billing/orders/:id/capture": capture,
    });
    const user = await payWithAmount("42.5");

    expect(await screen.findByText("Approve payment of 42.50 EUR")).toBeTruthy();
    const [create] = net.callsTo("POST /api/billing/orders");
    expect(create?.body).toMatchObject({ amount: "42.50" });
    expect((create?.body as { request_id?: string } | undefined)?.request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    net.on({ "GET /api/account/profile": { ...profile, credits: "142.50" } });
    await user.click(screen.getByRole("button", { name: "Approve payment" }));

    const toast = within(await findToast("Payment successful"));
    expect(toast.getByText("42.50 EUR added to your balance.")).toBeTruthy();
    expect(net.callsTo("POST /api/billing/orders/:id/sandbox-approve")[0]?.path).toBe(
      "/api/billing/orders/5O190127TN364715T/sandbox-approve",
    );
    expect(net.callsTo("POST /api/billing/orders/:id/capture")).toHaveLength(1);
    // The balance is read again rather than computed in the browser.
    await waitFor(() => expect(summary("Current balance")).toBe("142.50 EUR"));
  });

  it("takes the amount with a decimal comma on a German page and sends it as 42.50", async () => {
    await setLocale("de", { remember: false });
    const net = await openPage({
      "POST /api/billing/orders": () => json(201, paypalOrder("42.50")),
    });
    const user = userEvent.setup();
    const field = screen.getByLabelText("Betrag (EUR)");
    await user.clear(field);
    await user.type(field, "42,50");
    await user.click(screen.getByRole("button", { name: "Mit PayPal bezahlen" }));
    await waitFor(() => expect(net.callsTo("POST /api/billing/orders")).toHaveLength(1));
    expect(net.callsTo("POST /api/billing/orders")[0]?.body).toMatchObject({ amount: "42.50" });
    expect(fieldError("Betrag (EUR)")).toBeFalsy();
  });

  it("shows 'PayPal capture failed' when the capture fails", async () => {
    const net = await openPage({
      "POST /api/billing/orders": () => json(201, paypalOrder("25.00")),
      "POST /api/billing/orders/:id/sandbox-approve": () => json(204, null),
      "POST /api/billing/orders/:id/capture": () =>
        apiError(502, "provider_failed", "PayPal capture failed"),
    });
    const user = await payWithAmount("25");
    await user.click(await screen.findByRole("button", { name: "Approve payment" }));

    expect(await findToast("PayPal capture failed")).toBeTruthy();
    expect(screen.queryByText("Payment successful")).toBeNull();
    expect(net.callsTo("POST /api/billing/orders/:id/capture")).toHaveLength(1);
    // The failed order is dropped; a new payment starts over.
    expect(await screen.findByRole("button", { name: "Pay with PayPal" })).toBeTruthy();
  });

  it("says an expired PayPal order took nothing and asks for a new top-up", async () => {
    await openPage({
      "POST /api/billing/orders": () => json(201, paypalOrder("25.00")),
      "POST /api/billing/orders/:id/sandbox-approve": () => json(204, null),
      "POST /api/billing/orders/:id/capture": () =>
        apiError(422, "payment_expired", billingMessages.orderExpired),
    });
    const user = await payWithAmount("25");
    await user.click(await screen.findByRole("button", { name: "Approve payment" }));

    const toast = within(await findToast("PayPal payment not completed"));
    expect(toast.getByText(billingMessages.orderExpired)).toBeTruthy();
    // Not the lost-answer text, which would promise credits that will never come.
    expect(screen.queryByText(billingMessages.captureRecovering)).toBeNull();
  });

  it("shows 'PayPal order creation failed' when PayPal refuses the order", async () => {
    await openPage({
      "POST /api/billing/orders": () =>
        apiError(502, "provider_failed", "PayPal order creation failed"),
    });
    await payWithAmount("25");

    const toast = within(await findToast("PayPal order creation failed"));
    expect(toast.getByText("Could not initiate PayPal payment.")).toBeTruthy();
    expect(screen.queryByText(/Approve payment of/)).toBeNull();
  });

  it("cancelling the sandbox approval takes no money", async () => {
    const net = await openPage({
      "POST /api/billing/orders": () => json(201, paypalOrder("25.00")),
    });
    const user = await payWithAmount("25");
    await user.click(await screen.findByRole("button", { name: "Cancel" }));

    const toast = within(await findToast("Payment cancelled"));
    expect(toast.getByText("No money was taken.")).toBeTruthy();
    expect(net.callsTo("POST /api/billing/orders/:id/capture")).toHaveLength(0);
  });
});
