import type { Browser } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";

/*
 * PayPal money flowing back, in Chromium: the customer sees what a dispute holds on /transactions
 * and /settings; staff find a payment needing attention on /admin/payments and close it there.
 * PayPal's side (a dispute, a failed refund) is written to the database as the API's webhook
 * handling would leave it: the e2e API runs its PayPal simulator in-process.
 */

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

const HELD =
  "25.00 EUR of your balance is on hold while PayPal reviews a dispute about a payment. You can spend 0.00 EUR until PayPal decides";

describe("PayPal payments flowing back", () => {
  it("shows the amount a dispute holds on /transactions and /settings; staff close a failed refund on /admin/payments", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    // A real top-up through the sandbox checkout.
    await page.goto("/charge-credits");
    await page.getByRole("heading", { name: "Charge Credits", level: 1 }).waitFor();
    await page.getByRole("button", { name: "25 EUR" }).click();
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("button", { name: "Approve payment" }).click();
    await toast(page, "Payment successful").waitFor();
    await page.getByTestId("balance").getByText("25.00 EUR").waitFor();

    // Nothing held: no panel.
    await page.goto("/transactions");
    await page.getByRole("heading", { name: "Transactions", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Transactions" }).waitFor();
    expect(await page.getByRole("region", { name: "Credits on hold" }).count()).toBe(0);

    // PayPal opens a dispute about the whole top-up (CUSTOMER.DISPUTE.CREATED).
    const [order] = await sql<{ id: string; capture_id: string; user_id: string }[]>`
      select o.id, o.capture_id, o.user_id from paypal_orders o join profiles p on p.id = o.user_id
      where p.email = ${user.email} and o.status = 'completed'`;
    expect(order).toBeDefined();
    await sql.begin(async (tx) => {
      await tx`
        insert into paypal_disputes (id, capture_id, amount, currency, status, paypal_status)
        values ('PP-D-E2E-0001', ${order!.capture_id}, 25.00, 'EUR', 'open', 'WAITING_FOR_SELLER_RESPONSE')`;
      await tx`update profiles set credits_held = 25.00 where id = ${order!.user_id}`;
    });

    await page.reload();
    await page.getByRole("heading", { name: "Transactions", level: 1 }).waitFor();
    const held = page.getByRole("region", { name: "Credits on hold" });
    await held.waitFor();
    expect(await held.textContent()).toContain(HELD);
    // The ledger itself is unchanged: the money is held, not taken.
    expect(await page.getByRole("table", { name: "Transactions" }).getByRole("row").count()).toBe(
      2,
    );

    await page.goto("/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    const heldOnSettings = page.getByRole("region", { name: "Credits on hold" });
    await heldOnSettings.waitFor();
    expect(await heldOnSettings.textContent()).toContain(HELD);
    await context.close();

    // A refund PayPal could not pay to the buyer ends on the staff's Payments page.
    await sql`
      insert into paypal_attention (kind, ref, user_id, order_id, capture_id, amount, currency, detail)
      values ('refund_failed', ${`E2E-REFUND-${order!.id}`}, ${order!.user_id}, ${order!.id},
        ${order!.capture_id}, 10.00, 'EUR', ${sql.json({ paypal_refund_id: "E2E-REFUND" })})`;
    const staff = await newPage(browser);
    await signIn(staff.page, ADMIN.email, ADMIN.password);
    await staff.page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await staff.page.getByRole("link", { name: "Payments", exact: true }).click();
    await staff.page.getByRole("heading", { name: "Payments", level: 1 }).waitFor();
    const open = staff.page
      .getByRole("list", { name: "Needs attention" })
      .getByRole("listitem", { name: `Refund failed at PayPal: ${user.email}` });
    await open.waitFor();
    expect(await open.textContent()).toContain("Amount: 10.00 EUR");
    await open.getByRole("button", { name: "Close as handled" }).click();
    const dialog = staff.page.getByRole("dialog", { name: "Close as handled" });
    await dialog.getByLabel("What was done").fill("Paid back by bank transfer");
    await dialog.getByRole("button", { name: "Close item" }).click();
    const closed = staff.page
      .getByRole("list", { name: "Closed in the last 30 days" })
      .getByRole("listitem", { name: `Refund failed at PayPal: ${user.email}` });
    await closed.waitFor();
    expect(await closed.textContent()).toContain("Handled by staff");
    await closed.getByText(/Audit trail/).click();
    await closed.getByText(/Paid back by bank transfer/).waitFor();
    expect(
      await staff.page
        .getByRole("list", { name: "Needs attention" })
        .getByRole("listitem", { name: `Refund failed at PayPal: ${user.email}` })
        .count(),
    ).toBe(0);
    await staff.context.close();
  }, 120_000);
});
