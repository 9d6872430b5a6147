import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";
import { addSimServer, simServer, simStatus } from "./provider-sim";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
const outDir = join(inject("repoRoot"), "test-results", "screenshots");

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(outDir, { recursive: true });
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

const VPS_PLAN = { template: "Debian12", cpuCores: 4, memoryMb: 8192, diskGb: 160, ipv4Count: 1 };

async function addService(
  email: string,
  s: {
    type: "vps" | "dedicated";
    status?: "active" | "suspended";
    reseller: number;
    ipv4?: string;
    cpu: string;
    ram: string;
    storage: string;
  },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    select id, ${s.type}, ${s.status ?? "active"}, ${s.ipv4 ?? "198.51.100.24"}, ${s.ram}, ${s.cpu}, ${s.storage}, ${s.reseller}
    from profiles where email = ${email}
    returning id`;
  if (!row) throw new Error(`no profile for ${email}`);
  return row.id;
}

/** The Live Statistics card. */
const statsPanel = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: "Live Statistics" }) });

async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

describe("services: dashboard and control page", () => {
  it("lists the user's services, controls a VPS through the provider and refuses what is not allowed", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByText("No services found. Contact an administrator to get started.").waitFor();

    // The VPS are real servers of the portal's provider simulator, so the control page's
    // figures and power actions go to the provider; the dedicated server has none there.
    const server = await addSimServer(VPS_PLAN);
    const stoppedServer = await addSimServer(
      { ...VPS_PLAN, cpuCores: 2, memoryMb: 4096, diskGb: 80 },
      "stopped",
    );
    const vps = await addService(user.email, {
      type: "vps",
      reseller: server.vmId,
      ipv4: server.ipv4[0],
      cpu: "4",
      ram: "8",
      storage: "160",
    });
    const suspended = await addService(user.email, {
      type: "vps",
      status: "suspended",
      reseller: stoppedServer.vmId,
      ipv4: stoppedServer.ipv4[0],
      cpu: "2",
      ram: "4",
      storage: "80",
    });
    const dedicated = await addService(user.email, {
      type: "dedicated",
      reseller: 100_000 + Math.floor(Math.random() * 700_000),
      cpu: "AMD Ryzen 9 7950X 16 cores",
      ram: "128 GB DDR5",
      storage: "2 x 1.92 TB NVMe",
    });
    // An id the provider does not know: it answers with its `error` key.
    const broken = await addService(user.email, {
      type: "vps",
      reseller: 900_555,
      cpu: "1",
      ram: "1",
      storage: "20",
    });

    await page.reload();
    const table = page.getByRole("table", { name: "Your services" });
    await table.getByText(vps.slice(0, 8)).waitFor();
    expect(await table.getByRole("row").count()).toBe(5);
    // The suspended row's button reads Suspended and is disabled; the others read Manage.
    const suspendedButton = table.getByRole("button", {
      name: `Suspended ${suspended.slice(0, 8)}`,
    });
    expect(await suspendedButton.textContent()).toBe("Suspended");
    expect(await suspendedButton.isDisabled()).toBe(true);
    expect(await table.getByRole("button", { name: `Manage ${vps.slice(0, 8)}` }).isEnabled()).toBe(
      true,
    );

    // Side navigation 'My Services': a green dot for active, red for the suspended one.
    const navEntry = page.getByRole("link", { name: new RegExp(`VPS-${vps.slice(0, 8)}`) });
    await navEntry.waitFor();
    expect(await navEntry.locator("[data-status]").getAttribute("data-status")).toBe("active");
    const navSuspended = page.getByRole("link", {
      name: new RegExp(`VPS-${suspended.slice(0, 8)}`),
    });
    expect(await navSuspended.locator("[data-status]").getAttribute("data-status")).toBe(
      "inactive",
    );
    await page.screenshot({ path: join(outDir, "services-dashboard.png") });

    // The VPS control page: details, controls, and the provider's figures of its server.
    await table.getByRole("button", { name: `Manage ${vps.slice(0, 8)}` }).click();
    await page.waitForURL(`**/service/${vps}`);
    await page.getByText(vps.slice(0, 16), { exact: true }).waitFor();
    await page.getByText(String(server.vmId), { exact: true }).waitFor();
    const stats = statsPanel(page);
    await stats.getByText("From your server's provider, refreshed every 2 seconds.").waitFor();
    expect(await page.getByTestId("simulated-label").count()).toBe(0);
    await stats.getByText("running", { exact: true }).waitFor();
    // RAM: used of total, the total being the plan's 8192 MB; the used figure is the provider's.
    const ram = page.getByRole("meter", { name: "RAM" });
    await ram.waitFor();
    const ramText = (await ram.getAttribute("aria-valuetext")) ?? "";
    const ramMatch = /^(\d+\.\d) GB of 8\.0 GB$/.exec(ramText);
    expect(ramMatch, ramText).not.toBeNull();
    const providerUsedGb = (await simStatus(server.vmId)).mem / 1024 ** 3;
    // The provider's figure drifts slowly (minutes); the page's reading is at most 2 s older.
    expect(Math.abs(Number(ramMatch![1]) - providerUsedGb)).toBeLessThanOrEqual(0.2);
    const cpu = Number(
      await page.getByRole("meter", { name: "CPU" }).getAttribute("aria-valuenow"),
    );
    expect(cpu).toBeGreaterThanOrEqual(0);
    expect(cpu).toBeLessThanOrEqual(100);
    // The provider reports no disk usage: said, not drawn.
    await stats.getByText("Storage").waitFor();
    await stats.getByText("Not reported by the provider").waitFor();
    expect(await page.getByRole("meter", { name: "Storage" }).count()).toBe(0);
    // Network in is a rate of the provider's byte counter: it needs a second reading (2 s later).
    const networkIn = page.getByRole("meter", { name: "Network in" });
    await networkIn.waitFor({ timeout: 10_000 });
    expect(await networkIn.getAttribute("aria-valuetext")).toMatch(/^\d+\.\d Mbit\/s$/);
    await page.screenshot({ path: join(outDir, "services-vps.png") });

    // Power actions reach the provider: its server's state follows each answer.
    expect((await simServer(server.vmId))?.power).toBe("running");
    await press(page, "Stop");
    await toast(page, "Service stopped").waitFor();
    expect((await simServer(server.vmId))?.power).toBe("stopped");
    // The next readings say so: power state stopped, no memory in use.
    await stats.getByText("stopped", { exact: true }).waitFor({ timeout: 10_000 });
    await page
      .locator('[role="meter"][aria-valuetext="0.0 GB of 8.0 GB"]')
      .waitFor({ timeout: 10_000 });
    // Restart is the provider's reboot, which it refuses for a server that is not running: the
    // portal then starts it, as the customer meant.
    await press(page, "Restart");
    await toast(page, "Service restarting").waitFor();
    expect((await simServer(server.vmId))?.power).toBe("running");
    await press(page, "Stop");
    // The first Stop's toast may still be up: the provider's state says when this one is done.
    await expect.poll(async () => (await simServer(server.vmId))?.power).toBe("stopped");
    await press(page, "Start");
    await toast(page, "Service started").waitFor();
    const started = await simServer(server.vmId);
    expect(started?.power).toBe("running");
    await stats.getByText("running", { exact: true }).waitFor({ timeout: 10_000 });
    await press(page, "Restart");
    // The earlier Restart's toast may still be up: the provider's new start time says it rebooted.
    await expect
      .poll(async () => (await simServer(server.vmId))?.startedAt ?? 0)
      .toBeGreaterThan(started!.startedAt!);
    expect((await simServer(server.vmId))?.power).toBe("running");

    // Change Password: an empty prompt cancels; a short one is refused; a valid one goes through.
    await press(page, "Change Password");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Cancelled").waitFor();
    await page.getByText("Password change cancelled.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await press(page, "Change Password");
    await dialog.getByLabel("New password").fill("12345");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Validation Error").waitFor();
    await page
      .locator("[data-variant]")
      .getByText("Password must be at least 6 characters")
      .waitFor();
    await dialog.getByLabel("New password").fill("n3w-Root-pass");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Server password changed").waitFor();
    await dialog.waitFor({ state: "detached" });
    expect((await simServer(server.vmId))?.passwordResets).toBe(1);

    // A server the provider does not know: the provider's error becomes the spec's failure toast.
    await page.goto(`/service/${broken}`);
    await page.getByText("900555", { exact: true }).waitFor();
    await statsPanel(page).getByText("Live statistics are not available right now").waitFor();
    await press(page, "Start");
    await toast(page, "Failed to start service").waitFor();

    // Dedicated with an AMD CPU: the processor panel reads AMD, and there are no control buttons.
    await page.goto(`/service/${dedicated}`);
    await page
      .getByTestId("processor-vendor")
      .getByRole("paragraph")
      .getByText("AMD", { exact: true })
      .waitFor();
    await page.getByText("Control actions are only available for VPS services").waitFor();
    expect(await page.getByRole("button", { name: "Start", exact: true }).count()).toBe(0);
    await page.screenshot({ path: join(outDir, "services-dedicated.png") });

    // A suspended service's URL goes back to the dashboard with the toast.
    await page.goto(`/service/${suspended}`);
    await page.waitForURL("**/dashboard");
    await toast(page, "Access Denied").waitFor();
    await page.getByText("This service is suspended").first().waitFor();

    // Someone else's (or no) service: the same 404 message and a redirect.
    await page.goto(`/service/${crypto.randomUUID()}`);
    await page.waitForURL("**/dashboard");
    await toast(page, "Service not found or access denied").waitFor();
    await context.close();
  });
});
