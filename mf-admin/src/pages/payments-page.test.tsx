import type { AttentionItem, AttentionList } from "@contracts/payments-attention.ts";
import {
  apiError,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import PaymentsPage from "./payments-page";

const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

const base = {
  status: "open" as const,
  user_id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  paypal_order_id: "5O190127TN364715T",
  resolution: null,
  resolved_at: null,
};

const mismatch: AttentionItem = {
  ...base,
  id: "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
  kind: "mismatch",
  email: "alice@example.com",
  paypal_capture_id: "3C679366HH908993F",
  amount: "2.50",
  currency: "EUR",
  detail: { expected_amount: "25.00", expected_currency: "EUR" },
  created_at: local(2026, 11, 20, 9, 0),
  trail: [
    {
      action: "billing.paypal.attention_opened",
      actor: "system",
      at: local(2026, 11, 20, 9, 0),
      after: { kind: "mismatch" },
    },
  ],
};

const dispute: AttentionItem = {
  ...base,
  id: "1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e",
  kind: "dispute",
  email: "bob@example.com",
  paypal_capture_id: "7PK64432TX0011234",
  amount: "25.00",
  currency: "EUR",
  detail: { paypal_dispute_id: "PP-D-1001" },
  created_at: local(2026, 11, 21, 10, 30),
  trail: [],
};

const shortfall: AttentionItem = {
  ...base,
  id: "2c3d4e5f-6a7b-4c8d-8e9f-0a1b2c3d4e5f",
  kind: "shortfall",
  email: "carol@example.com",
  paypal_capture_id: "9XY64432TX0011299",
  amount: "8.00",
  currency: "EUR",
  detail: {},
  created_at: local(2026, 11, 22, 11, 0),
  trail: [],
};

const closed = (item: AttentionItem, resolution: string, note?: string): AttentionItem => ({
  ...item,
  status: "closed",
  resolution,
  resolved_at: local(2026, 11, 23, 8, 0),
  trail: [
    ...item.trail,
    {
      action: "billing.paypal.attention_closed",
      actor: "admin@example.com",
      at: local(2026, 11, 23, 8, 0),
      after: { resolution, ...(note ? { note } : {}) },
    },
  ],
});

async function openPage(routes: Routes) {
  const net = mockApi(routes, {
    user: { is_admin: true, username: "admin", email: "admin@example.com" },
  });
  await net.signIn();
  const page = renderPage(<PaymentsPage />, { path: "/admin/payments" });
  return { net, page };
}

const itemNamed = (name: RegExp) => screen.getByRole("listitem", { name });

afterEach(resetPortalState);

describe("Payments page (/admin/payments)", () => {
  it("lists each open item with what it is, its customer, amount, what to do and its trail", async () => {
    await openPage({
      "GET /api/admin/payments": { items: [mismatch, dispute, shortfall] } satisfies AttentionList,
    });
    const list = await screen.findByRole("list", { name: "Needs attention" });
    expect(within(list).getAllByRole("listitem", { name: /:/ })).toHaveLength(3);

    const m = itemNamed(/^Capture does not match its top-up: alice@example.com/);
    expect(within(m).getByText("Amount: 2.50 EUR")).toBeTruthy();
    expect(within(m).getByText("Top-up: 25.00 EUR")).toBeTruthy();
    expect(
      within(m).getByText(/Refund it at PayPal .* or credit the customer by hand/),
    ).toBeTruthy();
    expect(within(m).getByRole("button", { name: "Refund at PayPal" })).toBeTruthy();
    expect(within(m).getByRole("button", { name: "Credit by hand" })).toBeTruthy();
    expect(within(m).getByText("Audit trail (1)")).toBeTruthy();
    expect(within(m).getByText("Nov 20, 2026 09:00 · system · Found")).toBeTruthy();

    // A dispute is settled by PayPal's decision: it says so and offers no action.
    const d = itemNamed(/^Open dispute: bob@example.com/);
    expect(within(d).getByText(/Answer the case in PayPal's Resolution Center/)).toBeTruthy();
    expect(within(d).queryByRole("button")).toBeNull();

    const s = itemNamed(/^Refund larger than the balance: carol@example.com/);
    expect(within(s).getByRole("button", { name: "Close as handled" })).toBeTruthy();
  });

  it("refunds a mismatched capture at PayPal after confirming, and shows it closed", async () => {
    const { net } = await openPage({
      "GET /api/admin/payments": { items: [mismatch] },
      "POST /api/admin/payments/:id/refund": {
        items: [closed(mismatch, "refunded_at_paypal")],
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Refund at PayPal" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/PayPal pays the whole capture \(2.50 EUR\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Refund in full" }));
    await waitFor(() => expect(net.callsTo("POST /api/admin/payments/:id/refund")).toHaveLength(1));
    expect(net.callsTo("POST /api/admin/payments/:id/refund")[0]!.params.id).toBe(mismatch.id);
    expect(
      await screen.findByText("Nothing needs attention: every PayPal payment is settled."),
    ).toBeTruthy();
    const done = await screen.findByRole("list", { name: "Closed in the last 30 days" });
    expect(within(done).getByText("Refunded at PayPal")).toBeTruthy();
    expect(
      within(done).getByText("Nov 23, 2026 08:00 · admin@example.com · Closed: Refunded at PayPal"),
    ).toBeTruthy();
  });

  it("a refund PayPal refuses keeps the item open and says why", async () => {
    await openPage({
      "GET /api/admin/payments": { items: [mismatch] },
      "POST /api/admin/payments/:id/refund": () =>
        apiError(502, "provider_failed", "PayPal did not refund the capture."),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Refund at PayPal" }));
    await user.click(await screen.findByRole("button", { name: "Refund in full" }));
    expect(await screen.findByText("PayPal did not refund the capture.")).toBeTruthy();
    // The confirmation stays open for another try (the API sends the item's same request id).
    expect(screen.getByRole("alertdialog", { name: "Refund at PayPal?" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Needs attention", hidden: true })).toBeTruthy();
  });

  it("credits a mismatched capture by hand with the top-up's amount proposed", async () => {
    const { net } = await openPage({
      "GET /api/admin/payments": { items: [mismatch] },
      "POST /api/admin/payments/:id/credit": { items: [closed(mismatch, "credited_by_hand")] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Credit by hand" }));
    const field = await screen.findByLabelText("Amount (EUR)");
    expect((field as HTMLInputElement).value).toBe("25.00");
    await user.click(screen.getByRole("button", { name: "Credit" }));
    await waitFor(() => expect(net.callsTo("POST /api/admin/payments/:id/credit")).toHaveLength(1));
    expect(net.callsTo("POST /api/admin/payments/:id/credit")[0]!.body).toEqual({
      amount: "25.00",
    });
    expect(await screen.findByText("Credited by hand")).toBeTruthy();
  });

  it("closes a shortfall with a note, which the trail keeps", async () => {
    const { net } = await openPage({
      "GET /api/admin/payments": { items: [shortfall] },
      "POST /api/admin/payments/:id/close": {
        items: [closed(shortfall, "handled", "Written off")],
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Close as handled" }));
    await user.click(await screen.findByRole("button", { name: "Close item" }));
    expect(net.callsTo("POST /api/admin/payments/:id/close")).toHaveLength(0);
    await user.type(screen.getByLabelText("What was done"), "Written off");
    await user.click(screen.getByRole("button", { name: "Close item" }));
    await waitFor(() => expect(net.callsTo("POST /api/admin/payments/:id/close")).toHaveLength(1));
    expect(net.callsTo("POST /api/admin/payments/:id/close")[0]!.body).toEqual({
      note: "Written off",
    });
    expect(
      await screen.findByText("Nov 23, 2026 08:00 · admin@example.com · Closed: Written off"),
    ).toBeTruthy();
  });

  it("shows a list that cannot be loaded with Retry", async () => {
    const { net } = await openPage({
      "GET /api/admin/payments": () => apiError(403, "forbidden", "Admin access required"),
    });
    expect(await screen.findByText("Could not load the payments")).toBeTruthy();
    net.on({ "GET /api/admin/payments": { items: [] } });
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(
      await screen.findByText("Nothing needs attention: every PayPal payment is settled."),
    ).toBeTruthy();
  });
});
