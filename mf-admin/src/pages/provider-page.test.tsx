import type { DriftReport, ProviderJobList } from "@contracts/admin.ts";
import {
  apiError,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import ProviderPage from "./provider-page";

// Built from local time parts: dates show in the viewer's time zone.
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

const serviceId = "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b";

const drift: DriftReport = {
  checked_at: local(2026, 11, 22, 14, 5),
  items: [
    {
      kind: "unknown_server",
      vm_id: 5012,
      service_id: null,
      email: null,
      first_seen: local(2026, 11, 20, 9, 0),
      last_seen: local(2026, 11, 22, 14, 5),
    },
    {
      kind: "missing_server",
      vm_id: 4870,
      service_id: serviceId,
      email: "alice@example.com",
      first_seen: local(2026, 11, 21, 10, 30),
      last_seen: local(2026, 11, 22, 14, 5),
    },
  ],
};

const jobs: ProviderJobList = {
  jobs: [
    {
      id: "8d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a",
      kind: "delete",
      state: "pending",
      service_id: serviceId,
      vm_id: 4870,
      attempts: 4,
      last_error: "provider answered 503",
      run_after: local(2026, 11, 22, 15, 0),
      created_at: local(2026, 11, 22, 12, 0),
    },
    {
      id: "9e0f1a2b-3c4d-4e5f-9a6b-7c8d9e0f1a2b",
      kind: "provision",
      state: "failed",
      service_id: null,
      vm_id: null,
      attempts: 8,
      last_error: null,
      run_after: local(2026, 11, 22, 13, 0),
      created_at: local(2026, 11, 21, 8, 15),
    },
  ],
};

async function openPage(routes: Routes) {
  const net = mockApi(routes, {
    user: { is_admin: true, username: "admin", email: "admin@example.com" },
  });
  await net.signIn();
  const page = renderPage(<ProviderPage />, { path: "/admin/provider" });
  return { net, page };
}

afterEach(resetPortalState);

describe("Provider page (/admin/provider)", () => {
  it("lists the drift with vm id, problem, service link, owner and when it was seen", async () => {
    await openPage({
      "GET /api/admin/provider/drift": drift,
      "GET /api/admin/provider/jobs": { jobs: [] },
    });
    await screen.findByRole("table", { name: "Drift" });
    expect(tableRows("Drift")).toEqual([
      [
        "5012",
        "Unknown serverThe provider runs it; no service knows it.",
        "—",
        "—",
        "Nov 20, 2026 09:00",
        "Nov 22, 2026 14:05",
      ],
      [
        "4870",
        "Server goneThe service's server is not at the provider.",
        "4e5f6a7b",
        "alice@example.com",
        "Nov 21, 2026 10:30",
        "Nov 22, 2026 14:05",
      ],
    ]);
    expect(
      screen.getByText(
        "Nothing is deleted automatically: check each server, then remove it at the provider or remove the service.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("Compared with the provider's servers Nov 22, 2026 14:05."),
    ).toBeTruthy();
    const link = screen.getByRole("link", { name: "Service 4e5f6a7b in Manage Services" });
    expect(link.getAttribute("href")).toBe(`/admin/services?q=${serviceId}`);
  });

  it("a service link opens Manage Services searching for that service", async () => {
    const { page } = await openPage({
      "GET /api/admin/provider/drift": drift,
      "GET /api/admin/provider/jobs": { jobs: [] },
    });
    await screen.findByRole("table", { name: "Drift" });
    await userEvent
      .setup()
      .click(screen.getByRole("link", { name: "Service 4e5f6a7b in Manage Services" }));
    await waitFor(() => expect(page.location()).toBe("/admin/services"));
  });

  it("lists the failing provider jobs with kind, service, vm id, attempts, last error and next try", async () => {
    await openPage({
      "GET /api/admin/provider/drift": { items: [], checked_at: drift.checked_at },
      "GET /api/admin/provider/jobs": jobs,
    });
    await screen.findByRole("table", { name: "Failing provider jobs" });
    expect(tableRows("Failing provider jobs")).toEqual([
      [
        "Delete serversince Nov 22, 2026 12:00",
        "4e5f6a7b",
        "4870",
        "4",
        "provider answered 503",
        "Nov 22, 2026 15:00",
      ],
      ["Create serversince Nov 21, 2026 08:15", "—", "—", "8", "—", "Gave up"],
    ]);
  });

  it("says there is no drift and no failing job", async () => {
    await openPage({
      "GET /api/admin/provider/drift": { items: [], checked_at: drift.checked_at },
      "GET /api/admin/provider/jobs": { jobs: [] },
    });
    expect(
      await screen.findByText("No drift: every server at the provider belongs to a service."),
    ).toBeTruthy();
    expect(await screen.findByText("No provider jobs are failing.")).toBeTruthy();
    expect(screen.queryByText(/Nothing is deleted automatically/)).toBeNull();
  });

  it("does not claim there is no drift before the first comparison", async () => {
    await openPage({
      "GET /api/admin/provider/drift": { items: [], checked_at: null },
      "GET /api/admin/provider/jobs": { jobs: [] },
    });
    expect(await screen.findByText("Not compared with the provider's servers yet.")).toBeTruthy();
    expect(screen.getByText("Nothing to show before the first comparison.")).toBeTruthy();
    expect(screen.queryByText(/No drift/)).toBeNull();
  });

  it("shows a list that cannot be loaded with Retry, and the other list still", async () => {
    const { net } = await openPage({
      "GET /api/admin/provider/drift": () => apiError(403, "forbidden", "Admin access required"),
      "GET /api/admin/provider/jobs": jobs,
    });
    expect(await screen.findByText("Could not load the drift report")).toBeTruthy();
    expect(screen.getByText("Admin access required")).toBeTruthy();
    await screen.findByRole("table", { name: "Failing provider jobs" });

    net.on({ "GET /api/admin/provider/drift": drift });
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(tableRows("Drift")).toHaveLength(2));
  });
});
