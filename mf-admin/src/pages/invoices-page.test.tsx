import type { AdminInvoice } from "@contracts/invoices.ts";
import { useLocation } from "@hosting-portal/router";
import {
  apiError,
  findToast,
  listQueries,
  type MockApi,
  mockApi,
  pagedList,
  type Routes,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import InvoicesPage from "./invoices-page";

const invoice = (n: number, overrides: Partial<AdminInvoice> = {}): AdminInvoice => ({
  id: `20000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  number: `2026-${String(n).padStart(6, "0")}`,
  kind: "invoice",
  issued_at: "2026-11-22T14:05:00Z",
  customer_email: `user${n}@example.com`,
  customer_name: `Customer ${n}`,
  net: "4.19",
  vat_rate: "19.00",
  vat: "0.80",
  gross: "4.99",
  currency: "EUR",
  ...overrides,
});

/** The router's search string as the page sees it. */
const at = { search: "" };
function Probe() {
  at.search = useLocation().search;
  return null;
}

async function open(url: string, routes: Routes): Promise<MockApi> {
  const net = mockApi(routes, {
    user: { is_admin: true, username: "admin", email: "admin@example.com" },
  });
  await net.signIn();
  renderPage(
    <>
      <InvoicesPage />
      <Probe />
    </>,
    { path: "/admin/invoices", at: url },
  );
  return net;
}

/** The list query of each GET to `route`, without the page size: what the page asked for. */
const asked = listQueries;

/** Two invoices a page, the cursor being the next row's index. */
const paged = (rows: AdminInvoice[]) => pagedList("invoices", () => rows, { pageSize: 2 });

// jsdom neither makes object URLs nor downloads: record what the page hands the browser instead.
const saved: { blobs: Blob[]; names: string[] } = { blobs: [], names: [] };
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

describe("Invoices page (/admin/invoices)", () => {
  it("lists invoices with number, customer, kind and the VAT split", async () => {
    await open("/admin/invoices", {
      "GET /api/admin/invoices": {
        invoices: [
          invoice(2),
          invoice(1, {
            kind: "receipt",
            customer_name: null,
            net: "25.00",
            vat_rate: "0.00",
            vat: "0.00",
            gross: "25.00",
          }),
        ],
        next_cursor: null,
      },
    });
    await screen.findByRole("table", { name: "Invoices" });
    const [first, second] = tableRows("Invoices");
    expect(first?.slice(0, 6)).toEqual([
      expect.stringMatching(/^2026-000002/),
      "Customer 2user2@example.com",
      "Invoice",
      "4.19 EUR",
      "0.80 EUR19.00%",
      "4.99 EUR",
    ]);
    expect(second?.slice(1, 3)).toEqual(["user1@example.comuser1@example.com", "Receipt"]);
    expect(screen.getByRole("status").textContent).toBe("Showing 2 invoices");
  });

  it("takes month and customer from the URL, and a month chosen goes to the URL and the API", async () => {
    const net = await open("/admin/invoices?month=2025-01&q=user1", {
      "GET /api/admin/invoices": { invoices: [invoice(1)], next_cursor: null },
    });
    await screen.findByRole("table", { name: "Invoices" });
    expect((screen.getByLabelText("Month") as HTMLSelectElement).value).toBe("2025-01");
    expect((screen.getByLabelText("Search invoices") as HTMLInputElement).value).toBe("user1");

    const month = new Date();
    const thisMonth = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
    await userEvent.setup().selectOptions(screen.getByLabelText("Month"), thisMonth);
    await waitFor(() => expect(at.search).toBe(`?month=${thisMonth}&q=user1`));
    await waitFor(() =>
      expect(asked(net, "GET /api/admin/invoices")).toEqual([
        "q=user1&month=2025-01",
        `q=user1&month=${thisMonth}`,
      ]),
    );
  });

  it("ignores a month the API would refuse", async () => {
    const net = await open("/admin/invoices?month=2026-13", {
      "GET /api/admin/invoices": { invoices: [invoice(1)], next_cursor: null },
    });
    await screen.findByRole("table", { name: "Invoices" });
    expect(asked(net, "GET /api/admin/invoices")).toEqual([""]);
  });

  it("Load more asks for the next page with its cursor and the same filters", async () => {
    const rows = [1, 2, 3].map((n) => invoice(n));
    const net = await open("/admin/invoices?month=2026-11", {
      "GET /api/admin/invoices": paged(rows),
    });
    await screen.findByRole("table", { name: "Invoices" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(tableRows("Invoices")).toHaveLength(3));
    expect(asked(net, "GET /api/admin/invoices")).toEqual([
      "month=2026-11",
      "month=2026-11&cursor=2",
    ]);
  });

  it("exports the chosen month as CSV; without a month the export waits for one", async () => {
    const csv = "number,issued_at,gross\n2026-000001,2026-11-22,4.99\n";
    const net = await open("/admin/invoices", {
      "GET /api/admin/invoices": { invoices: [invoice(1)], next_cursor: null },
      "GET /api/admin/invoices/export.csv": () =>
        new Response(csv, { headers: { "content-type": "text/csv" } }),
    });
    await screen.findByRole("table", { name: "Invoices" });
    const exportButton = () => screen.getByRole("button", { name: /^Export CSV/ });
    const disabled = (b: HTMLElement) =>
      b.hasAttribute("disabled") || b.getAttribute("aria-disabled") === "true";
    expect(disabled(exportButton())).toBe(true);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Month"), "2026-11");
    await user.click(screen.getByRole("button", { name: "Export CSV for 2026-11" }));
    await waitFor(() => expect(saved.names).toEqual(["invoices-2026-11.csv"]));
    const [request] = net.callsTo("GET /api/admin/invoices/export.csv");
    expect(request?.url.searchParams.get("month")).toBe("2026-11");
    expect(request?.headers.get("authorization")).toMatch(/^Bearer \S+/);
    expect(await saved.blobs[0]?.text()).toBe(csv);
  });

  it("downloads a row's PDF as <number>.pdf, and says so when that fails", async () => {
    const net = await open("/admin/invoices", {
      "GET /api/admin/invoices": { invoices: [invoice(7)], next_cursor: null },
      "GET /api/invoices/:id/pdf": () => new Response("%PDF-1.7"),
    });
    await screen.findByRole("table", { name: "Invoices" });
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Download Invoice 2026-000007 (PDF)" });
    await user.click(button);
    await waitFor(() => expect(saved.names).toEqual(["2026-000007.pdf"]));
    expect(net.callsTo("GET /api/invoices/:id/pdf")[0]?.path).toBe(
      `/api/invoices/${invoice(7).id}/pdf`,
    );

    net.on({ "GET /api/invoices/:id/pdf": () => apiError(404, "not_found", "Invoice not found") });
    await user.click(button);
    expect((await findToast("Download failed")).textContent).toContain("Invoice not found");
    expect(saved.names).toEqual(["2026-000007.pdf"]);
  });
});
