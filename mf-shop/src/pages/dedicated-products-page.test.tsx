import type { Product } from "@contracts/shop.ts";
import { mockApi, renderPage, resetPortalState } from "@hosting-portal/shared-ui/testing";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import DedicatedProductsPage from "./dedicated-products-page";

const epyc: Product = {
  id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
  name: "Dedicated EPYC 16",
  price: "89.00",
  cpu: "AMD EPYC 7313P, 16 cores",
  ram: "128 GB DDR4 ECC",
  storage: "2 x 1.92 TB NVMe",
  uplink: "10 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "dedicated",
};

async function openPage(products: Product[]) {
  const net = mockApi({ "GET /api/shop/products?type=dedicated": { products } });
  await net.signIn();
  renderPage(<DedicatedProductsPage />, { path: "/products/dedicated" });
  return net;
}

afterEach(resetPortalState);

describe("Dedicated products page (SPEC §2 /products/dedicated)", () => {
  it("asks the API for dedicated products only and shows their cards", async () => {
    const net = await openPage([epyc]);
    const heading = await screen.findByRole("heading", { name: "Dedicated EPYC 16" });
    const card = within(heading.closest("article") as HTMLElement);
    expect(card.getByText("89.00 EUR")).toBeTruthy();
    expect(card.getByText("AMD EPYC 7313P, 16 cores")).toBeTruthy();
    expect(card.getByText("1 IPv4 Address")).toBeTruthy();
    expect(card.getByRole("button", { name: "Order Now" })).toBeTruthy();
    expect(
      net.calls.filter((c) => c.path.startsWith("/api/shop/products")).map((c) => c.path),
    ).toEqual(["/api/shop/products?type=dedicated"]);
  });

  it("shows the SPEC empty text when there are no dedicated products", async () => {
    await openPage([]);
    expect(await screen.findByText("No dedicated server products available yet")).toBeTruthy();
    expect(screen.queryByText("No VPS products available yet")).toBeNull();
  });
});
