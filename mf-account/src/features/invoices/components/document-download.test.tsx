import type { Transaction } from "@contracts/billing.ts";
import {
  apiError,
  findToast,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import TransactionsPage from "../../../pages/transactions-page";

const purchase: Transaction = {
  id: "7d3e9f10-2a4b-4c5d-8e6f-7a8b9c0d1e2f",
  amount: "-4.99",
  status: "paid",
  kind: "purchase",
  paypal_transaction_id: null,
  created_at: "2026-11-22T14:05:00Z",
  document: {
    id: "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9",
    kind: "invoice",
    number: "2026-000123",
  },
};
const topUp: Transaction = {
  id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  amount: "25.00",
  status: "paid",
  kind: "topup",
  paypal_transaction_id: "8MC585209K746392H",
  created_at: "2026-11-22T13:00:00Z",
  document: {
    id: "1c2d3e4f-5061-4728-93a4-b5c6d7e8f901",
    kind: "receipt",
    number: "R2026-000045",
  },
};
const adjustment: Transaction = {
  id: "f0e1d2c3-b4a5-4968-8776-655443322110",
  amount: "10.00",
  status: "paid",
  kind: "admin_adjustment",
  paypal_transaction_id: null,
  created_at: "2026-11-21T10:00:00Z",
  document: null,
};

const PDF = "%PDF-1.7 test invoice";

/** What the page handed to the browser to save: the blob's text and the file name. */
const saved: { blobs: Blob[]; names: string[] } = { blobs: [], names: [] };

// jsdom neither makes object URLs nor downloads: record what the page hands the browser instead.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  saved.blobs = [];
  saved.names = [];
  URL.createObjectURL = (blob: Blob) => {
    saved.blobs.push(blob);
    return `blob:test/${saved.blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.names.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  // A revocation the page timed for later may still run: it must find a function.
  URL.revokeObjectURL = objectUrls.revoke ?? (() => undefined);
  return resetPortalState();
});

async function open(transactions: Transaction[], pdf: () => Response | object) {
  const net = mockApi({
    "GET /api/billing/transactions": { transactions, next_cursor: null },
    "GET /api/invoices/:id/pdf": pdf,
  });
  await net.signIn();
  renderPage(<TransactionsPage />, { path: "/transactions" });
  await screen.findByRole("table", { name: "Transactions" });
  return net;
}

describe("/transactions document downloads", () => {
  it("shows each row's document and N/A without one", async () => {
    await open([purchase, topUp, adjustment], () => new Response(PDF));
    expect(tableRows("Transactions").map((r) => r[5])).toEqual([
      "Invoice 2026-000123",
      "Receipt R2026-000045",
      "N/A",
    ]);
  });

  it("fetches the PDF with the bearer token and saves it as <number>.pdf", async () => {
    const net = await open(
      [purchase, topUp],
      () => new Response(PDF, { headers: { "content-type": "application/pdf" } }),
    );
    await userEvent
      .setup()
      .click(screen.getByRole("button", { name: "Download Invoice 2026-000123 (PDF)" }));
    await waitFor(() => expect(saved.names).toEqual(["2026-000123.pdf"]));
    const [request] = net.callsTo("GET /api/invoices/:id/pdf");
    expect(request?.path).toBe("/api/invoices/0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9/pdf");
    expect(request?.headers.get("authorization")).toMatch(/^Bearer \S+/);
    expect(request?.headers.get("accept")).toBe("application/pdf");
    expect(await saved.blobs[0]?.text()).toBe(PDF);
  });

  it("says so when the download fails, saving nothing", async () => {
    await open([purchase], () => apiError(404, "not_found", "Invoice not found"));
    await userEvent
      .setup()
      .click(screen.getByRole("button", { name: "Download Invoice 2026-000123 (PDF)" }));
    const toast = await findToast("Download failed");
    expect(toast.textContent).toContain("Invoice not found");
    expect(saved.names).toEqual([]);
  });
});
