import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN,
  baseUrl,
  launchBrowser,
  newPage,
  register,
  signIn,
  toast,
  uniqueUser,
} from "./browser";

const outDir = join(inject("repoRoot"), "test-results", "screenshots");
let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

/** The customer's side of the journey that other remotes own (shop), driven through the real API. */
async function buyAsCustomer(email: string, password: string, productId: string) {
  const signInRes = await fetch(`${baseUrl()}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { access_token } = (await signInRes.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}/api/shop/orders`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${access_token}`,
      "Idempotency-Key": `e2e-${crypto.randomUUID()}`,
    },
    body: JSON.stringify({ product_id: productId }),
  });
  expect(res.status).toBe(201);
}

async function myServicesDot(page: Page) {
  await page.reload();
  const entry = page.locator("nav a[href^='/service/'] [data-status]").first();
  await entry.waitFor();
  return entry.getAttribute("data-status");
}

describe("admin journey", () => {
  it("creates a product, credits a customer, creates and links a service, suspends the order", async () => {
    const customer = uniqueUser();
    const productName = `E2E VPS ${customer.username}`;
    const ipv4 = `198.51.100.${(Date.now() % 200) + 20}`;

    const { context: customerCtx, page: customerPage } = await newPage(browser);
    await register(customerPage, customer);
    await signIn(customerPage, customer.email, customer.password);

    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.email, ADMIN.password);

    // Products: validation message from the shared contract, then a real product.
    await page.getByRole("link", { name: "Manage Products" }).click();
    await page.getByRole("heading", { name: "Manage Products", level: 1 }).waitFor();
    await page.getByLabel("Name").fill(productName);
    await page.getByLabel("Price (EUR / month)").fill("4.999");
    for (const [label, value] of [
      ["CPU", "2 vCores"],
      ["RAM", "4 GB"],
      ["Storage", "80 GB NVMe"],
      ["Uplink", "1 Gbit/s"],
      ["DDoS protection", "Included"],
    ]) {
      await page.getByLabel(label, { exact: true }).fill(value as string);
    }
    // A VPS is made at the provider from its plan: a template from the provider's list, its sizes.
    await page.locator("option", { hasText: "Debian12" }).first().waitFor({ state: "attached" });
    await page.getByLabel("Template").selectOption("Debian12");
    for (const [label, value] of [
      ["Cores", "2"],
      ["Memory (MB)", "4096"],
      ["Disk (GB)", "80"],
    ]) {
      await page.getByLabel(label, { exact: true }).fill(value as string);
    }
    await page.getByRole("button", { name: "Create product" }).click();
    await toast(page, "Validation Error").waitFor();
    await page.locator("form").getByText("Price must be a number with up to 2 decimals").waitFor();
    await page.getByLabel("Price (EUR / month)").fill("4.99");
    await page.getByRole("button", { name: "Create product" }).click();
    await toast(page, "Product created").waitFor();
    await page
      .getByRole("row", { name: new RegExp(productName) })
      .getByText("4.99 EUR")
      .waitFor();

    // Users: the customer's credits, with the SPEC §5 messages on bad amounts.
    await page.getByRole("link", { name: "Manage Users" }).click();
    await page.getByRole("button", { name: `Credits for ${customer.username}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount (EUR)").fill("abc");
    await dialog.getByRole("button", { name: "Add credits" }).click();
    await toast(page, "Validation Error").first().waitFor();
    await dialog.getByText("Please enter a valid amount").waitFor();
    await dialog.getByLabel("Amount (EUR)").fill("0");
    await dialog.getByRole("button", { name: "Add credits" }).click();
    await dialog.getByText("Please enter a positive number").waitFor();
    await dialog.getByLabel("Amount (EUR)").fill("50");
    await dialog.getByRole("button", { name: "Add credits" }).click();
    await toast(page, "Credits updated").waitFor();
    await page.getByTestId(`credits-${customer.username}`).getByText("50.00 EUR").waitFor();
    await customerPage.getByTestId("balance").getByText("50.00 EUR").waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(outDir, "admin-users.png") });

    // The customer buys the product (the shop's part, through its API).
    const [product] = await sql<
      { id: string }[]
    >`select id from products where name = ${productName}`;
    expect(product).toBeTruthy();
    await buyAsCustomer(customer.email, customer.password, product!.id);
    await customerPage.getByTestId("balance").getByText("45.01 EUR").waitFor({ timeout: 10_000 });
    // The purchase made its VPS at the provider simulator: the customer's dashboard shows it active.
    await customerPage.goto("/dashboard");
    await customerPage
      .getByRole("main")
      .getByText("Active", { exact: true })
      .waitFor({ timeout: 15_000 });

    // Services: validation, creation for the customer, linking to their order.
    await page.getByRole("link", { name: "Manage Services" }).click();
    await page.getByRole("button", { name: "Create service" }).click();
    const create = page.getByRole("dialog");
    await create
      .getByLabel("User")
      .selectOption({ label: `${customer.username} (${customer.email})` });
    await create.getByLabel("IPv4").fill("300.1.1.1");
    await create.getByLabel("RAM").fill("4");
    await create.getByLabel("CPU").fill("2");
    await create.getByLabel("Storage").fill("80");
    await create.getByLabel("Reseller ID").fill("12a");
    await create.getByRole("button", { name: "Create service" }).click();
    await create.getByText("Valid IPv4 address is required").waitFor();
    await create.getByLabel("IPv4").fill(ipv4);
    await create.getByRole("button", { name: "Create service" }).click();
    await create.getByText("Reseller ID must be an integer").waitFor();
    // A server id of the provider's that no other service has (one server, one service).
    await create.getByLabel("Reseller ID").fill("904711");
    await create.getByRole("button", { name: "Create service" }).click();
    await toast(page, "Service created").waitFor();
    const row = page.getByRole("row", {
      name: new RegExp(`${ipv4.replaceAll(".", "\\.")}(?!\\d)`),
    });
    await row.getByText("Not linked").waitFor();
    await row.getByText("2 cores · 4 GB RAM · 80 GB").waitFor();
    await row.getByRole("button", { name: `Link service ${ipv4}` }).click();
    const link = page.getByRole("dialog");
    await link.getByLabel("Order").selectOption({ index: 1 });
    await link.getByRole("button", { name: "Link", exact: true }).click();
    await toast(page, "Service linked").waitFor();
    await row.getByRole("button", { name: `Unlink service ${ipv4}` }).waitFor();
    await page.screenshot({ path: join(outDir, "admin-services.png") });

    // The customer sees it on the dashboard and in My Services with a green dot.
    await customerPage.goto("/dashboard");
    expect(await myServicesDot(customerPage)).toBe("active");
    await customerPage.getByRole("main").getByText(ipv4).waitFor();

    // Orders: suspending the order suspends its services (the provisioned one and the linked one).
    await page.getByRole("link", { name: "Manage Orders" }).click();
    const orderRow = page.getByRole("row").filter({ hasText: customer.email });
    await orderRow.getByText(productName).waitFor();
    await orderRow.getByRole("button", { name: /^Suspend order/ }).click();
    await toast(page, "Order suspended").waitFor();
    await expect.poll(() => orderRow.getByText("(suspended)").count()).toBe(2);
    await page.screenshot({ path: join(outDir, "admin-orders.png") });

    expect(await myServicesDot(customerPage)).toBe("inactive");
    await customerPage
      .getByRole("main")
      .getByRole("button", { name: "Suspended" })
      .first()
      .waitFor();

    // Every step above left an audit row.
    await page.goto("/admin/audit");
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
    for (const action of [
      "admin.product.create",
      "admin.credits.add",
      "admin.service.create",
      "admin.service.link",
      "admin.order.status",
    ]) {
      await page
        .getByRole("table", { name: "Audit log" })
        .getByText(action, { exact: true })
        .first()
        .waitFor();
    }
    await page.screenshot({ path: join(outDir, "admin-audit.png") });

    await customerCtx.close();
    await context.close();
  });
});
