/*
 * The cross-app contract of shared-ui's query keys, end to end in one page's query cache: an admin
 * change to the catalogue refreshes what the shop shows. The shop's pages are imported from
 * mf-shop's source exactly as the shell mounts them; only fetch is stubbed (mockApi), so the API
 * client, the session, React Query and the shared query client all run for real.
 */
import { type AdminProduct, type CreateProductBody, ProductPlan } from "@contracts/admin.ts";
import type { Product } from "@contracts/shop.ts";
import { queryClient, queryKeys } from "@hosting-portal/shared-ui";
import {
  json,
  mockApi,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import DedicatedProductsPage from "../../../../../mf-shop/src/pages/dedicated-products-page";
import VpsProductsPage from "../../../../../mf-shop/src/pages/vps-products-page";
import { useCreateProduct } from "./create-product";
import { useRemoveProduct } from "./remove-product";

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
const metal: Product = {
  id: "1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  name: "Metal M",
  price: "79.00",
  cpu: "8 cores",
  ram: "64 GB",
  storage: "2 × 1 TB NVMe",
  uplink: "10 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "dedicated",
};
const turbo: Product = {
  id: "0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e",
  name: "VPS Turbo",
  price: "19.90",
  cpu: "8 vCPU",
  ram: "16 GB",
  storage: "320 GB NVMe",
  uplink: "10 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "vps",
};
/** What the admin's create-product form sends for `turbo`: a VPS, so with its server plan. */
const { id: _turboId, ...turboForm } = turbo;
const createTurbo: CreateProductBody = {
  ...turboForm,
  plan: { template: "debian-12", cpu_cores: 8, memory_mb: 16384, disk_gb: 320, ipv4_count: 1 },
};

/**
 * The API as far as these screens see it, over one in-memory catalogue: the shop lists a type,
 * the admin creates and deletes. An admin is signed in (they may look at the shop too).
 */
async function catalogueApi(initial: Product[]) {
  let catalogue = [...initial];
  const net = mockApi(
    {
      // The shop's pages read the caller's role in the account from the profile.
      "GET /api/account/profile": testProfile({ role: "owner" }),
      "GET /api/shop/products": (req) => ({
        products: catalogue
          .filter((p) => p.product_type === req.url.searchParams.get("type"))
          .sort((a, b) => Number(a.price) - Number(b.price)),
      }),
      "POST /api/admin/products": (req) => {
        // The shop shows no plan: it stays with the admin's product.
        const { plan, ...fields } = req.body as CreateProductBody;
        const product: Product = { ...(fields as Omit<Product, "id">), id: turbo.id };
        catalogue.push(product);
        const created: AdminProduct = {
          ...product,
          orders_count: 0,
          created_at: new Date().toISOString(),
          plan: plan ? ProductPlan.parse(plan) : null,
        };
        return json(201, created);
      },
      "DELETE /api/admin/products/:id": (req) => {
        catalogue = catalogue.filter((p) => p.id !== req.params.id);
        return { outcome: "deleted" };
      },
    },
    { user: { is_admin: true, username: "admin", email: "admin@example.com" } },
  );
  await net.signIn();
  return net;
}

/** Runs an mf-admin hook under the page's one query client, as the shell provides it. */
function adminHook<T>(hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper }).result;
}

/** The names on the shop's product cards, in page order. */
const shopNames = () =>
  screen.queryAllByRole("article").map((card) => card.querySelector("h2")?.textContent);

afterEach(resetPortalState);

describe("an admin change to the catalogue reaches the shop", () => {
  it("a product the admin creates shows on the open VPS page without a reload", async () => {
    const net = await catalogueApi([starter]);
    renderPage(<VpsProductsPage />, { path: "/products/vps" });
    await screen.findByRole("heading", { name: "VPS Starter" });
    expect(net.callsTo("GET /api/shop/products")).toHaveLength(1);

    const createProduct = adminHook(() => useCreateProduct());
    await act(() => createProduct.current.mutateAsync(createTurbo));

    // Well within the 30 s staleTime: only the invalidation can have read the list again.
    expect(await screen.findByRole("heading", { name: "VPS Turbo" })).toBeTruthy();
    expect(shopNames()).toEqual(["VPS Starter", "VPS Turbo"]);
    expect(net.callsTo("GET /api/shop/products")).toHaveLength(2);
    expect(net.callsTo("POST /api/admin/products")[0]?.body).toEqual(createTurbo);
    expect(net.unhandled.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("a product the admin removes leaves the VPS page, and the dedicated list cached earlier is read again when next shown", async () => {
    const net = await catalogueApi([starter, metal, turbo]);
    const dedicated = renderPage(<DedicatedProductsPage />, { path: "/products/dedicated" });
    await screen.findByRole("heading", { name: "Metal M" });
    dedicated.unmount();
    const vps = renderPage(<VpsProductsPage />, { path: "/products/vps" });
    await screen.findByRole("heading", { name: "VPS Turbo" });
    const reads = (type: string) =>
      net.calls.filter((r) => r.path === `/api/shop/products?type=${type}`).length;
    expect([reads("vps"), reads("dedicated")]).toEqual([1, 1]);

    const removeProduct = adminHook(() => useRemoveProduct());
    await act(() => removeProduct.current.mutateAsync(turbo.id));

    await waitFor(() => expect(shopNames()).toEqual(["VPS Starter"]));
    expect(reads("vps")).toBe(2);
    // Not on screen: marked stale, not fetched now...
    expect(queryClient.getQueryState(queryKeys.products.byType("dedicated"))?.isInvalidated).toBe(
      true,
    );
    expect(reads("dedicated")).toBe(1);
    // ...and read again as soon as the customer opens it.
    vps.unmount();
    renderPage(<DedicatedProductsPage />, { path: "/products/dedicated" });
    await waitFor(() => expect(reads("dedicated")).toBe(2));
    expect(await screen.findByRole("heading", { name: "Metal M" })).toBeTruthy();
  });
});
