import { type AdminService, planMessages } from "@contracts/admin.ts";
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
import { alice, dedicatedService, vpsService } from "../testing/fixtures";
import ServicesPage from "./services-page";

const linked = vpsService;
const unlinked = dedicatedService;

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

/** A VPS whose provisioning failed for good: no address, no server at the provider. */
const failed: AdminService = {
  ...linked,
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  service_status: "failed",
  ipv4: null,
  reseller_id: null,
  order_id: "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
  provider_error: "Template Debian12 is not available in this location",
};
/** A dedicated server the customer ordered, waiting for staff to set it up. */
const settingUp: AdminService = {
  ...unlinked,
  id: "6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e",
  service_status: "provisioning",
  ipv4: null,
  reseller_id: null,
  order_id: "e2f3a4b5-c6d7-4e8f-9a01-b2c3d4e5f6a7",
};
const terminated: AdminService = {
  ...linked,
  id: "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
  service_status: "terminated",
  ipv4: "203.0.113.99",
  order_id: null,
};

describe("the provider lifecycle's states", () => {
  it("offers the new states in the filter, 'Provisioning failed' for failed, and asks the API for it", async () => {
    const net = await openPage({ "GET /api/admin/services": { services: [failed] } });
    const filter = screen.getByLabelText("Filter by status") as HTMLSelectElement;
    expect(Array.from(filter.options, (o) => [o.value, o.text])).toEqual([
      ["", "All statuses"],
      ["provisioning", "Provisioning"],
      ["active", "Active"],
      ["suspended", "Suspended"],
      ["failed", "Provisioning failed"],
      ["terminated", "Terminated"],
    ]);
    await userEvent.setup().selectOptions(filter, "failed");
    await waitFor(() =>
      expect(
        net.callsTo("GET /api/admin/services").map((c) => c.url.searchParams.get("status") ?? ""),
      ).toEqual(["", "failed"]),
    );
  });

  it("shows a failed VPS with '—' for its address, its provider error and Retry, not Activate/Suspend", async () => {
    await openPage({ "GET /api/admin/services": { services: [failed, settingUp, terminated] } });
    const [failedRow, setupRow, terminatedRow] = tableRows("Services");
    expect(failedRow?.slice(0, 4)).toEqual([
      "VPS · —5a6b7c8d",
      "alicealice@example.com",
      "2 cores · 4 GB RAM · 80 GB",
      "provisioning failedTemplate Debian12 is not available in this location",
    ]);
    expect(failedRow?.[5]).toBe("RetryUnlinkRemove");
    expect(setupRow?.[3]).toBe("provisioning");
    expect(setupRow?.[5]).toBe("Complete setupUnlinkRemove");
    expect(terminatedRow?.[3]).toBe("terminated");
    expect(terminatedRow?.[5]).toBe("LinkRemove");
    expect(screen.queryByRole("button", { name: /^(Activate|Suspend) service/ })).toBeNull();
  });
});

describe("Retry provisioning", () => {
  async function openRetry(routes: Routes = {}) {
    const net = await openPage({ "GET /api/admin/services": { services: [failed] }, ...routes });
    const user = userEvent.setup();
    await user.click(
      screen.getByRole("button", { name: "Retry provisioning of service 5a6b7c8d" }),
    );
    const dialog = within(screen.getByRole("alertdialog", { name: "Retry provisioning?" }));
    return { net, user, dialog };
  }

  it("says the customer is charged again, then retries", async () => {
    const { net, user, dialog } = await openRetry({
      "POST /api/admin/services/:id/retry-provisioning": {
        ...failed,
        service_status: "provisioning",
        provider_error: null,
      } satisfies AdminService,
    });
    expect(dialog.getByText(/is charged the product's price again/).textContent).toContain(
      "alice (alice@example.com)",
    );
    expect(dialog.getByText(/Template Debian12 is not available/)).toBeTruthy();
    expect(net.callsTo("POST /api/admin/services/:id/retry-provisioning")).toHaveLength(0);

    await user.click(dialog.getByRole("button", { name: "Charge and retry" }));
    expect(await findToast("Provisioning queued")).toBeTruthy();
    expect(
      net.callsTo("POST /api/admin/services/:id/retry-provisioning").map((c) => c.path),
    ).toEqual([`/api/admin/services/${failed.id}/retry-provisioning`]);
    await waitFor(() =>
      expect(screen.queryByRole("alertdialog", { name: "Retry provisioning?" })).toBeNull(),
    );
  });

  it("shows the shop's message when the customer's balance does not cover the price", async () => {
    const { user, dialog } = await openRetry({
      "POST /api/admin/services/:id/retry-provisioning": () =>
        apiError(402, "insufficient_credits", "Insufficient Credits"),
    });
    await user.click(dialog.getByRole("button", { name: "Charge and retry" }));

    const toast = within(await findToast("Failed to retry provisioning"));
    expect(toast.getByText("Insufficient Credits")).toBeTruthy();
    expect(screen.getByRole("alertdialog", { name: "Retry provisioning?" })).toBeTruthy();
  });

  it("is not offered for a failed dedicated server", async () => {
    await openPage({
      "GET /api/admin/services": { services: [{ ...failed, service_type: "dedicated" }] },
    });
    expect(screen.queryByRole("button", { name: /^Retry provisioning/ })).toBeNull();
  });

  it("shows the API's refusal when the service is no longer failed", async () => {
    const { user, dialog } = await openRetry({
      "POST /api/admin/services/:id/retry-provisioning": () =>
        apiError(409, "conflict", planMessages.notProvisioningFailed),
    });
    await user.click(dialog.getByRole("button", { name: "Charge and retry" }));
    const toast = within(await findToast("Failed to retry provisioning"));
    expect(toast.getByText(planMessages.notProvisioningFailed)).toBeTruthy();
  });
});

describe("Complete setup of a dedicated server", () => {
  async function openSetup(routes: Routes = {}) {
    const net = await openPage({
      "GET /api/admin/services": { services: [settingUp] },
      ...routes,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Complete setup of service 6b7c8d9e" }));
    const dialog = within(screen.getByRole("dialog", { name: "Complete setup" }));
    return { net, user, dialog };
  }

  it("is offered only for a dedicated server being set up", async () => {
    await openPage({
      "GET /api/admin/services": {
        services: [{ ...settingUp, service_type: "vps" }, linked, unlinked],
      },
    });
    expect(screen.queryByRole("button", { name: /^Complete setup/ })).toBeNull();
  });

  it("starts from the ordered specs, sends address, provider id and specs, and confirms", async () => {
    const done: AdminService = {
      ...settingUp,
      service_status: "active",
      ipv4: "198.51.100.40",
      reseller_id: 88100,
      ram: "128 GB DDR5 ECC",
    };
    const { net, user, dialog } = await openSetup({
      "PUT /api/admin/services/:id/setup": done,
    });
    expect((dialog.getByLabelText("CPU") as HTMLInputElement).value).toBe("AMD EPYC 7313P");
    await user.type(dialog.getByLabelText("IPv4"), "198.51.100.40");
    await user.type(dialog.getByLabelText("Reseller ID"), "88100");
    await user.clear(dialog.getByLabelText("RAM"));
    await user.type(dialog.getByLabelText("RAM"), "128 GB DDR5 ECC");
    await user.click(dialog.getByRole("button", { name: "Complete setup" }));

    const toast = within(await findToast("Setup completed"));
    expect(toast.getByText("Dedicated 198.51.100.40 of alice is active.")).toBeTruthy();
    expect(net.callsTo("PUT /api/admin/services/:id/setup").map((c) => [c.path, c.body])).toEqual([
      [
        `/api/admin/services/${settingUp.id}/setup`,
        {
          ipv4: "198.51.100.40",
          reseller_id: 88100,
          ram: "128 GB DDR5 ECC",
          cpu: "AMD EPYC 7313P",
          storage: "2 x 1.92 TB NVMe",
        },
      ],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Complete setup" })).toBeNull(),
    );
  });

  it("checks the values with the contract first", async () => {
    const { net, user, dialog } = await openSetup();
    await user.type(dialog.getByLabelText("IPv4"), "198.51.100");
    await user.type(dialog.getByLabelText("Reseller ID"), "abc");
    await user.click(dialog.getByRole("button", { name: "Complete setup" }));

    expect(await findToast("Validation Error")).toBeTruthy();
    expect(fieldError("IPv4")).toBe("Valid IPv4 address is required");
    expect(fieldError("Reseller ID")).toBe("Reseller ID must be an integer");
    expect(net.callsTo("PUT /api/admin/services/:id/setup")).toHaveLength(0);
  });
});

describe("Remove service, and the server at the provider", () => {
  async function openRemove(service: AdminService, name: string) {
    const net = await openPage({
      "GET /api/admin/services": { services: [service] },
      "DELETE /api/admin/services/:id": () => json(204, null),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: `Remove service ${name}` }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Remove this service?" }));
    const checkbox = dialog.getByRole("checkbox", {
      name: "Also delete the server at the provider (it keeps running and costing money otherwise)",
    }) as HTMLInputElement;
    return { net, user, dialog, checkbox };
  }

  const deletes = (net: MockApi) =>
    net
      .callsTo("DELETE /api/admin/services/:id")
      .map((c) => [c.url.pathname, c.url.searchParams.get("delete_at_provider")]);

  it("deletes a VPS's server at the provider too by default", async () => {
    const { net, user, dialog, checkbox } = await openRemove(linked, "203.0.113.10");
    expect(checkbox.checked).toBe(true);
    expect(dialog.getByText(/Removing it also deletes that order/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Remove service" }));

    const toast = within(await findToast("Service removed"));
    expect(toast.getByText("The server is being deleted at the provider.")).toBeTruthy();
    expect(deletes(net)).toEqual([[`/api/admin/services/${linked.id}`, "true"]]);
  });

  it("keeps the server at the provider when the box is cleared", async () => {
    const { net, user, dialog, checkbox } = await openRemove(linked, "203.0.113.10");
    await user.click(checkbox);
    expect(checkbox.checked).toBe(false);
    await user.click(dialog.getByRole("button", { name: "Remove service" }));

    expect(await findToast("Service removed")).toBeTruthy();
    expect(deletes(net)).toEqual([[`/api/admin/services/${linked.id}`, "false"]]);
  });

  it("leaves the box cleared for a dedicated server", async () => {
    const { net, user, dialog, checkbox } = await openRemove(unlinked, "198.51.100.7");
    expect(checkbox.checked).toBe(false);
    await user.click(dialog.getByRole("button", { name: "Remove service" }));
    expect(await findToast("Service removed")).toBeTruthy();
    expect(deletes(net)).toEqual([[`/api/admin/services/${unlinked.id}`, "false"]]);
  });

  it("leaves the box cleared for a VPS without a provider id, and sends it when ticked", async () => {
    const { net, user, dialog, checkbox } = await openRemove(failed, "5a6b7c8d");
    expect(checkbox.checked).toBe(false);
    await user.click(checkbox);
    await user.click(dialog.getByRole("button", { name: "Remove service" }));
    expect(await findToast("Service removed")).toBeTruthy();
    expect(deletes(net)).toEqual([[`/api/admin/services/${failed.id}`, "true"]]);
  });

  it("does not offer the provider delete for a terminated service, whose server is gone", async () => {
    const net = await openPage({
      "GET /api/admin/services": { services: [terminated] },
      "DELETE /api/admin/services/:id": () => json(204, null),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Remove service 203.0.113.99" }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Remove this service?" }));
    expect(dialog.queryByRole("checkbox")).toBeNull();
    expect(dialog.getByText("Its server was already deleted at the provider.")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Remove service" }));
    expect(await findToast("Service removed")).toBeTruthy();
    expect(deletes(net)).toEqual([[`/api/admin/services/${terminated.id}`, "false"]]);
  });
});
