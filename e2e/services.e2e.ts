import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";

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

/** The power state the portal's provider simulator holds for a server, read over its own API. */
async function power(resellerId: number): Promise<string | undefined> {
  const res = await fetch(`${inject("providerUrl")}/datacenter/server/${resellerId}`, {
    headers: { authorization: `Bearer ${inject("providerToken")}` },
  });
  const body = (await res.json()) as { power?: string };
  return body.power;
}

async function addService(
  email: string,
  s: {
    type: "vps" | "dedicated";
    status?: "active" | "suspended";
    reseller: number;
    cpu: string;
    ram: string;
    storage: string;
  },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    select id, ${s.type}, ${s.status ?? "active"}, '198.51.100.24', ${s.ram}, ${s.cpu}, ${s.storage}, ${s.reseller}
    from profiles where email = ${email}
    returning id`;
  if (!row) throw new Error(`no profile for ${email}`);
  return row.id;
}

async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

describe("services: dashboard and control page (issue 6)", () => {
  it("lists the user's services, controls a VPS through the provider and refuses what is not allowed", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByText("No services found. Contact an administrator to get started.").waitFor();

    const reseller = 100_000 + Math.floor(Math.random() * 700_000);
    const vps = await addService(user.email, {
      type: "vps",
      reseller,
      cpu: "4",
      ram: "8",
      storage: "160",
    });
    const suspended = await addService(user.email, {
      type: "vps",
      status: "suspended",
      reseller: reseller + 1,
      cpu: "2",
      ram: "4",
      storage: "80",
    });
    const dedicated = await addService(user.email, {
      type: "dedicated",
      reseller: reseller + 2,
      cpu: "AMD Ryzen 9 7950X 16 cores",
      ram: "128 GB DDR5",
      storage: "2 x 1.92 TB NVMe",
    });
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

    // The VPS control page: details, controls, simulated statistics.
    await table.getByRole("button", { name: `Manage ${vps.slice(0, 8)}` }).click();
    await page.waitForURL(`**/service/${vps}`);
    await page.getByText(vps.slice(0, 16), { exact: true }).waitFor();
    await page.getByText(String(reseller), { exact: true }).waitFor();
    await page.getByTestId("simulated-label").waitFor();
    const cpuMeter = page.getByRole("meter", { name: "CPU" });
    const firstCpu = await cpuMeter.getAttribute("aria-valuenow");
    expect(Number(firstCpu)).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: join(outDir, "services-vps.png") });

    expect(await power(reseller)).toBe("running");
    await press(page, "Stop");
    await toast(page, "Service stopped").waitFor();
    expect(await power(reseller)).toBe("stopped");
    await press(page, "Start");
    await toast(page, "Service started").waitFor();
    expect(await power(reseller)).toBe("running");
    await press(page, "Stop");
    await toast(page, "Service stopped").nth(1).waitFor();
    expect(await power(reseller)).toBe("stopped");
    await press(page, "Restart");
    await toast(page, "Service restarting").waitFor();
    expect(await power(reseller)).toBe("running");

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

    // Statistics keep moving every 2 s, within the spec's clamps.
    await page.waitForTimeout(4_500);
    for (const [name, min, max] of [
      ["CPU", 10, 90],
      ["RAM", 20, 95],
      ["Storage", 10, 99],
    ] as const) {
      const v = Number(await page.getByRole("meter", { name }).getAttribute("aria-valuenow"));
      expect(v).toBeGreaterThanOrEqual(min);
      expect(v).toBeLessThanOrEqual(max);
    }

    // A server the provider does not know: the provider's error becomes the spec's failure toast.
    await page.goto(`/service/${broken}`);
    await page.getByText("900555", { exact: true }).waitFor();
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
