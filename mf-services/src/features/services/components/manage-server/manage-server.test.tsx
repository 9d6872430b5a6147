import type { BackupList, ReinstallState, ReverseDnsList } from "@contracts/server-actions.ts";
import type { Service, ServiceStats } from "@contracts/services.ts";
import {
  apiError,
  findToast,
  type MockApi,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import ServicePage from "../../../../pages/service-page";
import { activeVps } from "../../../../testing/service-fixtures";

const vps: Service = { ...activeVps, order_id: null };
const SHORT = "4e5f6a7b";
const stats: ServiceStats = {
  state: "running",
  cpu_percent: 12,
  memory_used_bytes: 1,
  memory_total_bytes: 2,
  net_in_bytes: 0,
  net_out_bytes: 0,
  uptime_seconds: 1,
  disk_used_bytes: null,
  disk_total_bytes: null,
  fetched_at: "2026-11-22T14:05:00Z",
};
const noReinstall: ReinstallState = { reinstall: null };
const rdns: ReverseDnsList = {
  entries: [
    { ip: "203.0.113.10", hostname: "mail.example.com" },
    { ip: "203.0.113.11", hostname: null },
  ],
  reported: true,
};
const backups: BackupList = {
  backups: [
    { id: "1764100000", created_at: "2025-11-25T19:46:40.000Z" },
    { id: "1764000000", created_at: "2025-11-24T15:00:00.000Z" },
  ],
  running: false,
  status: "idle",
};
const accepted = (message: string) => ({ message });

async function open(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi({
    "GET /api/services/:id": vps,
    "GET /api/services/:id/stats": stats,
    "GET /api/services/:id/history": () => apiError(502, "provider_failed", "no history"),
    "GET /api/services/:id/reinstall": noReinstall,
    "GET /api/services/:id/reverse-dns": rdns,
    "GET /api/services/:id/backups": backups,
    "GET /api/services/:id/templates": { templates: ["Debian12", "Ubuntu24.04"] },
    ...routes,
  });
  await net.signIn();
  renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${vps.id}` });
  await screen.findByRole("heading", { name: "Manage server" });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  resetPortalState();
});

describe("Manage server", () => {
  it("reinstalls the chosen system only once the short id is typed", async () => {
    const user = userEvent.setup();
    const net = await open({
      "POST /api/services/:id/reinstall": accepted("Reinstall started"),
    });
    await user.click(screen.getByRole("button", { name: "Reinstall…" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Reinstall server" }));
    const select = await dialog.findByLabelText("System");
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    await user.selectOptions(select, "Ubuntu24.04");
    const confirm = dialog.getByRole("button", { name: "Erase and reinstall" });
    expect(confirm.hasAttribute("disabled") || confirm.getAttribute("aria-disabled")).toBeTruthy();
    await user.type(dialog.getByLabelText("Service short id"), "4e5f6a7c");
    await user.click(confirm);
    expect(net.callsTo("POST /api/services/:id/reinstall")).toHaveLength(0);

    await user.clear(dialog.getByLabelText("Service short id"));
    await user.type(dialog.getByLabelText("Service short id"), SHORT);
    await user.click(dialog.getByRole("button", { name: "Erase and reinstall" }));
    expect(await findToast("Reinstall started")).toBeTruthy();
    expect(net.callsTo("POST /api/services/:id/reinstall")[0]?.body).toEqual({
      template: "Ubuntu24.04",
      confirm: SHORT,
    });
  });

  it("shows a running reinstall's progress and keeps the control buttons disabled", async () => {
    await open({
      "GET /api/services/:id/reinstall": {
        reinstall: {
          id: "11111111-2222-4333-8444-555555555555",
          state: "pending",
          progress: 0.42,
          provider_status: "executing",
          template: "Debian12",
          started_at: "2026-11-22T14:05:00Z",
          finished_at: null,
        },
      } satisfies ReinstallState,
    });
    const bar = await screen.findByRole("progressbar", { name: /Reinstalling Debian12/ });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    for (const name of [
      "Start",
      "Stop",
      "Restart",
      "Force stop",
      "Force restart",
      "Open console",
    ]) {
      await waitFor(() =>
        expect(screen.getByRole("button", { name }).hasAttribute("disabled")).toBe(true),
      );
    }
    expect(screen.getByRole("button", { name: "Reinstall…" }).hasAttribute("disabled")).toBe(true);
  });

  it("asks for the console address only on the click and opens it in a new tab", async () => {
    const user = userEvent.setup();
    const url = "https://novnc.example/?vmid=104233&token=s3cr3t-console-token";
    const tab = { opener: {}, location: { href: "" }, close: vi.fn() };
    const openSpy = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const net = await open({ "POST /api/services/:id/console": { url } });
    expect(net.callsTo("POST /api/services/:id/console")).toHaveLength(0);
    expect(document.body.innerHTML.includes("s3cr3t-console-token")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Open console" }));
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(tab.opener).toBeNull();
    expect(openSpy).toHaveBeenCalledWith("", "_blank");
    expect(net.callsTo("POST /api/services/:id/console")).toHaveLength(1);
    expect(document.body.innerHTML.includes("s3cr3t-console-token")).toBe(false);
  });

  it("closes the blank tab and says so when the console cannot be opened", async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    await open({
      "POST /api/services/:id/console": () =>
        apiError(502, "provider_failed", "Failed to open the console"),
    });
    await user.click(screen.getByRole("button", { name: "Open console" }));
    expect(await findToast("Failed to open the console")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it("shows each address's reverse DNS and saves a valid name, refusing an invalid one", async () => {
    const user = userEvent.setup();
    const net = await open({
      "PUT /api/services/:id/reverse-dns": accepted("Reverse DNS saved"),
    });
    const first = (await screen.findByLabelText("PTR name of 203.0.113.10")) as HTMLInputElement;
    expect(first.value).toBe("mail.example.com");
    expect(screen.getByText("Now: the provider's default")).toBeTruthy();

    const second = screen.getByLabelText("PTR name of 203.0.113.11");
    await user.type(second, "not a host");
    const form = second.closest("form") as HTMLElement;
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await findToast("Validation Error")).toBeTruthy();
    expect(net.callsTo("PUT /api/services/:id/reverse-dns")).toHaveLength(0);

    await user.clear(second);
    await user.type(second, "vps2.example.com");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await findToast("Reverse DNS saved")).toBeTruthy();
    expect(net.callsTo("PUT /api/services/:id/reverse-dns")[0]?.body).toEqual({
      ip: "203.0.113.11",
      hostname: "vps2.example.com",
    });
  });

  it("lists backups newest first, takes one now and restores one only after the short id", async () => {
    const user = userEvent.setup();
    const net = await open({
      "POST /api/services/:id/backups": accepted("Backup started"),
      "POST /api/services/:id/backups/restore": accepted("Restore started"),
    });
    const list = await screen.findByRole("list", { name: "Backups, newest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("2025");
    await user.click(screen.getByRole("button", { name: "Back up now" }));
    expect(await findToast("Backup started")).toBeTruthy();
    expect(net.callsTo("POST /api/services/:id/backups")).toHaveLength(1);

    await user.click(within(items[1] as HTMLElement).getByRole("button", { name: "Restore…" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Restore backup" }));
    await user.type(dialog.getByLabelText("Service short id"), SHORT);
    await user.click(dialog.getByRole("button", { name: "Replace the disk" }));
    expect(await findToast("Restore started")).toBeTruthy();
    expect(net.callsTo("POST /api/services/:id/backups/restore")[0]?.body).toEqual({
      backup: "1764000000",
      confirm: SHORT,
    });
  });

  it("shows the provider's backup status while one runs and waits with the buttons", async () => {
    await open({
      "GET /api/services/:id/backups": { ...backups, running: true, status: "running" },
    });
    expect(
      await screen.findByText(/A backup operation is running at the provider \(running\)/),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back up now" }).hasAttribute("disabled")).toBe(true);
    for (const b of screen.getAllByRole("button", { name: "Restore…" })) {
      expect(b.hasAttribute("disabled")).toBe(true);
    }
  });

  it("Force stop says what it does and acts only when confirmed", async () => {
    const user = userEvent.setup();
    const net = await open({
      "POST /api/services/:id/actions/:action": (req) => ({
        action: req.params.action ?? "",
        message: "Service forced off",
      }),
    });
    await user.click(screen.getByRole("button", { name: "Force stop" }));
    let dialog = within(await screen.findByRole("alertdialog", { name: "Force stop" }));
    expect(dialog.getByText(/Cuts the power at once/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(net.callsTo("POST /api/services/:id/actions/:action")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Force stop" }));
    dialog = within(await screen.findByRole("alertdialog", { name: "Force stop" }));
    await user.click(dialog.getByRole("button", { name: "Force stop" }));
    expect(await findToast("Service forced off")).toBeTruthy();
    expect(net.callsTo("POST /api/services/:id/actions/:action")[0]?.path).toBe(
      `/api/services/${vps.id}/actions/force-stop`,
    );
  });
});
