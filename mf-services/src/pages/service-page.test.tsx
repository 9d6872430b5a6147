import type { ActionResult, Service } from "@contracts/services.ts";
import {
  apiError,
  findToast,
  type MockApi,
  mockApi,
  type RenderPageResult,
  type Routes,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import ServicePage from "./service-page";

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
  service_status: "active",
  ipv4: "198.51.100.7",
  ram: "128 GB DDR4 ECC",
  cpu: "Intel Xeon E-2388G, 8 cores",
  storage: "2 x 1.92 TB NVMe",
  reseller_id: 88012,
  order_id: null,
  created_at: "2026-01-05T09:30:00Z",
};

const done = (action: string, message: string): ActionResult => ({ action, message });

async function openService(
  service: Service | null,
  routes: Routes = {},
): Promise<{ net: MockApi; page: RenderPageResult }> {
  const id = service?.id ?? "0b0b0b0b-1111-4222-8333-444444444444";
  const net = mockApi({
    "GET /api/services/:id": service ?? (() => apiError(404, "not_found", "Service not found")),
    ...routes,
  });
  await net.signIn();
  const page = renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${id}` });
  return { net, page };
}

/** Label → value pairs of the 'Server details' card. */
async function details(): Promise<Record<string, string>> {
  const heading = await screen.findByRole("heading", { name: "Server details" });
  const card = heading.closest("section") as HTMLElement;
  const terms = Array.from(card.querySelectorAll("dt"));
  return Object.fromEntries(
    terms.map((dt) => [dt.textContent ?? "", dt.nextElementSibling?.textContent ?? ""]),
  );
}

afterEach(resetPortalState);

describe("Service page (SPEC §2 /service/{id})", () => {
  it("shows the VPS details with the id shortened to 16 characters", async () => {
    const { net } = await openService(vps);
    expect(await details()).toEqual({
      "Service ID": "4e5f6a7b-8c9d-4e",
      "Connection ID": "104233",
      Type: "VPS",
      IPv4: "203.0.113.10",
      RAM: "4 GB",
      CPU: "2 cores",
      Storage: "80 GB",
    });
    expect(screen.getByRole("heading", { name: "VPS 4e5f6a7b-8c9d-4e" })).toBeTruthy();
    expect(net.callsTo("GET /api/services/:id")[0]?.path).toBe(`/api/services/${vps.id}`);
  });

  it("offers Start, Stop, Restart and Change Password for a VPS, and live statistics", async () => {
    await openService(vps);
    for (const name of ["Start", "Stop", "Restart", "Change Password"]) {
      expect(await screen.findByRole("button", { name })).toBeTruthy();
    }
    expect(screen.queryByRole("heading", { name: "Processor" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Live Statistics" })).toBeTruthy();
    for (const name of ["CPU", "RAM", "Network in", "Storage"]) {
      expect(screen.getByRole("meter", { name })).toBeTruthy();
    }
    expect(screen.getByTestId("simulated-label").textContent).toBe(
      "Simulated data, not measured from your server",
    );
  });

  it("Start calls the provider through the API and confirms", async () => {
    const user = userEvent.setup();
    const { net } = await openService(vps, {
      "POST /api/services/:id/actions/:action": (req) =>
        done(req.params.action ?? "", "Service started"),
    });
    await user.click(await screen.findByRole("button", { name: "Start" }));

    expect(await findToast("Service started")).toBeTruthy();
    const [call] = net.callsTo("POST /api/services/:id/actions/:action");
    expect(call?.path).toBe(`/api/services/${vps.id}/actions/start`);
    expect(call?.body).toEqual({});
  });

  it("shows 'Failed to {action} service' when the provider fails", async () => {
    const user = userEvent.setup();
    await openService(vps, {
      "POST /api/services/:id/actions/:action": () =>
        apiError(502, "provider_failed", "Failed to restart service"),
    });
    await user.click(await screen.findByRole("button", { name: "Restart" }));
    expect(await findToast("Failed to restart service")).toBeTruthy();
    // Still on the page: only a refusal of the service itself leaves it.
    expect(screen.getByRole("button", { name: "Start" })).toBeTruthy();
  });

  it("Change Password with an empty password cancels without calling the API", async () => {
    const user = userEvent.setup();
    const { net } = await openService(vps);
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    const dialog = within(screen.getByRole("dialog", { name: "Change server password" }));
    await user.click(dialog.getByRole("button", { name: "Change Password" }));

    const toast = within(await findToast("Cancelled"));
    expect(toast.getByText("Password change cancelled.")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Change server password" })).toBeNull(),
    );
    expect(net.callsTo("POST /api/services/:id/actions/:action")).toHaveLength(0);
  });

  it("Change Password refuses a password under 6 characters", async () => {
    const user = userEvent.setup();
    const { net } = await openService(vps);
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    const dialog = within(screen.getByRole("dialog", { name: "Change server password" }));
    await user.type(dialog.getByLabelText("New password"), "abc");
    await user.click(dialog.getByRole("button", { name: "Change Password" }));

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Password must be at least 6 characters")).toBeTruthy();
    expect(net.callsTo("POST /api/services/:id/actions/:action")).toHaveLength(0);
  });

  it("Change Password sends the new password once and confirms", async () => {
    const user = userEvent.setup();
    const { net } = await openService(vps, {
      "POST /api/services/:id/actions/:action": done("reset-password", "Server password changed"),
    });
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    const dialog = within(screen.getByRole("dialog", { name: "Change server password" }));
    await user.type(dialog.getByLabelText("New password"), "n3w-r00t-pass");
    await user.click(dialog.getByRole("button", { name: "Change Password" }));

    expect(await findToast("Server password changed")).toBeTruthy();
    const calls = net.callsTo("POST /api/services/:id/actions/:action");
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [`/api/services/${vps.id}/actions/reset-password`, { password: "n3w-r00t-pass" }],
    ]);
  });

  it("shows the processor of a dedicated server and no power controls", async () => {
    await openService(dedicated);
    expect((await details()).RAM).toBe("128 GB DDR4 ECC");
    const processor = within(
      screen.getByRole("heading", { name: "Processor" }).closest("section") as HTMLElement,
    );
    expect(processor.getByTestId("processor-vendor").textContent).toContain("Intel");
    expect(screen.getByText("Control actions are only available for VPS services")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Change Password" })).toBeNull();
  });

  it("detects AMD, and says when the processor is unknown", async () => {
    await openService({ ...dedicated, cpu: "AMD Ryzen 9 7950X3D" });
    expect((await screen.findByTestId("processor-vendor")).textContent).toContain("AMD");
    resetPortalState();

    await openService({ ...dedicated, cpu: "16 cores @ 3.0 GHz" });
    expect(await screen.findByText("Processor information not available")).toBeTruthy();
    expect(screen.queryByTestId("processor-vendor")).toBeNull();
  });

  it("goes back to the dashboard with 'Service not found or access denied' for another user's service", async () => {
    const { page } = await openService(null);
    expect(await findToast("Service not found or access denied")).toBeTruthy();
    await waitFor(() => expect(page.location()).toBe("/dashboard"));
  });

  it("goes back to the dashboard with 'Access Denied' for a suspended service", async () => {
    const { page } = await openService(vps, {
      "GET /api/services/:id": () =>
        apiError(403, "service_suspended", "This service is suspended"),
    });
    const toast = within(await findToast("Access Denied"));
    expect(toast.getByText("This service is suspended")).toBeTruthy();
    await waitFor(() => expect(page.location()).toBe("/dashboard"));
  });
});
