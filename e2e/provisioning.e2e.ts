import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN,
  balance,
  baseUrl,
  launchBrowser,
  newPage,
  orderNow,
  register,
  signIn,
  toast,
  uniqueUser,
} from "./browser";
import { setSimJobSeconds, simServer, simSnapshot, waitForPower } from "./provider-sim";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
const outDir = join(inject("repoRoot"), "test-results", "screenshots");

/** The suite's job time (global-setup), restored after this test lengthened one create. */
const SUITE_JOB_SECONDS = 1;
/**
 * The create job of the VPS bought here: long enough that the dashboard, reached after the
 * purchase, shows the service still provisioning on any machine, short enough to watch it end.
 */
const CREATE_JOB_SECONDS = 4;
/** The seeded "VPS Plus" and its plan at the provider (api/src/platform/seed.ts). */
const PRODUCT = { name: "VPS Plus", price: 9.99, cpuCores: 2, memoryMb: 4096, diskGb: 80 };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(outDir, { recursive: true });
});
afterAll(async () => {
  await setSimJobSeconds(SUITE_JOB_SECONDS).catch(() => undefined);
  await sql.end();
  await browser?.close();
});

async function api<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function apiSignIn(email: string, password: string): Promise<string> {
  const res = await api<{ access_token: string }>("POST", "/api/auth/sign-in", null, {
    email,
    password,
    remember: false,
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status}`);
  return res.body.access_token;
}

/**
 * Credits the way money enters: a PayPal top-up through the sandbox (the simulator's order,
 * approval and capture), so the balance has its ledger row. billing.e2e.ts walks the same
 * checkout in the page; here it is only the setting.
 */
async function topUp(user: { email: string; password: string }, amount: string) {
  const token = await apiSignIn(user.email, user.password);
  const order = await api<{ id: string }>("POST", "/api/billing/orders", token, { amount });
  expect(order.status).toBe(201);
  const approved = await api("POST", `/api/billing/orders/${order.body.id}/sandbox-approve`, token);
  expect(approved.status).toBeLessThan(300);
  const captured = await api("POST", `/api/billing/orders/${order.body.id}/capture`, token);
  expect(captured.status).toBe(200);
}

/** A marker in the page's window that any reload would wipe. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

describe("provisioning: a purchased VPS is made at the provider", () => {
  it("buys a VPS and watches it become active live, shows the provider's figures and the root password once; an expiry stops the server, a renewal starts it", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await topUp(user, "25.00");
    await balance(page, "25.00 EUR");

    // The same customer on a phone, the dashboard open while they buy on the desktop.
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(15_000);
    await signIn(phonePage, user.email, user.password);
    await phonePage
      .getByText("No services found. Contact an administrator to get started.")
      .waitFor();

    // Buy: products page, Order Now, confirm.
    await setSimJobSeconds(CREATE_JOB_SECONDS);
    await page.goto("/products/vps");
    await orderNow(page, PRODUCT.name);
    await toast(page, "Order Successful").waitFor();
    const bought = Date.now();
    await balance(page, `${(25 - PRODUCT.price).toFixed(2)} EUR`);
    const [mine] = await sql<{ id: string; order_id: string }[]>`
      select s.id, s.order_id from services s join profiles p on p.id = s.user_id
      where p.email = ${user.email}`;
    expect(mine).toBeDefined();
    const short = mine!.id.slice(0, 8);

    // The dashboard, reached in the app (no page load): the service is there at once, provisioning.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await markPage(page);
    const table = page.getByRole("table", { name: "Your services" });
    const row = table.getByRole("row").filter({ hasText: short });
    await row.getByText("Provisioning", { exact: true }).waitFor();
    await row.getByText("Assigning…", { exact: true }).waitFor();

    const phoneRow = phonePage.getByRole("row").filter({ hasText: short });
    await phoneRow.getByText("Provisioning", { exact: true }).waitFor();
    // The sign-in toast would cover the bottom of the picture: closed, as a customer would.
    const signedIn = toast(phonePage, "Logged in successfully!");
    if (await signedIn.isVisible()) {
      await phonePage.getByRole("button", { name: "Close" }).click();
      await signedIn.waitFor({ state: "hidden" });
    }
    await phonePage.screenshot({ path: join(outDir, "provisioning-dashboard-phone.png") });

    // The provider's job ends: Active with its address, by the event stream alone.
    await row.getByText("Active", { exact: true }).waitFor({ timeout: 20_000 });
    const provisionedMs = Date.now() - bought;
    await setSimJobSeconds(SUITE_JOB_SECONDS);
    const [service] = await sql<{ reseller_id: number; ipv4: string; service_status: string }[]>`
      select reseller_id, ipv4, service_status from services where id = ${mine!.id}`;
    expect(service!.service_status).toBe("active");
    const vmId = service!.reseller_id;
    const server = await simServer(vmId);
    expect(server?.power).toBe("running");
    expect(server?.plan).toMatchObject({
      cpuCores: PRODUCT.cpuCores,
      memoryMb: PRODUCT.memoryMb,
      diskGb: PRODUCT.diskGb,
    });
    expect(service!.ipv4).toBe(server!.ipv4[0]);
    await row.getByText(server!.ipv4[0]!, { exact: true }).waitFor();
    expect(await stillMarked(page)).toBe(true);
    await phoneRow.getByText("Active", { exact: true }).waitFor();
    // The server was made by a create job of the provider (not added by a test or the seed).
    const createJob = (await simSnapshot()).jobs.find(
      (j) => j.kind === "create" && j.vmId === vmId,
    );
    expect(createJob?.outcome).toBe("finished");
    expect(createJob?.seconds).toBe(CREATE_JOB_SECONDS);
    // A purchase to active is the job's time plus a few polls; far from the 60 minutes' deadline.
    expect(provisionedMs).toBeLessThan(CREATE_JOB_SECONDS * 1000 + 8_000);
    await phone.close();

    // The service page: the provider's figures of the new server.
    await row.getByRole("button", { name: `Manage ${short}` }).click();
    await page.waitForURL(`**/service/${mine!.id}`);
    const stats = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Live Statistics" }) });
    await stats.getByText("running", { exact: true }).waitFor();
    const ram = page.getByRole("meter", { name: "RAM" });
    await ram.waitFor();
    expect(await ram.getAttribute("aria-valuetext")).toMatch(
      new RegExp(`^\\d+\\.\\d GB of ${(PRODUCT.memoryMb / 1024).toFixed(1)} GB$`),
    );
    await stats.getByText("Not reported by the provider").waitFor();

    // The root password the provider's job reported: shown once, on request.
    const reveal = page.getByRole("button", { name: "Show root password" });
    await reveal.click();
    const password = page.getByLabel("Root password", { exact: true });
    await password.waitFor();
    expect(await password.inputValue()).toBe(createJob?.output?.password);
    await page.reload();
    await stats.getByText("running", { exact: true }).waitFor();
    expect(await page.getByRole("heading", { name: "Root password" }).count()).toBe(0);
    expect(await reveal.count()).toBe(0);

    // Staff expire the order: the service is suspended and its server shut down at the provider.
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const expired = await api("PUT", `/api/admin/orders/${mine!.order_id}/status`, admin, {
      status: "expired",
    });
    expect(expired.status).toBe(204);
    const stoppedMs = await waitForPower(vmId, "stopped");

    // Renewal on the Orders page: active again, and the server started.
    await page.goto("/orders");
    const orderRow = page.getByRole("row").filter({ hasText: PRODUCT.name });
    await orderRow.getByText("expired", { exact: true }).waitFor();
    await orderRow.getByRole("button", { name: /^Renew/ }).click();
    const renew = page.getByRole("alertdialog", { name: "Renew order" });
    // Staff expired it before its date: the 30 days are added to that date (the API's rule).
    await renew.getByText(PRODUCT.name, { exact: true }).waitFor();
    await renew.getByRole("button", { name: "Renew", exact: true }).click();
    await toast(page, "Renewal Successful").waitFor();
    await orderRow.getByText("active", { exact: true }).waitFor();
    await balance(page, `${(25 - 2 * PRODUCT.price).toFixed(2)} EUR`);
    const startedMs = await waitForPower(vmId, "running");
    const [after] = await sql<{ service_status: string }[]>`
      select service_status from services where id = ${mine!.id}`;
    expect(after!.service_status).toBe("active");
    console.log(
      `provisioning e2e: purchase to active ${provisionedMs} ms (job ${CREATE_JOB_SECONDS} s), expiry to stopped ${stoppedMs} ms, renewal to running ${startedMs} ms`,
    );
    await context.close();
  });
});
