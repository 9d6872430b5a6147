import type { Order } from "@contracts/shop.ts";
import { invalidateKeys, queryClient, queryKeys } from "@hosting-portal/shared-ui";
import {
  apiError,
  type MockRequest,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import OrdersPage from "./orders-page";

/** `n` orders, newest first, each a day older than the one before; named "Plan <index>". */
const orders = (n: number, from = 0): Order[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(from + i).padStart(12, "0")}`,
    product_id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
    product_name: `Plan ${from + i}`,
    product_type: "vps",
    price: "4.99",
    expire_date: new Date(Date.UTC(2030, 0, 1) - (from + i) * 86_400_000).toISOString(),
    status: "active",
    created_at: new Date(Date.UTC(2029, 11, 1) - (from + i) * 86_400_000).toISOString(),
  }));

/** Answers like the API: pages of `limit` after the cursor (here: the last order's id). */
const pagedApi = (rows: () => Order[]) => (req: MockRequest) => {
  const limit = Number(req.url.searchParams.get("limit"));
  const cursor = req.url.searchParams.get("cursor");
  const all = rows();
  const start = cursor ? all.findIndex((o) => o.id === cursor) + 1 : 0;
  const page = all.slice(start, start + limit);
  return {
    orders: page,
    next_cursor: start + limit < all.length ? page[page.length - 1]!.id : null,
  };
};

const productNames = () => tableRows("Orders").map((r) => r[0]!.replace(/VPS$/, ""));

async function openPage(rows: () => Order[]) {
  const net = mockApi({ "GET /api/shop/orders": pagedApi(rows) });
  await net.signIn();
  renderPage(<OrdersPage />, { path: "/orders" });
  await screen.findByRole("table", { name: "Orders" });
  return net;
}

afterEach(resetPortalState);

// Fifty rows and more of react-aria's table take seconds in jsdom on a busy machine.
describe("Orders page, one page at a time", { timeout: 20_000 }, () => {
  it("shows the first 50 orders and loads the next page with the cursor on 'Load more'", async () => {
    const user = userEvent.setup();
    const rows = orders(55);
    const net = await openPage(() => rows);
    expect(tableRows("Orders")).toHaveLength(50);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(tableRows("Orders")).toHaveLength(55));
    expect(productNames()).toEqual(rows.map((o) => o.product_name));
    expect(net.callsTo("GET /api/shop/orders").map((c) => c.path)).toEqual([
      "/api/shop/orders?limit=50",
      `/api/shop/orders?limit=50&cursor=${rows[49]!.id}`,
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("has no 'Load more' when the API sends no next cursor (an API from before paging)", async () => {
    const net = mockApi({ "GET /api/shop/orders": { orders: orders(3) } });
    await net.signIn();
    renderPage(<OrdersPage />, { path: "/orders" });
    await screen.findByRole("table", { name: "Orders" });
    expect(tableRows("Orders")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("a live `orders` change rereads every loaded page: the new order on top, none lost or doubled", async () => {
    const user = userEvent.setup();
    let rows = orders(52, 1);
    await openPage(() => rows);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(tableRows("Orders")).toHaveLength(52));

    // A purchase in another tab: the event stream invalidates queryKeys.orders.mine.
    rows = [...orders(1, 0), ...rows];
    await invalidateKeys(queryClient, [queryKeys.orders.mine]);
    await waitFor(() => expect(tableRows("Orders")).toHaveLength(53));
    expect(productNames()).toEqual(rows.map((o) => o.product_name));
  });

  it("keeps the orders shown when the next page fails, and says so", async () => {
    const user = userEvent.setup();
    const rows = orders(60);
    const net = mockApi({
      "GET /api/shop/orders": (req) =>
        req.url.searchParams.has("cursor")
          ? apiError(
              422,
              "validation_error",
              "Invalid cursor: pass the next_cursor of the previous page unchanged",
            )
          : pagedApi(() => rows)(req),
    });
    await net.signIn();
    renderPage(<OrdersPage />, { path: "/orders" });
    await screen.findByRole("table", { name: "Orders" });
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(
      await screen.findByText(
        "More orders could not be loaded: Invalid cursor: pass the next_cursor of the previous page unchanged",
      ),
    ).toBeTruthy();
    expect(tableRows("Orders")).toHaveLength(50);
  });
});
