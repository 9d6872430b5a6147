import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  balance,
  launchBrowser,
  newPage,
  orderNow,
  register,
  signIn,
  toast,
  uniqueUser,
} from "./browser";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
const outDir = join(inject("repoRoot"), "test-results", "screenshots");
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(outDir, { recursive: true });
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

/** 'MMM dd, yyyy HH:mm' as the orders page shows it (same machine, same time zone). */
function shown(date: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute}`;
}

async function ordersOf(email: string) {
  return await sql<{ id: string; expire_date: Date; status: string }[]>`
    select o.id, o.expire_date, o.status from orders o join profiles p on p.id = o.user_id
    where p.email = ${email} order by o.created_at`;
}

describe("shop: buy, renew, suspended", () => {
  it("buys a VPS, refuses when short, renews +30 days, disables Renew when suspended, renews a lapsed order from now", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await balance(page, "0.00 EUR");
    await sql`update profiles set credits = 15.00, ledger_total = 15.00 where email = ${user.email}`;
    await balance(page, "15.00 EUR");

    await page.goto("/products/vps");
    await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
    const cards = page.getByRole("article");
    await cards.first().waitFor();
    const names = await cards.getByRole("heading").allTextContents();
    // Cheapest first; other journeys may have added products, so look at the seeded ones.
    const demo = ["VPS Start", "VPS Plus", "VPS Pro"];
    expect(names.filter((n) => demo.includes(n))).toEqual(demo);
    expect(await page.getByText("1 IPv4 Address").count()).toBe(names.length);
    await page.waitForTimeout(5500); // let the sign-in toast fade before the picture
    await page.screenshot({ path: join(outDir, "shop-vps-products.png"), fullPage: true });

    // Enough credits: the order goes through and the top bar follows without a reload.
    await orderNow(page, "VPS Plus");
    await toast(page, "Order Successful").waitFor();
    await page.getByText("Your VPS Plus is now active for 30 days!").waitFor();
    await balance(page, "5.01 EUR");
    expect(await ordersOf(user.email)).toHaveLength(1);

    // Short: the server refuses, nothing is charged.
    await orderNow(page, "VPS Plus");
    await toast(page, "Insufficient Credits").waitFor();
    await page.getByText("You don't have enough credits for this order.").waitFor();
    const [order] = await ordersOf(user.email);
    expect(await ordersOf(user.email)).toHaveLength(1);
    await balance(page, "5.01 EUR");

    await page.goto("/orders");
    const row = page.getByRole("row").filter({ hasText: "VPS Plus" });
    await row.getByText("active").waitFor();
    await row.getByText(shown(order!.expire_date)).waitFor();

    // Renewal: +30 days from the old expiry, shown in the list; balance 20.00 − 9.99.
    await sql`update profiles set credits = 20.00, ledger_total = 20.00 where email = ${user.email}`;
    await balance(page, "20.00 EUR");
    const renewed = new Date(order!.expire_date.getTime() + 30 * DAY);
    await row.getByRole("button", { name: /^Renew/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Renew order" });
    await dialog.getByText(shown(renewed)).waitFor();
    await page.waitForTimeout(5500);
    await page.screenshot({ path: join(outDir, "shop-renew-dialog.png") });
    await dialog.getByRole("button", { name: "Renew", exact: true }).click();
    await toast(page, "Renewal Successful").waitFor();
    await row.getByText(shown(renewed)).waitFor();
    await balance(page, "10.01 EUR");
    const [after] = await ordersOf(user.email);
    expect(after!.expire_date.getTime()).toBe(renewed.getTime());
    await page.screenshot({ path: join(outDir, "shop-orders.png") });

    // A suspended order offers no renewal.
    await sql`update orders set status = 'suspended' where id = ${order!.id}`;
    await page.reload();
    await row.getByText("suspended").waitFor();
    expect(await row.getByRole("button", { name: /^Renew/ }).isDisabled()).toBe(true);

    // A lapsed order: the dialog states the rule, and the 30 days count from now.
    await sql`
      update orders set status = 'expired', expire_date = now() - interval '40 days' where id = ${order!.id}`;
    await sql`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
      select user_id, 'vps', 'suspended', '192.0.2.10', '4', '2', '80', 4711, id from orders where id = ${order!.id}`;
    await page.reload();
    await row.getByText("expired").waitFor();
    await row.getByRole("button", { name: /^Renew/ }).click();
    const lapsed = page.getByRole("alertdialog", { name: "Renew order" });
    await lapsed.getByText(/counted from today, not from the old expiry date/).waitFor();
    await page.waitForTimeout(500); // the dialog's fade-in
    await page.screenshot({ path: join(outDir, "shop-renew-lapsed-dialog.png") });
    const clicked = Date.now();
    await lapsed.getByRole("button", { name: "Renew", exact: true }).click();
    await toast(page, "Renewal Successful").first().waitFor();
    await row.getByText("active").waitFor();
    await balance(page, "0.02 EUR");
    const [lapsedAfter] = await ordersOf(user.email);
    expect(Math.abs(lapsedAfter!.expire_date.getTime() - (clicked + 30 * DAY))).toBeLessThan(
      60_000,
    );
    const [service] = await sql<{ service_status: string }[]>`
      select service_status from services where order_id = ${order!.id}`;
    expect(service!.service_status).toBe("active");
    await page.screenshot({ path: join(outDir, "shop-orders-renewed.png") });

    await page.goto("/products/dedicated");
    await page.getByRole("article").filter({ hasText: "Dedicated AMD" }).waitFor();
    await context.close();
  });
});
