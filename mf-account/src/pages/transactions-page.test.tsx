import type { PaymentNotices, Transaction } from "@contracts/billing.ts";
import { invalidateKeys, queryClient, queryKeys } from "@hosting-portal/shared-ui";
import {
  apiError,
  mockApi,
  pagedList,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import TransactionsPage, { prefetch } from "./transactions-page";

// Built from local time parts: the page shows dates in the viewer's time zone (SPEC §2).
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

// Newest first, as GET /api/billing/transactions answers.
const renewal: Transaction = {
  id: "7d3e9f10-2a4b-4c5d-8e6f-7a8b9c0d1e2f",
  amount: "-4.99",
  status: "paid",
  kind: "renewal",
  paypal_transaction_id: "RENEW-c0ffee00",
  created_at: local(2026, 11, 22, 14, 5),
};
const topUp: Transaction = {
  id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  amount: "25.00",
  status: "paid",
  kind: "topup",
  paypal_transaction_id: "8MC585209K746392H",
  created_at: local(2026, 2, 3, 9, 7),
};
const adjustment: Transaction = {
  id: "f0e1d2c3-b4a5-4968-8776-655443322110",
  amount: "10.00",
  status: "paid",
  kind: "admin_adjustment",
  paypal_transaction_id: null,
  created_at: local(2025, 12, 31, 23, 59),
};

/** A dispute about the 25.00 EUR top-up holds that much of a 30.00 EUR balance. */
const disputeHolds25: PaymentNotices = {
  held: "25.00",
  available: "5.00",
  disputes: [
    { capture_id: "8MC585209K746392H", amount: "25.00", opened_at: local(2026, 11, 20, 9, 0) },
  ],
  not_credited: [],
};

async function openPage(transactions: Transaction[]) {
  const net = mockApi({ "GET /api/billing/transactions": { transactions } });
  await net.signIn();
  renderPage(<TransactionsPage />, { path: "/transactions" });
  return net;
}

afterEach(resetPortalState);

describe("Transactions page (SPEC §2 /transactions)", () => {
  it("lists the transactions newest first: short id, EUR amount, status, date, payment id or N/A", async () => {
    const net = await openPage([renewal, topUp, adjustment]);
    expect(await screen.findByRole("table", { name: "Transactions" })).toBeTruthy();
    expect(tableRows("Transactions")).toEqual([
      ["7d3e9f10", "-4.99 EUR", "paid", "Nov 22, 2026 14:05", "RENEW-c0ffee00", "N/A"],
      ["a1b2c3d4", "25.00 EUR", "paid", "Feb 03, 2026 09:07", "8MC585209K746392H", "N/A"],
      ["f0e1d2c3", "10.00 EUR", "paid", "Dec 31, 2025 23:59", "N/A", "N/A"],
    ]);
    // The full id stays available on hover.
    expect(screen.getByText("7d3e9f10").getAttribute("title")).toBe(renewal.id);
    expect(net.callsTo("GET /api/billing/transactions")[0]?.path).toBe(
      "/api/billing/transactions?limit=50",
    );
  });

  it("shows the SPEC empty text without transactions", async () => {
    await openPage([]);
    expect(
      await screen.findByText(
        "No transactions found. Make your first credit purchase to get started.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says so when the history cannot be loaded", async () => {
    const net = mockApi({
      "GET /api/billing/transactions": () =>
        apiError(403, "forbidden", "Two-factor verification is required"),
    });
    await net.signIn();
    renderPage(<TransactionsPage />, { path: "/transactions" });
    expect(
      await screen.findByText("Could not load your transactions. Please try again."),
    ).toBeTruthy();
    expect(
      screen.queryByText("No transactions found. Make your first credit purchase to get started."),
    ).toBeNull();
  });

  // Fifty rows and more of react-aria's table take seconds in jsdom on a busy machine.
  describe("one page at a time", { timeout: 20_000 }, () => {
    /** `n` transactions, newest first, each a minute older than the one before. */
    const history = (n: number, from = 0): Transaction[] =>
      Array.from({ length: n }, (_, i) => ({
        ...topUp,
        id: `00000000-0000-4000-8000-${String(from + i).padStart(12, "0")}`,
        paypal_transaction_id: `CAP-${from + i}`,
        created_at: new Date(Date.UTC(2026, 10, 22, 12, 0) - (from + i) * 60_000).toISOString(),
      }));

    /** Answers like the API: pages of `limit` after the cursor (the last row's id). */
    const pagedApi = (rows: () => Transaction[]) =>
      pagedList("transactions", rows, { cursorOf: (t) => t.id });

    it("shows the first 50 and loads the next page with the cursor on 'Load more'", async () => {
      const user = userEvent.setup();
      const rows = history(55);
      const net = mockApi({ "GET /api/billing/transactions": pagedApi(() => rows) });
      await net.signIn();
      renderPage(<TransactionsPage />, { path: "/transactions" });
      await screen.findByRole("table", { name: "Transactions" });
      expect(tableRows("Transactions")).toHaveLength(50);

      await user.click(screen.getByRole("button", { name: "Load more" }));
      await waitFor(() => expect(tableRows("Transactions")).toHaveLength(55));
      expect(net.callsTo("GET /api/billing/transactions").map((c) => c.path)).toEqual([
        "/api/billing/transactions?limit=50",
        `/api/billing/transactions?limit=50&cursor=${rows[49]!.id}`,
      ]);
      // The last page says there is nothing more.
      expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
      expect(tableRows("Transactions").map((r) => r[4])).toEqual(
        rows.map((t) => t.paypal_transaction_id),
      );
    });

    it("has no 'Load more' when the API sends no next cursor (one page, or an API before paging)", async () => {
      await openPage([renewal, topUp]);
      await screen.findByRole("table", { name: "Transactions" });
      expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    });

    it("a balance change refreshes every loaded page, with the new entry on top and none lost", async () => {
      const user = userEvent.setup();
      let rows = history(52, 1);
      const net = mockApi({ "GET /api/billing/transactions": pagedApi(() => rows) });
      await net.signIn();
      renderPage(<TransactionsPage />, { path: "/transactions" });
      await screen.findByRole("table", { name: "Transactions" });
      await user.click(screen.getByRole("button", { name: "Load more" }));
      await waitFor(() => expect(tableRows("Transactions")).toHaveLength(52));

      // A top-up lands (what the live stream and the payment do: invalidate account.all).
      rows = [...history(1, 0), ...rows];
      await invalidateKeys(queryClient, [queryKeys.account.all]);
      await waitFor(() => expect(tableRows("Transactions")).toHaveLength(53));
      expect(tableRows("Transactions")[0]![4]).toBe("CAP-0");
      expect(tableRows("Transactions").map((r) => r[4])).toEqual(
        rows.map((t) => t.paypal_transaction_id),
      );
    });

    it("keeps the rows shown when a later page fails, and says so", async () => {
      const user = userEvent.setup();
      const rows = history(60);
      const net = mockApi({
        "GET /api/billing/transactions": (req) =>
          req.url.searchParams.has("cursor")
            ? apiError(
                422,
                "validation_error",
                "Invalid cursor: pass the next_cursor of the previous page unchanged",
              )
            : pagedApi(() => rows)(req),
      });
      await net.signIn();
      renderPage(<TransactionsPage />, { path: "/transactions" });
      await screen.findByRole("table", { name: "Transactions" });
      await user.click(screen.getByRole("button", { name: "Load more" }));
      expect(
        await screen.findByText("Could not load more transactions. Please try again."),
      ).toBeTruthy();
      expect(tableRows("Transactions")).toHaveLength(50);
    });
  });
  describe("PayPal payments the list cannot show", () => {
    const notices = (over: Partial<PaymentNotices>): PaymentNotices => ({
      held: "0.00",
      available: "30.00",
      disputes: [],
      not_credited: [],
      ...over,
    });

    it("says how much a dispute holds and what can still be spent", async () => {
      const net = mockApi({
        "GET /api/billing/transactions": { transactions: [topUp] },
        "GET /api/billing/payment-notices": disputeHolds25,
      });
      await net.signIn();
      renderPage(<TransactionsPage />, { path: "/transactions" });
      const held = await screen.findByRole("region", { name: "Credits on hold" });
      expect(held.textContent).toContain(
        "25.00 EUR of your balance is on hold while PayPal reviews a dispute about a payment. You can spend 5.00 EUR until PayPal decides",
      );
      // The ledger's own rows stay as they are (old remotes parse them with today's enums).
      expect(tableRows("Transactions")).toHaveLength(1);
    });

    it("lists a top-up PayPal held as pending and then denied, which has no ledger row", async () => {
      const net = mockApi({
        "GET /api/billing/transactions": { transactions: [] },
        "GET /api/billing/payment-notices": notices({
          not_credited: [
            {
              order_id: "5O190127TN364715T",
              amount: "25.00",
              capture_id: "2GG279541U471931P",
              denied_at: local(2026, 11, 21, 10, 30),
            },
          ],
        }),
      });
      await net.signIn();
      renderPage(<TransactionsPage />, { path: "/transactions" });
      const denied = await screen.findByRole("region", { name: "Payments not completed" });
      expect(denied.textContent).toBe(
        "Payments not completedNov 21, 2026 10:30: PayPal held your payment of 25.00 EUR for review and then declined it. No credits were added and PayPal does not take the money.",
      );
      expect(screen.queryByRole("region", { name: "Credits on hold" })).toBeNull();
    });

    it("shows nothing more when there is nothing to say or the notices cannot be read", async () => {
      const net = mockApi({
        "GET /api/billing/transactions": { transactions: [topUp] },
        "GET /api/billing/payment-notices": () => apiError(404, "not_found", "Not found"),
      });
      await net.signIn();
      renderPage(<TransactionsPage />, { path: "/transactions" });
      await screen.findByRole("table", { name: "Transactions" });
      await waitFor(() =>
        expect(net.callsTo("GET /api/billing/payment-notices").length).toBeGreaterThan(0),
      );
      expect(screen.queryByRole("region", { name: "Credits on hold" })).toBeNull();
      expect(screen.queryByRole("region", { name: "Payments not completed" })).toBeNull();
    });
  });
});

describe("prefetch (the shell calls it before the page renders)", () => {
  it("fills what the page reads: rendered after it, the page shows its rows and notices at once and asks nothing again", async () => {
    const net = mockApi({
      "GET /api/billing/transactions": { transactions: [topUp] },
      "GET /api/billing/payment-notices": disputeHolds25,
    });
    await net.signIn();
    await prefetch({ params: {}, search: "" });
    renderPage(<TransactionsPage />, { path: "/transactions" });
    // At once: no placeholder first.
    expect(tableRows("Transactions")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "Credits on hold" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.callsTo("GET /api/billing/transactions")).toHaveLength(1);
    expect(net.callsTo("GET /api/billing/payment-notices")).toHaveLength(1);
  });
});
