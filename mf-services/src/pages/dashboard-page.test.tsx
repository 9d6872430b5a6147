import type { Service } from "@contracts/services.ts";
import { queryClient, queryKeys } from "@hosting-portal/shared-ui";
import {
  apiError,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activeVps } from "../testing/service-fixtures";
import DashboardPage from "./dashboard-page";

const userId = "00000000-0000-4000-8000-000000000001";

const vps: Service = { ...activeVps, order_id: "c0ffee00-1234-4abc-8def-0123456789ab" };
const dedicated: Service = {
  id: "9f8e7d6c-5b4a-4938-8271-605f4e3d2c1b",
  user_id: userId,
  service_type: "dedicated",
  service_status: "suspended",
  ipv4: "198.51.100.7",
  ram: "128 GB DDR4 ECC",
  cpu: "AMD EPYC 7313P",
  storage: "2 x 1.92 TB NVMe",
  reseller_id: 88012,
  order_id: null,
  created_at: "2026-01-05T09:30:00Z",
  root_password_pending: false,
};
/** The provider's lifecycle: a VPS being made, a dedicated server staff are setting up, and the ends. */
const newVps: Service = {
  ...vps,
  id: "1a2b3c4d-0000-4000-8000-000000000001",
  service_status: "provisioning",
  ipv4: null,
  reseller_id: null,
};
const newDedicated: Service = {
  ...dedicated,
  id: "2b3c4d5e-0000-4000-8000-000000000002",
  service_status: "provisioning",
  ipv4: null,
  reseller_id: null,
};
const failed: Service = {
  ...vps,
  id: "3c4d5e6f-0000-4000-8000-000000000003",
  service_status: "failed",
  ipv4: null,
  reseller_id: null,
};
const terminated: Service = {
  ...vps,
  id: "4d5e6f70-0000-4000-8000-000000000004",
  service_status: "terminated",
};

async function openPage(services: Service[]) {
  const net = mockApi({ "GET /api/services": { services } });
  await net.signIn();
  const page = renderPage(<DashboardPage />, { path: "/dashboard" });
  return { net, page };
}

afterEach(resetPortalState);

describe("Dashboard page (SPEC §2 /dashboard)", () => {
  it("lists the user's services: short id, type, status, IPv4 and a Manage button", async () => {
    await openPage([vps, dedicated]);
    expect(await screen.findByRole("table", { name: "Your services" })).toBeTruthy();
    expect(tableRows("Your services")).toEqual([
      ["4e5f6a7b", "VPS", "Active", "203.0.113.10", "Manage"],
      ["9f8e7d6c", "DEDICATED", "Suspended", "198.51.100.7", "Suspended"],
    ]);
  });

  it("disables the button of a suspended service and labels it Suspended", async () => {
    await openPage([vps, dedicated]);
    const manage = (await screen.findByRole("button", {
      name: "Manage 4e5f6a7b",
    })) as HTMLButtonElement;
    const suspended = screen.getByRole("button", {
      name: "Suspended 9f8e7d6c",
    }) as HTMLButtonElement;
    expect(manage.disabled).toBe(false);
    expect(suspended.disabled).toBe(true);
    expect(suspended.textContent).toBe("Suspended");
  });

  it("shows every state with its label, and 'Assigning…' or '—' for an IPv4 not there yet", async () => {
    await openPage([newVps, newDedicated, failed, terminated]);
    expect(await screen.findByRole("table", { name: "Your services" })).toBeTruthy();
    expect(tableRows("Your services")).toEqual([
      ["1a2b3c4d", "VPS", "Provisioning", "Assigning…", "Manage"],
      ["2b3c4d5e", "DEDICATED", "Provisioning", "Assigning…", "Being set up"],
      ["3c4d5e6f", "VPS", "Failed", "—", "Failed"],
      ["4d5e6f70", "VPS", "Terminated", "203.0.113.10", "Terminated"],
    ]);
  });

  it("opens a VPS being set up (progress, then its root password); not a dedicated one, nor a failed or terminated service", async () => {
    const user = userEvent.setup();
    const { page } = await openPage([newVps, newDedicated, failed, terminated]);
    const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
    await screen.findByRole("table", { name: "Your services" });
    expect(button("Manage 1a2b3c4d").disabled).toBe(false);
    expect(button("Being set up 2b3c4d5e").disabled).toBe(true);
    expect(button("Failed 3c4d5e6f").disabled).toBe(true);
    expect(button("Terminated 4d5e6f70").disabled).toBe(true);

    await user.click(button("Manage 1a2b3c4d"));
    await waitFor(() => expect(page.location()).toBe(`/service/${newVps.id}`));
  });

  it("follows a service from provisioning to active when the services change", async () => {
    const { net } = await openPage([newVps]);
    expect(await screen.findByText("Provisioning")).toBeTruthy();
    net.on({
      "GET /api/services": {
        services: [{ ...newVps, service_status: "active", ipv4: "203.0.113.77", reseller_id: 7 }],
      },
    });
    // What the live `services` topic does (shared-ui user-events).
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.services.mine }));
    await waitFor(() =>
      expect(tableRows("Your services")).toEqual([
        ["1a2b3c4d", "VPS", "Active", "203.0.113.77", "Manage"],
      ]),
    );
  });

  it("Manage opens the service page", async () => {
    const user = userEvent.setup();
    const { page } = await openPage([vps]);
    await user.click(await screen.findByRole("button", { name: "Manage 4e5f6a7b" }));
    await waitFor(() => expect(page.location()).toBe(`/service/${vps.id}`));
  });

  it("shows the SPEC empty text without services", async () => {
    await openPage([]);
    expect(
      await screen.findByText("No services found. Contact an administrator to get started."),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers to try again when the services cannot be loaded", async () => {
    const user = userEvent.setup();
    const net = mockApi({
      "GET /api/services": () => apiError(403, "forbidden", "Two-factor verification is required"),
    });
    await net.signIn();
    renderPage(<DashboardPage />, { path: "/dashboard" });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Your services could not be loaded.",
    );

    net.on({ "GET /api/services": { services: [vps] } });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Manage 4e5f6a7b" })).toBeTruthy();
  });
});
