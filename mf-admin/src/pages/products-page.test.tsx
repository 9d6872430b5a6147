import type { AdminProduct } from "@contracts/admin.ts";
import {
  fieldError,
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
import ProductsPage from "./products-page";

// Ordered by type then price, as GET /api/admin/products answers.
const starter: AdminProduct = {
  id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  name: "VPS Starter",
  price: "4.99",
  cpu: "2 vCPU",
  ram: "4 GB",
  storage: "80 GB NVMe",
  uplink: "1 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "vps",
  orders_count: 3,
  created_at: "2025-01-01T00:00:00Z",
};
const epyc: AdminProduct = {
  id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
  name: "Dedicated EPYC 16",
  price: "89.00",
  cpu: "AMD EPYC 7313P",
  ram: "128 GB",
  storage: "2 x 1.92 TB NVMe",
  uplink: "10 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "dedicated",
  orders_count: 0,
  created_at: "2025-02-01T00:00:00Z",
};

async function openPage(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi(
    { "GET /api/admin/products": { products: [starter, epyc] }, ...routes },
    { user: { is_admin: true, username: "admin", email: "admin@example.com" } },
  );
  await net.signIn();
  renderPage(<ProductsPage />, { path: "/admin/products" });
  await screen.findByRole("table", { name: "Products" });
  return net;
}

const product = {
  Name: "VPS Medium",
  "Price (EUR / month)": "9.9",
  CPU: "4 vCPU",
  RAM: "8 GB",
  Storage: "160 GB NVMe",
  Uplink: "1 Gbit/s",
  "DDoS protection": "Always-on",
};

async function submitProduct(fields: Partial<typeof product>) {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(fields)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole("button", { name: "Create product" }));
}

afterEach(resetPortalState);

describe("Manage Products page (SPEC §2 /admin/products)", () => {
  it("lists the catalogue with type, price, specs and order count", async () => {
    await openPage();
    expect(tableRows("Products")).toEqual([
      [
        "VPS Starter",
        "VPS",
        "4.99 EUR",
        "2 vCPU · 4 GB · 80 GB NVMe1 Gbit/s uplink · DDoS: Always-on",
        "3",
        "Remove",
      ],
      [
        "Dedicated EPYC 16",
        "Dedicated",
        "89.00 EUR",
        "AMD EPYC 7313P · 128 GB · 2 x 1.92 TB NVMe10 Gbit/s uplink · DDoS: Always-on",
        "0",
        "Remove",
      ],
    ]);
  });

  it("requires every field (SPEC §5), without calling the API", async () => {
    const net = await openPage();
    await submitProduct({});

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Name is required")).toBeTruthy();
    expect(fieldError("Name")).toBe("Name is required");
    expect(fieldError("Price (EUR / month)")).toBe("Price must be a number with up to 2 decimals");
    expect(fieldError("CPU")).toBe("CPU is required");
    expect(fieldError("DDoS protection")).toBe("DDoS protection is required");
    expect(net.callsTo("POST /api/admin/products")).toHaveLength(0);
  });

  it("refuses a price with more than 2 decimals", async () => {
    const net = await openPage();
    await submitProduct({ ...product, "Price (EUR / month)": "9.999" });

    expect(await findToast("Validation Error")).toBeTruthy();
    expect(fieldError("Price (EUR / month)")).toBe("Price must be a number with up to 2 decimals");
    expect(fieldError("Name")).toBe("");
    expect(net.callsTo("POST /api/admin/products")).toHaveLength(0);
  });

  it("creates the product with a 2-decimal price and clears the form", async () => {
    const created: AdminProduct = {
      ...starter,
      id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
      name: "VPS Medium",
      price: "9.90",
      orders_count: 0,
    };
    const net = await openPage({ "POST /api/admin/products": () => json(201, created) });
    await submitProduct(product);

    const toast = within(await findToast("Product created"));
    expect(toast.getByText("VPS Medium at 9.90 EUR/month")).toBeTruthy();
    expect(net.callsTo("POST /api/admin/products")[0]?.body).toEqual({
      name: "VPS Medium",
      product_type: "vps",
      price: "9.90",
      cpu: "4 vCPU",
      ram: "8 GB",
      storage: "160 GB NVMe",
      uplink: "1 Gbit/s",
      ddos_protection: "Always-on",
    });
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe(""));
  });
});
