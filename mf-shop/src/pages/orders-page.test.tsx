import type { Order, OrderResult } from "@contracts/shop.ts";
import {
  apiError,
  json,
  mockApi,
  type RouteAnswer,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import OrdersPage, { prefetch } from "./orders-page";

// Built from local time parts: the page shows dates in the viewer's time zone (SPEC §2).
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

const running: Order = {
  id: "c0ffee00-1234-4abc-8def-0123456789ab",
  product_id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  product_name: "VPS Starter",
  product_type: "vps",
  price: "4.99",
  expire_date: local(2030, 11, 22, 14, 5),
  status: "active",
  created_at: local(2030, 10, 23, 14, 5),
};
const suspended: Order = {
  id: "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
  product_id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
  product_name: "Dedicated EPYC 16",
  product_type: "dedicated",
  price: "89.00",
  expire_date: local(2030, 1, 5, 9, 30),
  status: "suspended",
  created_at: local(2029, 12, 6, 9, 30),
};
const expired: Order = {
  id: "e5f6a7b8-c9d0-4e1f-9a2b-3c4d5e6f7a8b",
  product_id: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
  product_name: "VPS Pro",
  product_type: "vps",
  price: "12.50",
  expire_date: local(2024, 3, 1, 8, 0),
  status: "expired",
  created_at: local(2024, 1, 31, 8, 0),
};

async function openPage(orders: Order[], renew?: RouteAnswer) {
  const net = mockApi({
    "GET /api/shop/orders": { orders },
    ...(renew === undefined ? {} : { "POST /api/shop/orders/:id/renew": renew }),
  });
  await net.signIn();
  renderPage(<OrdersPage />, { path: "/orders" });
  await screen.findByRole("table", { name: "Orders" });
  return net;
}

/** The table row of one order, found by its product name. */
const row = (productName: string) => {
  const cell = screen.getByText(productName, { selector: "span" });
  const tr = cell.closest('[role="row"]');
  if (!tr) throw new Error(`no row for ${productName}`);
  return within(tr as HTMLElement);
};

const renewButton = (order: Order) =>
  screen.getByRole("button", {
    name: `Renew ${order.product_name} ${order.id.slice(0, 8)}`,
    hidden: true,
  }) as HTMLButtonElement;

/** Disabled, or pending (react-aria keeps a pending button focusable but aria-disabled). */
const isDisabled = (button: HTMLButtonElement) =>
  button.disabled || button.getAttribute("aria-disabled") === "true";

const renewDialog = () => screen.getByRole("alertdialog", { name: "Renew order" });

afterEach(resetPortalState);

describe("Orders page (SPEC §2 /orders)", () => {
  it("renders one row per order with product, expiry, status and a Renew button", async () => {
    await openPage([running, suspended, expired]);
    // Header row plus three orders.
    expect(screen.getAllByRole("row")).toHaveLength(4);

    const first = row("VPS Starter");
    expect(first.getByText("VPS")).toBeTruthy();
    expect(first.getByText("c0ffee00")).toBeTruthy();
    expect(first.getByText("4.99 EUR")).toBeTruthy();
    expect(first.getByText("Nov 22, 2030 14:05")).toBeTruthy();
    expect(first.getByText("active")).toBeTruthy();

    const second = row("Dedicated EPYC 16");
    expect(second.getByText("Dedicated")).toBeTruthy();
    expect(second.getByText("Jan 05, 2030 09:30")).toBeTruthy();
    expect(second.getByText("suspended")).toBeTruthy();

    expect(row("VPS Pro").getByText("expired")).toBeTruthy();

    // Renewal is not offered for suspended orders (SPEC §4).
    expect(isDisabled(renewButton(running))).toBe(false);
    expect(isDisabled(renewButton(expired))).toBe(false);
    expect(isDisabled(renewButton(suspended))).toBe(true);
  });

  it("shows the empty state without orders", async () => {
    await openPage([]);
    expect(
      screen.getByText("No orders yet. Order a VPS or dedicated server to get started."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Renew/ })).toBeNull();
  });

  it("says so when the orders cannot be loaded", async () => {
    const net = mockApi({
      "GET /api/shop/orders": () =>
        apiError(403, "forbidden", "Two-factor verification is required"),
    });
    await net.signIn();
    renderPage(<OrdersPage />, { path: "/orders" });
    expect(
      await screen.findByText("Orders could not be loaded: Two-factor verification is required"),
    ).toBeTruthy();
  });

  it("renews after confirmation, with an Idempotency-Key, and shows 'Renewal Successful'", async () => {
    const user = userEvent.setup();
    const renewed: OrderResult = {
      order: { ...running, expire_date: local(2030, 12, 22, 14, 5) },
      credits: "45.01",
    };
    const net = await openPage([running], () => json(201, renewed));

    await user.click(renewButton(running));
    const dialog = within(renewDialog());
    // SPEC §4: a running order is extended from its old expiry by 30 days.
    expect(dialog.getByText("Dec 22, 2030 14:05")).toBeTruthy();
    expect(dialog.getByText("4.99 EUR")).toBeTruthy();
    expect(dialog.queryByText(/This order has expired/)).toBeNull();
    expect(net.callsTo("POST /api/shop/orders/:id/renew")).toHaveLength(0);

    net.on({ "GET /api/shop/orders": { orders: [renewed.order] } });
    await user.click(dialog.getByRole("button", { name: "Renew" }));

    expect(await screen.findByText("Renewal Successful")).toBeTruthy();
    expect(screen.getByText("VPS Starter now runs until Dec 22, 2030 14:05.")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("alertdialog", { name: "Renew order" })).toBeNull(),
    );
    // The list is read again and shows the new expiry.
    expect(await screen.findByText("Dec 22, 2030 14:05")).toBeTruthy();

    const posts = net.callsTo("POST /api/shop/orders/:id/renew");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe(`/api/shop/orders/${running.id}/renew`);
    expect(posts[0]?.headers.get("Idempotency-Key")).toMatch(/^[A-Za-z0-9_:-]{8,100}$/);
  });

  it("explains that a lapsed order is renewed from today", async () => {
    const user = userEvent.setup();
    await openPage([expired]);
    await user.click(renewButton(expired));
    expect(within(renewDialog()).getByText(/This order has expired\./)).toBeTruthy();
  });

  it("keeps the confirmation busy while the renewal is processing", async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    const net = await openPage(
      [running],
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );

    await user.click(renewButton(running));
    const dialog = within(renewDialog());
    await user.click(dialog.getByRole("button", { name: "Renew" }));
    await waitFor(() =>
      expect(isDisabled(dialog.getByRole("button", { name: "Renew" }) as HTMLButtonElement)).toBe(
        true,
      ),
    );
    expect(isDisabled(dialog.getByRole("button", { name: "Cancel" }) as HTMLButtonElement)).toBe(
      true,
    );
    // Pressing again while the first request is under way sends nothing more.
    await user.click(dialog.getByRole("button", { name: "Renew" }));
    await user.keyboard("{Escape}");
    expect(renewDialog()).toBeTruthy();
    expect(net.callsTo("POST /api/shop/orders/:id/renew")).toHaveLength(1);

    answer(json(201, { order: running, credits: "10.00" } satisfies OrderResult));
    expect(await screen.findByText("Renewal Successful")).toBeTruthy();
  });

  // react-aria caches table rows per item; the row re-renders with `renewingId` because it is one
  // of the table body's dependencies (shared-ui TableBody requires them). SPEC §2.
  it("disables the order's own Renew button while its renewal is processing", async () => {
    const user = userEvent.setup();
    await openPage([running], () => new Promise<Response>(() => undefined));

    await user.click(renewButton(running));
    await user.click(within(renewDialog()).getByRole("button", { name: "Renew" }));
    await waitFor(() => expect(isDisabled(renewButton(running))).toBe(true), { timeout: 500 });
  });

  it("shows 'Insufficient Credits' for a renewal the balance does not cover", async () => {
    const user = userEvent.setup();
    await openPage([running], () =>
      apiError(402, "insufficient_credits", "You don't have enough credits to renew this order."),
    );

    await user.click(renewButton(running));
    await user.click(within(renewDialog()).getByRole("button", { name: "Renew" }));

    expect(await screen.findByText("Insufficient Credits")).toBeTruthy();
    expect(screen.getByText("You don't have enough credits to renew this order.")).toBeTruthy();
    expect(screen.queryByText("Renewal Successful")).toBeNull();
  });

  it("shows 'Renewal Failed' with the server message for other refusals", async () => {
    const user = userEvent.setup();
    await openPage([running], () =>
      apiError(409, "order_suspended", "Suspended orders cannot be renewed"),
    );

    await user.click(renewButton(running));
    await user.click(within(renewDialog()).getByRole("button", { name: "Renew" }));

    expect(await screen.findByText("Renewal Failed")).toBeTruthy();
    expect(screen.getByText("Suspended orders cannot be renewed")).toBeTruthy();
  });
});

describe("prefetch (the shell calls it before the page renders)", () => {
  it("fills what the page reads: rendered after it, the page shows its orders at once and asks nothing again", async () => {
    const net = mockApi({
      "GET /api/shop/orders": { orders: [running] },
      "GET /api/shop/orders/auto-renew": { order_ids: [running.id] },
    });
    await net.signIn();
    await prefetch({ params: {}, search: "" });
    renderPage(<OrdersPage />, { path: "/orders" });
    // At once: no placeholder first.
    expect(screen.getByRole("table", { name: "Orders" })).toBeTruthy();
    expect((row("VPS Starter").getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.callsTo("GET /api/shop/orders")).toHaveLength(1);
    expect(net.callsTo("GET /api/shop/orders/auto-renew")).toHaveLength(1);
  });
});
