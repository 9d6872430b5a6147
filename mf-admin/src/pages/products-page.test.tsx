import { type AdminProduct, planMessages } from "@contracts/admin.ts";
import {
  apiError,
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
import { epycProduct, starterProduct } from "../testing/fixtures";
import ProductsPage from "./products-page";

// Ordered by type then price, as GET /api/admin/products answers.
const starter = starterProduct;
const epyc = epycProduct;

const templates = { templates: ["Debian12", "Ubuntu2404", "AlmaLinux9"] };

async function openPage(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi(
    {
      "GET /api/admin/products": { products: [starter, epyc] },
      "GET /api/admin/provider/templates": templates,
      ...routes,
    },
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

const plan = { Cores: "4", "Memory (MB)": "8192", "Disk (GB)": "160" };

/** Fills the New product form (a text field's value is typed after clearing it) and submits. */
async function submitProduct(
  fields: Partial<Record<string, string>>,
  choose: { type?: string; template?: string } = {},
) {
  const user = userEvent.setup({ delay: null });
  const form = within(screen.getByRole("button", { name: "Create product" }).closest("form")!);
  if (choose.type) await user.selectOptions(form.getByLabelText("Product type"), choose.type);
  if (choose.template) {
    await form.findByRole("option", { name: choose.template });
    await user.selectOptions(form.getByLabelText("Template"), choose.template);
  }
  for (const [label, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    await user.clear(form.getByLabelText(label));
    if (value) await user.type(form.getByLabelText(label), value);
  }
  await user.click(form.getByRole("button", { name: "Create product" }));
}

type Scope = Pick<typeof screen, "getByLabelText">;

/**
 * The error a field in `scope` shows, as assistive tech reads it (its aria-describedby): the
 * react-aria fields' error slot, or the native Template select's error. fieldError reads the
 * whole screen, where the form and the Edit plan dialog both have these labels.
 */
const errorIn = (scope: Scope, label: string) =>
  (scope.getByLabelText(label).getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id))
    .filter((el) => el?.getAttribute("slot") === "errorMessage" || el?.id.endsWith("-error"))
    .map((el) => el?.textContent ?? "")
    .join(" ");
const selectError = (label: string) => errorIn(screen, label);

afterEach(resetPortalState);

describe("Manage Products page (SPEC §2 /admin/products)", () => {
  it("lists the catalogue with type, price, specs, a VPS's provider plan and order count", async () => {
    await openPage();
    expect(tableRows("Products")).toEqual([
      [
        "VPS Starter",
        "VPS",
        "4.99 EUR",
        "2 vCPU · 4 GB · 80 GB NVMe1 Gbit/s uplink · DDoS: Always-on",
        "Debian12 · 2 cores · 4096 MB · 80 GB · 1 IPv4",
        "3",
        "Edit planUpgrade pathsRemove",
      ],
      [
        "Dedicated EPYC 16",
        "Dedicated",
        "89.00 EUR",
        "AMD EPYC 7313P · 128 GB · 2 x 1.92 TB NVMe10 Gbit/s uplink · DDoS: Always-on",
        "Set up by staff",
        "0",
        "Remove",
      ],
    ]);
  });

  it("sets a product's upgrade paths: the VPS products on sale ticked, saved in one PUT", async () => {
    const medium = {
      id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
      name: "VPS Medium",
      price: "9.99",
      cpu: "4 vCPU",
      ram: "8 GB",
      storage: "80 GB NVMe",
      uplink: "1 Gbit/s",
      ddos_protection: "Always-on",
      product_type: "vps",
    };
    const path = `/api/admin/products/${starter.id}/upgrade-paths`;
    const net = await openPage({
      [`GET ${path}`]: { target_ids: [] },
      "GET /api/shop/products?type=vps": {
        products: [
          { ...starter, orders_count: undefined, created_at: undefined, plan: undefined },
          medium,
        ],
      },
      [`PUT ${path}`]: { target_ids: [medium.id] },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Upgrade paths of VPS Starter" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Upgrade paths: VPS Starter" }),
    );
    const box = await dialog.findByRole("checkbox", { name: /VPS Medium/ });
    expect(dialog.queryByRole("checkbox", { name: /VPS Starter/ })).toBeNull();
    await user.click(box);
    await user.click(dialog.getByRole("button", { name: "Save paths" }));
    await findToast("Upgrade paths saved");
    expect(net.callsTo(`PUT ${path}`)[0]?.body).toEqual({ target_ids: [medium.id] });
  });

  it("says so when a VPS product has no plan yet", async () => {
    await openPage({
      "GET /api/admin/products": { products: [{ ...starter, plan: null }] },
    });
    expect(tableRows("Products")[0]?.[4]).toBe("No plan yet: set one with Edit plan");
  });

  it("requires every field (SPEC §5) and a VPS's plan, without calling the API", async () => {
    const net = await openPage();
    await submitProduct({});

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Name is required")).toBeTruthy();
    expect(fieldError("Name")).toBe("Name is required");
    expect(fieldError("Price (EUR / month)")).toBe("Price must be a number with up to 2 decimals");
    expect(fieldError("CPU")).toBe("CPU is required");
    expect(fieldError("DDoS protection")).toBe("DDoS protection is required");
    expect(selectError("Template")).toBe(planMessages.templateRequired);
    expect(fieldError("Cores")).toBe(planMessages.coresInvalid);
    expect(fieldError("Memory (MB)")).toBe(planMessages.memoryInvalid);
    expect(fieldError("Disk (GB)")).toBe(planMessages.diskInvalid);
    // One IPv4 is filled in.
    expect(fieldError("IPv4 count")).toBe("");
    expect(net.callsTo("POST /api/admin/products")).toHaveLength(0);
  });

  it("refuses a price with more than 2 decimals", async () => {
    const net = await openPage();
    await submitProduct(
      { ...product, ...plan, "Price (EUR / month)": "9.999" },
      { template: "Debian12" },
    );

    expect(await findToast("Validation Error")).toBeTruthy();
    expect(fieldError("Price (EUR / month)")).toBe("Price must be a number with up to 2 decimals");
    expect(fieldError("Name")).toBe("");
    expect(net.callsTo("POST /api/admin/products")).toHaveLength(0);
  });

  it("refuses plan sizes out of the provider's range, with the contract's messages", async () => {
    const net = await openPage();
    await submitProduct(
      { ...product, Cores: "0", "Memory (MB)": "256", "Disk (GB)": "80.5", "IPv4 count": "17" },
      { template: "Debian12" },
    );

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText(planMessages.coresInvalid)).toBeTruthy();
    expect(fieldError("Cores")).toBe(planMessages.coresInvalid);
    expect(fieldError("Memory (MB)")).toBe(planMessages.memoryInvalid);
    expect(fieldError("Disk (GB)")).toBe(planMessages.diskInvalid);
    expect(fieldError("IPv4 count")).toBe(planMessages.ipv4Invalid);
    expect(selectError("Template")).toBe("");
    expect(net.callsTo("POST /api/admin/products")).toHaveLength(0);
  });

  it("creates a VPS product with its plan and a 2-decimal price, and clears the form", async () => {
    const created: AdminProduct = {
      ...starter,
      id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
      name: "VPS Medium",
      price: "9.90",
      orders_count: 0,
      plan: { template: "Ubuntu2404", cpu_cores: 4, memory_mb: 8192, disk_gb: 160, ipv4_count: 2 },
    };
    const net = await openPage({ "POST /api/admin/products": () => json(201, created) });
    await submitProduct({ ...product, ...plan, "IPv4 count": "2" }, { template: "Ubuntu2404" });

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
      plan: { template: "Ubuntu2404", cpu_cores: 4, memory_mb: 8192, disk_gb: 160, ipv4_count: 2 },
    });
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe(""));
    expect((screen.getByLabelText("Template") as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText("Cores") as HTMLInputElement).value).toBe("");
  });

  it("shows the plan fields only for VPS, and creates a dedicated product without a plan", async () => {
    const created: AdminProduct = { ...epyc, id: "8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e" };
    const net = await openPage({ "POST /api/admin/products": () => json(201, created) });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole("group", { name: "Server plan at the provider" })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Product type"), "dedicated");
    expect(screen.queryByRole("group", { name: "Server plan at the provider" })).toBeNull();
    expect(screen.queryByLabelText("Template")).toBeNull();
    expect(screen.queryByLabelText("Cores")).toBeNull();

    await submitProduct({ ...product, Name: "Dedicated EPYC 16" });
    expect(await findToast("Product created")).toBeTruthy();
    const [sent] = net.callsTo("POST /api/admin/products");
    expect(sent?.body).toMatchObject({ name: "Dedicated EPYC 16", product_type: "dedicated" });
    expect(sent?.body).not.toHaveProperty("plan");
    // The emptied form starts as a VPS again, plan fields included.
    await waitFor(() =>
      expect((screen.getByLabelText("Product type") as HTMLSelectElement).value).toBe("vps"),
    );
    expect(screen.getByLabelText("Cores")).toBeTruthy();
  });

  it("says the provider did not answer when the templates cannot be loaded, and Retry loads them", async () => {
    const net = await openPage({
      "GET /api/admin/provider/templates": () =>
        apiError(502, "provider_failed", planMessages.providerUnavailable),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      `Could not load the provider's templates: ${planMessages.providerUnavailable}`,
    );

    net.on({ "GET /api/admin/provider/templates": templates });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("option", { name: "AlmaLinux9" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("Edit plan dialog", () => {
  async function openEditPlan(routes: Routes = {}) {
    const net = await openPage(routes);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Edit plan of VPS Starter" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit plan: VPS Starter" }));
    await dialog.findByRole("option", { name: "AlmaLinux9" });
    return { net, user, dialog };
  }

  it("is offered for VPS products only", async () => {
    await openPage();
    expect(screen.queryByRole("button", { name: "Edit plan of Dedicated EPYC 16" })).toBeNull();
  });

  it("starts from the current plan and saves the changed one", async () => {
    const updated: AdminProduct = {
      ...starter,
      plan: { template: "AlmaLinux9", cpu_cores: 2, memory_mb: 8192, disk_gb: 80, ipv4_count: 1 },
    };
    const { net, user, dialog } = await openEditPlan({
      "PUT /api/admin/products/:id/plan": updated,
    });
    expect((dialog.getByLabelText("Template") as HTMLSelectElement).value).toBe("Debian12");
    expect((dialog.getByLabelText("Memory (MB)") as HTMLInputElement).value).toBe("4096");

    await user.selectOptions(dialog.getByLabelText("Template"), "AlmaLinux9");
    await user.clear(dialog.getByLabelText("Memory (MB)"));
    await user.type(dialog.getByLabelText("Memory (MB)"), "8192");
    await user.click(dialog.getByRole("button", { name: "Save plan" }));

    const toast = within(await findToast("Plan updated"));
    expect(
      toast.getByText("VPS Starter: AlmaLinux9 · 2 cores · 8192 MB · 80 GB · 1 IPv4"),
    ).toBeTruthy();
    expect(net.callsTo("PUT /api/admin/products/:id/plan").map((c) => [c.path, c.body])).toEqual([
      [
        `/api/admin/products/${starter.id}/plan`,
        { template: "AlmaLinux9", cpu_cores: 2, memory_mb: 8192, disk_gb: 80, ipv4_count: 1 },
      ],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Edit plan: VPS Starter" })).toBeNull(),
    );
  });

  it("checks the plan with the contract before sending it", async () => {
    const { net, user, dialog } = await openEditPlan();
    await user.clear(dialog.getByLabelText("Cores"));
    await user.type(dialog.getByLabelText("Cores"), "65");
    await user.click(dialog.getByRole("button", { name: "Save plan" }));

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText(planMessages.coresInvalid)).toBeTruthy();
    expect(errorIn(dialog, "Cores")).toBe(planMessages.coresInvalid);
    expect(net.callsTo("PUT /api/admin/products/:id/plan")).toHaveLength(0);
  });

  it("shows the API's refusal of a template under Template and keeps the dialog open", async () => {
    const { user, dialog } = await openEditPlan({
      "PUT /api/admin/products/:id/plan": () =>
        apiError(422, "validation_error", planMessages.templateUnknown),
    });
    await user.click(dialog.getByRole("button", { name: "Save plan" }));

    const toast = within(await findToast("Failed to update plan"));
    expect(toast.getByText(planMessages.templateUnknown)).toBeTruthy();
    await waitFor(() => expect(errorIn(dialog, "Template")).toBe(planMessages.templateUnknown));
    expect(screen.getByRole("dialog", { name: "Edit plan: VPS Starter" })).toBeTruthy();
  });

  it("keeps a template the provider no longer offers visible as the current one", async () => {
    await openPage({
      "GET /api/admin/products": {
        products: [{ ...starter, plan: { ...starter.plan!, template: "CentOS7" } }],
      },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Edit plan of VPS Starter" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit plan: VPS Starter" }));
    expect(
      await dialog.findByRole("option", { name: "CentOS7 (not offered any more)" }),
    ).toBeTruthy();
    expect((dialog.getByLabelText("Template") as HTMLSelectElement).value).toBe("CentOS7");
  });
});
