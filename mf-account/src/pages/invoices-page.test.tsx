import type { Transaction } from "@contracts/billing.ts";
import {
  apiError,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import InvoicesPage from "./invoices-page";

// Built from local time parts: the page shows dates in the viewer's time zone.
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

const renewal: Transaction = {
  id: "7d3e9f10-2a4b-4c5d-8e6f-7a8b9c0d1e2f",
  amount: "-4.99",
  status: "paid",
  kind: "renewal",
  paypal_transaction_id: null,
  created_at: local(2026, 11, 22, 14, 5),
  document: { id: "11111111-0000-4000-8000-000000000001", kind: "invoice", number: "2026-000123" },
};
const adjustment: Transaction = {
  id: "f0e1d2c3-b4a5-4968-8776-655443322110",
  amount: "10.00",
  status: "paid",
  kind: "admin_adjustment",
  paypal_transaction_id: null,
  created_at: local(2026, 3, 1, 8, 0),
  document: null,
};
const topUp: Transaction = {
  id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  amount: "25.00",
  status: "paid",
  kind: "topup",
  paypal_transaction_id: "8MC585209K746392H",
  created_at: local(2026, 2, 3, 9, 7),
  document: {
    id: "22222222-0000-4000-8000-000000000002",
    kind: "receipt",
    number: "R-2026-000045",
  },
};

async function openPage(routes: Parameters<typeof mockApi>[0]) {
  const net = mockApi(routes);
  await net.signIn();
  renderPage(<InvoicesPage />, { path: "/invoices" });
  return net;
}

afterEach(resetPortalState);

describe("Invoices page (/invoices)", () => {
  it("lists the documents of the transactions, newest first, each as its PDF download", async () => {
    await openPage({
      "GET /api/billing/transactions": { transactions: [renewal, adjustment, topUp] },
    });
    expect(await screen.findByRole("table", { name: "Invoices" })).toBeTruthy();
    // The adjustment has no document: it is not listed.
    expect(tableRows("Invoices")).toEqual([
      ["Invoice 2026-000123", "Nov 22, 2026 14:05", "-4.99 EUR"],
      ["Receipt R-2026-000045", "Feb 03, 2026 09:07", "25.00 EUR"],
    ]);
    expect(screen.getByRole("button", { name: "Download Invoice 2026-000123 (PDF)" })).toBeTruthy();
  });

  it("says there are none yet when no transaction has a document", async () => {
    await openPage({ "GET /api/billing/transactions": { transactions: [adjustment] } });
    expect(
      await screen.findByText("No invoices yet. Charging credits or buying a server issues one."),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("reads older transactions on 'Load more' when the latest have no document", async () => {
    const user = userEvent.setup();
    const net = await openPage({
      "GET /api/billing/transactions": (req) =>
        req.url.searchParams.get("cursor")
          ? { transactions: [topUp], next_cursor: null }
          : { transactions: [adjustment], next_cursor: adjustment.id },
    });
    expect(await screen.findByText("No invoices among your latest transactions.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("table", { name: "Invoices" })).toBeTruthy();
    expect(tableRows("Invoices")).toEqual([
      ["Receipt R-2026-000045", "Feb 03, 2026 09:07", "25.00 EUR"],
    ]);
    expect(net.callsTo("GET /api/billing/transactions")[1]?.path).toBe(
      `/api/billing/transactions?limit=50&cursor=${adjustment.id}`,
    );
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says so when the transactions cannot be loaded", async () => {
    await openPage({
      "GET /api/billing/transactions": () =>
        apiError(403, "forbidden", "Two-factor verification is required"),
    });
    expect(await screen.findByText("Could not load your invoices. Please try again.")).toBeTruthy();
  });
});
