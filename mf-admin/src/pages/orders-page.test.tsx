import type { AdminOrder } from "@contracts/admin.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  apiError,
  findToast,
  json,
  type MockApi,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import OrdersPage from "./orders-page";

const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

const order: AdminOrder = {
  id: "c0ffee00-1234-4abc-8def-0123456789ab",
  user_id: "2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091",
  username: "alice",
  email: "alice@example.com",
  product_id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  product_name: "VPS Starter",
  product_price: "4.99",
  product_archived: false,
  expire_date: local(2026, 12, 22, 14, 5),
  status: "active",
  created_at: local(2026, 11, 22, 14, 5),
  services: [
    {
      id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
      service_type: "vps",
      service_status: "active",
      ipv4: "203.0.113.10",
    },
  ],
};

async function openPage(orders: AdminOrder[], routes: Routes = {}): Promise<MockApi> {
  const net = mockApi(
    { "GET /api/admin/orders": { orders }, ...routes },
    { user: { is_admin: true, username: "admin", email: "admin@example.com" } },
  );
  await net.signIn();
  renderPage(<OrdersPage />, { path: "/admin/orders" });
  await screen.findByRole("table", { name: "Orders" });
  return net;
}

afterEach(resetPortalState);

describe("Manage Orders page (SPEC §2 /admin/orders)", () => {
  it("lists orders with customer, product, expiry, status and linked services", async () => {
    await openPage([order, { ...order, id: "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6", services: [] }]);
    const [first, second] = tableRows("Orders");
    expect(first?.slice(0, 6)).toEqual([
      "c0ffee00Nov 22, 2026 14:05",
      "alicealice@example.com",
      "VPS Starter4.99 EUR / month",
      "Dec 22, 2026 14:05",
      "active",
      "VPS 203.0.113.10 (active)",
    ]);
    expect(second?.[5]).toBe("None linked");
  });

  it("offers the two other statuses for each order (SPEC §4)", async () => {
    await openPage([order]);
    expect(screen.getByRole("button", { name: "Suspend order c0ffee00" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Expire order c0ffee00" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Activate order c0ffee00" })).toBeNull();
  });

  it("suspends an order and says its services follow", async () => {
    const user = userEvent.setup();
    const net = await openPage([order], {
      "PUT /api/admin/orders/:id/status": () => json(204, null),
    });
    await user.click(screen.getByRole("button", { name: "Suspend order c0ffee00" }));

    const toast = within(await findToast("Order suspended"));
    expect(toast.getByText("1 linked service(s) are now suspended.")).toBeTruthy();
    expect(net.callsTo("PUT /api/admin/orders/:id/status").map((c) => [c.path, c.body])).toEqual([
      [`/api/admin/orders/${order.id}/status`, { status: "suspended" }],
    ]);
  });

  it("shows the server message when the status change fails", async () => {
    const user = userEvent.setup();
    await openPage([order], {
      "PUT /api/admin/orders/:id/status": () => apiError(404, "not_found", "Order not found"),
    });
    await user.click(screen.getByRole("button", { name: "Expire order c0ffee00" }));

    const toast = within(await findToast("Failed to update order"));
    expect(toast.getByText("Order not found")).toBeTruthy();
  });

  it("offers cancelled in the status filter, and asks the API for it", async () => {
    const net = await openPage([order]);
    const filter = screen.getByLabelText("Filter by status") as HTMLSelectElement;
    expect(Array.from(filter.options, (o) => o.text)).toEqual([
      "All statuses",
      "Active",
      "Suspended",
      "Expired",
      "Cancelled",
    ]);
    await userEvent.setup().selectOptions(filter, "cancelled");
    await waitFor(() =>
      expect(
        net.callsTo("GET /api/admin/orders").map((c) => c.url.searchParams.get("status") ?? ""),
      ).toEqual(["", "cancelled"]),
    );
  });

  it("shows a cancelled order, '—' for a service without an address, and no status change (it was refunded)", async () => {
    const cancelled: AdminOrder = {
      ...order,
      status: "cancelled",
      services: [{ ...order.services[0]!, service_status: "failed", ipv4: null }],
    };
    await openPage([cancelled]);
    const [row] = tableRows("Orders");
    expect(row?.slice(4, 7)).toEqual(["cancelled", "VPS — (failed)", "Remove"]);
    expect(screen.queryByRole("button", { name: /^Cancel/ })).toBeNull();
  });

  it("shows the empty text without orders", async () => {
    await openPage([]);
    expect(screen.getByText("No orders yet.")).toBeTruthy();
  });
});

describe("Manage Orders page in German", () => {
  afterEach(() => setLocale("en", { remember: false }));

  it("shows the page, its filters, its table and its actions in the page's language", async () => {
    await setLocale("de", { remember: false });
    const user = userEvent.setup();
    await mockApi(
      {
        "GET /api/admin/orders": { orders: [order] },
        "PUT /api/admin/orders/:id/status": () => json(204, null),
      },
      { user: { is_admin: true, username: "admin", email: "admin@example.com" } },
    ).signIn();
    renderPage(<OrdersPage />, { path: "/admin/orders" });
    await screen.findByRole("table", { name: "Bestellungen" });
    expect(screen.getByRole("heading", { name: "Bestellungen verwalten" })).toBeTruthy();
    expect(await screen.findByText("Kündigungen")).toBeTruthy();
    const filter = screen.getByLabelText("Nach Status filtern") as HTMLSelectElement;
    expect(Array.from(filter.options, (o) => o.text)).toEqual([
      "Alle Status",
      "Aktiv",
      "Gesperrt",
      "Abgelaufen",
      "Storniert",
    ]);
    expect(tableRows("Bestellungen")[0]?.[2]?.replace(/\s/g, " ")).toBe(
      "VPS Starter4,99 € / Monat",
    );
    expect(
      screen.getByRole("button", { name: "Bestellung c0ffee00 ablaufen lassen" }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Bestellung c0ffee00 sperren" }));
    const toast = within(await findToast("Bestellung gesperrt"));
    expect(toast.getByText("1 verknüpfter Dienst ist jetzt gesperrt.")).toBeTruthy();
  });
});
