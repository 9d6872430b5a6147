import type { AdminService, AdminUser } from "@contracts/admin.ts";
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
import ServicesPage from "./services-page";

const alice: AdminUser = {
  id: "2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091",
  username: "alice",
  email: "alice@example.com",
  credits: "25.00",
  status: "active",
  is_admin: false,
  orders_count: 1,
  services_count: 1,
  created_at: "2026-11-20T16:45:00Z",
};

const linked: AdminService = {
  id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
  user_id: alice.id,
  username: "alice",
  email: "alice@example.com",
  service_type: "vps",
  service_status: "active",
  ipv4: "203.0.113.10",
  ram: "4",
  cpu: "2",
  storage: "80",
  reseller_id: 104233,
  order_id: "c0ffee00-1234-4abc-8def-0123456789ab",
  created_at: "2026-11-20T17:00:00Z",
};
const unlinked: AdminService = {
  ...linked,
  id: "9f8e7d6c-5b4a-4938-8271-605f4e3d2c1b",
  service_type: "dedicated",
  service_status: "suspended",
  ipv4: "198.51.100.7",
  ram: "128 GB DDR4 ECC",
  cpu: "AMD EPYC 7313P",
  storage: "2 x 1.92 TB NVMe",
  reseller_id: 88012,
  order_id: null,
};

async function openPage(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi(
    {
      "GET /api/admin/services": { services: [linked, unlinked] },
      "GET /api/admin/users": { users: [alice] },
      ...routes,
    },
    { user: { is_admin: true, username: "admin", email: "admin@example.com" } },
  );
  await net.signIn();
  renderPage(<ServicesPage />, { path: "/admin/services" });
  await screen.findByRole("table", { name: "Services" });
  return net;
}

/** Opens 'Create service' and fills what is given; the user list loads first. */
async function createService(fields: Partial<Record<string, string>>) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole("button", { name: "Create service" }));
  const dialog = within(screen.getByRole("dialog", { name: "Create service" }));
  await dialog.findByRole("option", { name: "alice (alice@example.com)" });
  if (fields.user) await user.selectOptions(dialog.getByLabelText("User"), fields.user);
  if (fields.type) await user.selectOptions(dialog.getByLabelText("Type"), fields.type);
  for (const label of ["IPv4", "RAM", "CPU", "Storage", "Reseller ID"]) {
    const value = fields[label];
    if (value) await user.type(dialog.getByLabelText(label), value);
  }
  await user.click(dialog.getByRole("button", { name: "Create service" }));
  return dialog;
}

const valid = {
  user: alice.id,
  IPv4: "203.0.113.20",
  RAM: "8",
  CPU: "4",
  Storage: "160",
  "Reseller ID": "104300",
};

afterEach(resetPortalState);

describe("Manage Services page (SPEC §2 /admin/services)", () => {
  it("lists every service with owner, specs, status and order link", async () => {
    await openPage();
    const rows = tableRows("Services");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.slice(0, 5)).toEqual([
      "VPS · 203.0.113.104e5f6a7b · reseller 104233",
      "alicealice@example.com",
      "2 cores · 4 GB RAM · 80 GB",
      "active",
      "c0ffee00",
    ]);
    expect(rows[1]?.slice(2, 5)).toEqual([
      "AMD EPYC 7313P · 128 GB DDR4 ECC RAM · 2 x 1.92 TB NVMe",
      "suspended",
      "Not linked",
    ]);
    expect(screen.getByRole("button", { name: "Suspend service 203.0.113.10" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unlink service 203.0.113.10" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activate service 198.51.100.7" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Link service 198.51.100.7" })).toBeTruthy();
  });
});

describe("Create service dialog (SPEC §5 admin create service)", () => {
  it("requires a valid IPv4 address", async () => {
    const net = await openPage();
    await createService({ ...valid, IPv4: "1.2.3" });

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Valid IPv4 address is required")).toBeTruthy();
    expect(fieldError("IPv4")).toBe("Valid IPv4 address is required");
    expect(net.callsTo("POST /api/admin/services")).toHaveLength(0);
  });

  it("requires an integer reseller id", async () => {
    const net = await openPage();
    await createService({ ...valid, "Reseller ID": "12.5" });

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Reseller ID must be an integer")).toBeTruthy();
    expect(fieldError("Reseller ID")).toBe("Reseller ID must be an integer");
    expect(net.callsTo("POST /api/admin/services")).toHaveLength(0);
  });

  it("requires a user", async () => {
    const net = await openPage();
    const dialog = await createService({ ...valid, user: "" });

    expect(await findToast("Validation Error")).toBeTruthy();
    expect(dialog.getByText("User is required")).toBeTruthy();
    expect(net.callsTo("POST /api/admin/services")).toHaveLength(0);
  });

  it("takes only whole numbers for VPS sizes", async () => {
    const net = await openPage();
    await createService({ ...valid, RAM: "8 GB" });

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("RAM must be a whole number of GB")).toBeTruthy();
    expect(fieldError("RAM")).toBe("RAM must be a whole number of GB");
    expect(net.callsTo("POST /api/admin/services")).toHaveLength(0);
  });

  // A <select> fires `input` before `change`; the dialog clears its errors on input. The chosen
  // type must survive that (SelectField reports it on input, clearing no errors re-renders nothing).
  it("takes free text for dedicated sizes", async () => {
    const user = userEvent.setup({ delay: null });
    const net = await openPage({
      "POST /api/admin/services": (req) =>
        json(201, {
          ...unlinked,
          ...(req.body as object),
          id: "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
        }),
    });
    await user.click(screen.getByRole("button", { name: "Create service" }));
    const type = screen.getByLabelText("Type") as HTMLSelectElement;
    await user.selectOptions(type, "dedicated");
    expect(type.value).toBe("dedicated");
    expect(screen.getAllByText("Free text")).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await createService({ ...valid, type: "dedicated", RAM: "64 GB DDR4", CPU: "Xeon E-2388G" });
    expect(await findToast("Service created")).toBeTruthy();
    expect(net.callsTo("POST /api/admin/services")[0]?.body).toEqual({
      user_id: alice.id,
      service_type: "dedicated",
      ipv4: "203.0.113.20",
      ram: "64 GB DDR4",
      cpu: "Xeon E-2388G",
      storage: "160",
      reseller_id: 104300,
    });
  });

  it("keeps the chosen type when choosing it clears the form's errors", async () => {
    const user = userEvent.setup({ delay: null });
    await openPage();
    await user.click(screen.getByRole("button", { name: "Create service" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create service" }));
    await user.click(dialog.getByRole("button", { name: "Create service" }));
    expect(await findToast("Validation Error")).toBeTruthy();
    expect(dialog.getByText("User is required")).toBeTruthy();

    const type = dialog.getByLabelText("Type") as HTMLSelectElement;
    await user.selectOptions(type, "dedicated");
    expect(type.value).toBe("dedicated");
    expect(dialog.getAllByText("Free text")).toHaveLength(3);
    expect(dialog.queryByText("User is required")).toBeNull();
    await user.selectOptions(type, "vps");
    expect(type.value).toBe("vps");
    expect(dialog.queryAllByText("Free text")).toHaveLength(0);
  });

  it("creates the service, confirms and closes", async () => {
    const created: AdminService = {
      ...linked,
      id: "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
      ipv4: "203.0.113.20",
      order_id: null,
    };
    const net = await openPage({ "POST /api/admin/services": () => json(201, created) });
    await createService(valid);

    const toast = within(await findToast("Service created"));
    expect(toast.getByText("VPS 203.0.113.20 for alice")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Create service" })).toBeNull(),
    );
    expect(net.callsTo("POST /api/admin/services")[0]?.body).toEqual({
      user_id: alice.id,
      service_type: "vps",
      ipv4: "203.0.113.20",
      ram: "8",
      cpu: "4",
      storage: "160",
      reseller_id: 104300,
    });
  });

  it("shows 'Failed to create service. Please try again.' when the API refuses", async () => {
    await openPage({
      "POST /api/admin/services": () => apiError(404, "not_found", "User not found"),
    });
    await createService(valid);

    const toast = within(await findToast("Failed to create service. Please try again."));
    expect(toast.getByText("User not found")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Create service" })).toBeTruthy();
  });
});
