import type { Order, OrderResult, Product } from "@contracts/shop.ts";
import {
  apiError,
  json,
  mockApi,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import VpsProductsPage from "./vps-products-page";

const starter: Product = {
  id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  name: "VPS Starter",
  price: "4.99",
  cpu: "2 vCPU",
  ram: "4 GB",
  storage: "80 GB NVMe",
  uplink: "1 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "vps",
};
const pro: Product = {
  id: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
  name: "VPS Pro",
  price: "12.50",
  cpu: "4 vCPU",
  ram: "8 GB",
  storage: "160 GB NVMe",
  uplink: "10 Gbit/s",
  ddos_protection: "Always-on, 1 Tbit/s",
  product_type: "vps",
};

function orderOf(product: Product): OrderResult {
  const order: Order = {
    id: "c0ffee00-1234-4abc-8def-0123456789ab",
    product_id: product.id,
    product_name: product.name,
    product_type: product.product_type,
    price: product.price,
    expire_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: "active",
    created_at: new Date().toISOString(),
  };
  return { order, credits: "95.01" };
}

async function openPage(products: Product[] = [starter, pro]) {
  const net = mockApi({
    "GET /api/shop/products?type=vps": { products },
    "GET /api/shop/orders": { orders: [] },
    "GET /api/account/profile": testProfile(),
  });
  await net.signIn();
  renderPage(<VpsProductsPage />, { path: "/products/vps" });
  return net;
}

/** The product card (an <article>) whose heading is `name`. */
const card = async (name: string) => {
  const heading = await screen.findByRole("heading", { name });
  const article = heading.closest("article");
  if (!article) throw new Error(`no card for ${name}`);
  return within(article);
};

afterEach(resetPortalState);

describe("VPS products page (SPEC §2 /products/vps)", () => {
  it("lists the VPS products from the API with price per month and specs", async () => {
    const net = await openPage();
    const first = await card("VPS Starter");
    expect(first.getByText("4.99 EUR")).toBeTruthy();
    expect(first.getByText("/ month")).toBeTruthy();
    for (const value of ["2 vCPU", "4 GB", "80 GB NVMe", "1 Gbit/s", "Always-on"]) {
      expect(first.getByText(value)).toBeTruthy();
    }
    expect(first.getByText("1 IPv4 Address")).toBeTruthy();
    expect(first.getByRole("button", { name: "Order Now" })).toBeTruthy();

    const second = await card("VPS Pro");
    expect(second.getByText("12.50 EUR")).toBeTruthy();
    expect(second.getByText("1 IPv4 Address")).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(2);

    const [request] = net.callsTo("GET /api/shop/products?type=vps");
    expect(request?.headers.get("authorization")).toBe("Bearer test-access-token");
    expect(net.unhandled.map((r) => r.path)).toEqual([]);
  });

  it("shows the SPEC empty text when there are no VPS products", async () => {
    await openPage([]);
    expect(await screen.findByText("No VPS products available yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Order Now" })).toBeNull();
  });

  it("Order Now confirms, posts the order with an Idempotency-Key and shows the success toast", async () => {
    const user = userEvent.setup();
    const net = await openPage();
    net.on({ "POST /api/shop/orders": () => json(201, orderOf(starter)) });

    await user.click((await card("VPS Starter")).getByRole("button", { name: "Order Now" }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Confirm order" }));
    expect(dialog.getByText("VPS Starter")).toBeTruthy();
    expect(dialog.getByText("4.99 EUR")).toBeTruthy();
    // Nothing is bought before the confirmation.
    expect(net.callsTo("POST /api/shop/orders")).toHaveLength(0);

    await user.click(dialog.getByRole("button", { name: "Order Now" }));

    expect(await screen.findByText("Order Successful")).toBeTruthy();
    expect(screen.getByText("Your VPS Starter is now active for 30 days!")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("alertdialog", { name: "Confirm order" })).toBeNull(),
    );

    const posts = net.callsTo("POST /api/shop/orders");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ product_id: starter.id });
    expect(posts[0]?.headers.get("Idempotency-Key")).toMatch(/^[A-Za-z0-9_:-]{8,100}$/);
  });

  it("shows 'Insufficient Credits' when the balance does not cover the product", async () => {
    const user = userEvent.setup();
    const net = await openPage();
    net.on({
      "POST /api/shop/orders": () =>
        apiError(402, "insufficient_credits", "You don't have enough credits for this order."),
    });

    await user.click((await card("VPS Pro")).getByRole("button", { name: "Order Now" }));
    await user.click(
      within(screen.getByRole("alertdialog", { name: "Confirm order" })).getByRole("button", {
        name: "Order Now",
      }),
    );

    expect(await screen.findByText("Insufficient Credits")).toBeTruthy();
    expect(screen.getByText("You don't have enough credits for this order.")).toBeTruthy();
    expect(screen.queryByText("Order Successful")).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole("alertdialog", { name: "Confirm order" })).toBeNull(),
    );
    expect(net.callsTo("POST /api/shop/orders")[0]?.body).toEqual({ product_id: pro.id });
  });

  it("shows 'Order Failed' with the server message and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const net = await openPage();
    net.on({ "POST /api/shop/orders": () => apiError(404, "not_found", "Product not found") });

    await user.click((await card("VPS Starter")).getByRole("button", { name: "Order Now" }));
    await user.click(
      within(screen.getByRole("alertdialog", { name: "Confirm order" })).getByRole("button", {
        name: "Order Now",
      }),
    );

    expect(await screen.findByText("Order Failed")).toBeTruthy();
    expect(screen.getByText("Product not found")).toBeTruthy();
    expect(screen.getByRole("alertdialog", { name: "Confirm order" })).toBeTruthy();
  });

  it("retries with the same Idempotency-Key after a network failure, a new one after a refusal", async () => {
    const user = userEvent.setup();
    const net = await openPage();
    let attempt = 0;
    net.on({
      "POST /api/shop/orders": () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError("Failed to fetch");
        if (attempt === 2) return apiError(409, "conflict", "Try again");
        return json(201, orderOf(starter));
      },
    });

    await user.click((await card("VPS Starter")).getByRole("button", { name: "Order Now" }));
    const confirm = () =>
      user.click(
        within(screen.getByRole("alertdialog", { name: "Confirm order" })).getByRole("button", {
          name: "Order Now",
        }),
      );
    await confirm();
    expect(await screen.findByText("Could not reach the server. Please try again.")).toBeTruthy();
    await confirm();
    expect(await screen.findByText("Try again")).toBeTruthy();
    await confirm();
    expect(await screen.findByText("Order Successful")).toBeTruthy();

    const keys = net.callsTo("POST /api/shop/orders").map((r) => r.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
