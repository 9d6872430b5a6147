import type { Service } from "@contracts/services.ts";
import {
  apiError,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import DashboardPage from "./dashboard-page";

const userId = "00000000-0000-4000-8000-000000000001";

const vps: Service = {
  id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
  user_id: userId,
  service_type: "vps",
  service_status: "active",
  ipv4: "203.0.113.10",
  ram: "4",
  cpu: "2",
  storage: "80",
  reseller_id: 104233,
  order_id: "c0ffee00-1234-4abc-8def-0123456789ab",
  created_at: "2026-10-23T14:05:00Z",
};
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
      ["4e5f6a7b", "VPS", "active", "203.0.113.10", "Manage"],
      ["9f8e7d6c", "DEDICATED", "suspended", "198.51.100.7", "Suspended"],
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
