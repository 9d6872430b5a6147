import type { Transaction } from "@contracts/billing.ts";
import {
  apiError,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import TransactionsPage from "./transactions-page";

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
    expect(await screen.findByRole("grid", { name: "Transactions" })).toBeTruthy();
    expect(tableRows("Transactions")).toEqual([
      ["7d3e9f10", "-4.99 EUR", "paid", "Nov 22, 2026 14:05", "RENEW-c0ffee00"],
      ["a1b2c3d4", "25.00 EUR", "paid", "Feb 03, 2026 09:07", "8MC585209K746392H"],
      ["f0e1d2c3", "10.00 EUR", "paid", "Dec 31, 2025 23:59", "N/A"],
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
    expect(screen.queryByRole("grid")).toBeNull();
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
});
