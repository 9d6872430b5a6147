import type { ActionResult, Service, ServiceStats } from "@contracts/services.ts";
import { queryClient, queryKeys } from "@hosting-portal/shared-ui";
import {
  apiError,
  findToast,
  type MockApi,
  mockApi,
  type RenderPageResult,
  type Routes,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeVps, everyPanelRoutes, stubMatchMedia } from "../testing/service-fixtures";
import ServicePage, { prefetch } from "./service-page";

const userId = "00000000-0000-4000-8000-000000000001";

const vps: Service = { ...activeVps, order_id: "c0ffee00-1234-4abc-8def-0123456789ab" };
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
  root_password_pending: false,
};
/** A VPS the provider is still making: no address and no provider id yet. */
const newVps: Service = {
  ...vps,
  service_status: "provisioning",
  ipv4: null,
  reseller_id: null,
};
/** The same VPS once made, with the root password the provider set waiting to be shown. */
const madeVps: Service = { ...vps, root_password_pending: true };

const ROOT_PASSWORD = "Pr0vider-set-r00t";

const stats: ServiceStats = {
  state: "running",
  cpu_percent: 12,
  memory_used_bytes: 2 * 1024 ** 3,
  memory_total_bytes: 4 * 1024 ** 3,
  net_in_bytes: 5_000,
  net_out_bytes: 6_000,
  uptime_seconds: 600,
  disk_used_bytes: null,
  disk_total_bytes: null,
  fetched_at: "2026-11-22T14:05:00Z",
};

const done = (action: string, message: string): ActionResult => ({ action, message });

async function openService(
  service: Service | null,
  routes: Routes = {},
): Promise<{ net: MockApi; page: RenderPageResult }> {
  const id = service?.id ?? "0b0b0b0b-1111-4222-8333-444444444444";
  const net = mockApi({
    "GET /api/services/:id": service ?? (() => apiError(404, "not_found", "Service not found")),
    "GET /api/services/:id/stats": stats,
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

/** Whether `text` is anywhere in the page: its markup or the value of a field. */
const pageHolds = (text: string) =>
  document.body.innerHTML.includes(text) ||
  Array.from(document.querySelectorAll("input"), (i) => i.value).some((v) => v.includes(text));

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

  it("offers Start, Stop, Restart and Change Password for a VPS, and live statistics from the API", async () => {
    const { net } = await openService(vps);
    for (const name of ["Start", "Stop", "Restart", "Change Password"]) {
      expect(await screen.findByRole("button", { name })).toBeTruthy();
    }
    expect(screen.queryByRole("heading", { name: "Processor" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Live Statistics" })).toBeTruthy();
    expect(
      Number((await screen.findByRole("meter", { name: "CPU" })).getAttribute("aria-valuenow")),
    ).toBe(12);
    expect(screen.getByRole("meter", { name: "RAM" }).textContent).toContain("2.0 GB of 4.0 GB");
    expect(screen.getByText("Not reported by the provider")).toBeTruthy();
    expect(screen.queryByText(/simulated/i)).toBeNull();
    expect(net.callsTo("GET /api/services/:id/stats")[0]?.path).toBe(
      `/api/services/${vps.id}/stats`,
    );
    // No password pending: no root password panel.
    expect(screen.queryByRole("heading", { name: "Root password" })).toBeNull();
  });

  it("shows each role in the account only what it may do: controls for technical, the plan for billing, neither for read-only", async () => {
    const seen: Record<string, string[]> = {};
    for (const role of ["owner", "technical", "billing", "read_only"]) {
      await openService(vps, {
        "GET /api/account/profile": {
          id: userId,
          username: "member",
          email: "member@example.com",
          credits: "0.00",
          created_at: "2026-01-01T00:00:00Z",
          locale: null,
          account_id: "00000000-0000-4000-8000-000000000002",
          role,
        },
      });
      await details();
      // The profile answers after the service: wait until the page has settled on the role.
      await waitFor(() => expect(queryClient.getQueryData(queryKeys.account.profile)).toBeTruthy());
      await act(async () => {});
      seen[role] = [
        screen.queryByRole("button", { name: "Restart" }) && "controls",
        screen.queryByRole("heading", { name: "Manage server" }) && "manage",
        screen.queryByRole("heading", { name: "Plan" }) && "plan",
      ].filter((x): x is string => Boolean(x));
      resetPortalState();
    }
    expect(seen).toEqual({
      owner: ["controls", "manage", "plan"],
      technical: ["controls", "manage"],
      billing: ["plan"],
      read_only: [],
    });
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

  it("Change Password shows the password the provider set when it chose another one", async () => {
    const user = userEvent.setup();
    await openService(vps, {
      "POST /api/services/:id/actions/:action": {
        ...done("reset-password", "Server password changed"),
        password: "Pr0vider-ch0sen",
      },
    });
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    const form = within(screen.getByRole("dialog", { name: "Change server password" }));
    await user.type(form.getByLabelText("New password"), "n3w-r00t-pass");
    await user.click(form.getByRole("button", { name: "Change Password" }));

    expect(await findToast("Server password changed")).toBeTruthy();
    const dialog = within(
      await screen.findByRole("dialog", { name: "Password set by the provider" }),
    );
    expect(
      dialog.getByText(/The provider set this root password instead of the one you entered/),
    ).toBeTruthy();
    expect((dialog.getByLabelText("New root password") as HTMLInputElement).value).toBe(
      "Pr0vider-ch0sen",
    );
    await user.click(dialog.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe("Pr0vider-ch0sen");

    await user.click(dialog.getByRole("button", { name: "Done" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Password set by the provider" })).toBeNull(),
    );
    expect(pageHolds("Pr0vider-ch0sen")).toBe(false);
  });

  it("Change Password shows no extra dialog when the provider took the password sent", async () => {
    const user = userEvent.setup();
    await openService(vps, {
      "POST /api/services/:id/actions/:action": done("reset-password", "Server password changed"),
    });
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    const form = within(screen.getByRole("dialog", { name: "Change server password" }));
    await user.type(form.getByLabelText("New password"), "n3w-r00t-pass");
    await user.click(form.getByRole("button", { name: "Change Password" }));
    expect(await findToast("Server password changed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a VPS being set up: the provisioning text, no controls, no statistics", async () => {
    const { net } = await openService(newVps);
    expect(
      await screen.findByText(
        "Your server is being set up. This page updates by itself when it is ready.",
      ),
    ).toBeTruthy();
    expect(await details()).toMatchObject({ "Connection ID": "—", IPv4: "Assigning…" });
    const card = screen.getByRole("heading", { name: "Server details" }).closest("section");
    expect(within(card as HTMLElement).getByText("Provisioning")).toBeTruthy();
    for (const name of ["Start", "Stop", "Restart", "Change Password"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.queryByRole("heading", { name: "Live Statistics" })).toBeNull();
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(0);
  });

  it("says staff are setting up a dedicated server", async () => {
    await openService({
      ...dedicated,
      service_status: "provisioning",
      ipv4: null,
      reseller_id: null,
    });
    expect(
      await screen.findByText(
        "Our staff are setting up your dedicated server. You will get an email when it is ready.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Control actions are only available for VPS services")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Live Statistics" })).toBeNull();
  });

  it("turns into the control page by itself when the service becomes active", async () => {
    const { net } = await openService(newVps);
    await screen.findByText(/Your server is being set up/);
    net.on({ "GET /api/services/:id": madeVps });
    // What the live `services` topic does (shared-ui user-events): the page's key is under it.
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.services.mine }));

    expect(await screen.findByRole("button", { name: "Start" })).toBeTruthy();
    expect(screen.queryByText(/Your server is being set up/)).toBeNull();
    expect(await details()).toMatchObject({ "Connection ID": "104233", IPv4: "203.0.113.10" });
    expect(await screen.findByRole("meter", { name: "CPU" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show root password" })).toBeTruthy();
  });

  it("shows the root password once, on request, and keeps it out of every cache", async () => {
    const user = userEvent.setup();
    let pending = true;
    const { net, page } = await openService(madeVps, {
      "GET /api/services/:id": () => ({ ...madeVps, root_password_pending: pending }),
      "POST /api/services/:id/root-password": () => {
        if (!pending)
          return apiError(
            404,
            "not_found",
            "The root password was already shown, or the provider did not report one",
          );
        pending = false;
        return { password: ROOT_PASSWORD };
      },
    });
    const reveal = await screen.findByRole("button", { name: "Show root password" });
    // Not in the page, nor asked for, before the click.
    expect(pageHolds(ROOT_PASSWORD)).toBe(false);
    expect(net.callsTo("POST /api/services/:id/root-password")).toHaveLength(0);

    await user.click(reveal);
    const panel = within(
      screen.getByRole("heading", { name: "Root password" }).closest("section") as HTMLElement,
    );
    expect(((await panel.findByLabelText("Root password")) as HTMLInputElement).value).toBe(
      ROOT_PASSWORD,
    );
    expect(panel.getByText(/This password is shown only once/)).toBeTruthy();
    expect(panel.queryByRole("button", { name: "Show root password" })).toBeNull();
    await user.click(panel.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(ROOT_PASSWORD);

    const [call] = net.callsTo("POST /api/services/:id/root-password");
    expect(call?.path).toBe(`/api/services/${vps.id}/root-password`);
    // The service is read again (no longer pending); the password stays on screen.
    await waitFor(() => expect(net.callsTo("GET /api/services/:id")).toHaveLength(2));
    await waitFor(() =>
      expect(
        queryClient.getQueryData<Service>(queryKeys.services.one(vps.id))?.root_password_pending,
      ).toBe(false),
    );
    expect((panel.getByLabelText("Root password") as HTMLInputElement).value).toBe(ROOT_PASSWORD);
    expect(net.callsTo("POST /api/services/:id/root-password")).toHaveLength(1);

    const cached = () =>
      JSON.stringify([
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state),
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      ]);
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state),
      ),
    ).not.toContain(ROOT_PASSWORD);
    page.unmount();
    await waitFor(() => expect(cached()).not.toContain(ROOT_PASSWORD));
  });

  it("says when the root password was already shown", async () => {
    const user = userEvent.setup();
    await openService(madeVps, {
      "POST /api/services/:id/root-password": () =>
        apiError(
          404,
          "not_found",
          "The root password was already shown, or the provider did not report one",
        ),
    });
    await user.click(await screen.findByRole("button", { name: "Show root password" }));
    expect(
      await screen.findByText(
        "The root password was already shown, or the provider did not report one",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show root password" })).toBeNull();
    // Not the 'Service not found' of a 404 on the service itself: the page stays.
    expect(screen.getByRole("button", { name: "Start" })).toBeTruthy();
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

  it("goes back to the dashboard for a failed or terminated service", async () => {
    const { page } = await openService(vps, {
      "GET /api/services/:id": () => apiError(403, "forbidden", "This service is not active"),
    });
    const toast = within(await findToast("Access Denied"));
    expect(toast.getByText("This service is not active")).toBeTruthy();
    await waitFor(() => expect(page.location()).toBe("/dashboard"));
  });
});

describe("prefetch (the shell calls it before the page renders)", () => {
  beforeEach(stubMatchMedia);

  it("fills what the page reads: rendered after it, the page shows the service at once and asks for it once", async () => {
    const net = mockApi({ "GET /api/services/:id": vps, "GET /api/services/:id/stats": stats });
    await net.signIn();
    await prefetch({ params: { id: vps.id }, search: "" });
    renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${vps.id}` });
    // At once: no placeholder first.
    expect(screen.getByRole("heading", { name: /VPS/ })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.callsTo("GET /api/services/:id")).toHaveLength(1);
  });

  /** The panels' first reads, by route, that `prefetch` asked for before the page rendered. */
  const PANEL_READS = [
    "GET /api/services/:id/reinstall",
    "GET /api/services/:id/reverse-dns",
    "GET /api/services/:id/backups",
    "GET /api/services/:id/plan",
    "GET /api/services/:id/history",
  ];

  it("asks with the service for the first reads of the panels the caller will see, once: rendered after it, the page asks none of them again", async () => {
    const net = mockApi({
      ...everyPanelRoutes(activeVps),
      "GET /api/account/profile": testProfile({ role: "owner" }),
    });
    await net.signIn();
    await prefetch({ params: { id: activeVps.id }, search: "" });
    const asked = (route: string) => net.callsTo(route).length;
    expect(PANEL_READS.map(asked)).toEqual([1, 1, 1, 1, 1]);

    renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${activeVps.id}` });
    // The panels show their data at once, from what prefetch read.
    expect(await screen.findByDisplayValue("mail.example.com")).toBeTruthy();
    expect(screen.getByText("VPS Big")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(PANEL_READS.map(asked)).toEqual([1, 1, 1, 1, 1]);
  });

  it("asks for no panel a billing member will not see (the server's controls)", async () => {
    const net = mockApi({
      ...everyPanelRoutes(activeVps),
      "GET /api/account/profile": testProfile({ role: "billing" }),
    });
    await net.signIn();
    await prefetch({ params: { id: activeVps.id }, search: "" });
    expect(PANEL_READS.map((route) => net.callsTo(route).length)).toEqual([0, 0, 0, 1, 1]);
  });
});
