import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";

let browser: Browser;
const shots = join(inject("repoRoot"), "test-results", "billing");

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const DATE_FORMAT = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4} \d{2}:\d{2}$/;

describe("account and billing", () => {
  it("tops up 25 EUR through the sandbox checkout; balance and history follow", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);

    await page.goto("/transactions");
    await page
      .getByText("No transactions found. Make your first credit purchase to get started.")
      .waitFor();

    await page.goto("/charge-credits");
    await page.getByRole("heading", { name: "Charge Credits", level: 1 }).waitFor();
    const amount = page.getByLabel("Amount (EUR)");

    // Below the minimum: refused in the page with the spec's toast, nothing created.
    await amount.fill("4");
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await toast(page, "Invalid Amount").waitFor();
    await page
      .locator("[data-variant]")
      .getByText("Amount must be between 5 and 300 EUR")
      .first()
      .waitFor();

    await page.getByRole("button", { name: "25 EUR" }).click();
    expect(await amount.inputValue()).toBe("25");
    await page.screenshot({ path: join(shots, "charge-credits.png") });

    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByText("Approve payment of 25.00 EUR").waitFor();
    await page.screenshot({ path: join(shots, "sandbox-approval.png") });

    // A marker that a reload would wipe: the top bar must update before the page reloads.
    await page.evaluate(() => {
      (window as unknown as { __beforeReload: boolean }).__beforeReload = true;
    });
    await page.getByRole("button", { name: "Approve payment" }).click();
    await toast(page, "Payment successful").waitFor();
    await page.getByTestId("balance").getByText("25.00 EUR").waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload),
    ).toBe(true);
    // SPEC §4: the page reloads 1.5 s after a successful payment.
    await page.waitForFunction(
      () => !(window as unknown as { __beforeReload?: boolean }).__beforeReload,
      undefined,
      { timeout: 5_000 },
    );
    await page.getByTestId("balance").getByText("25.00 EUR").waitFor();

    await page.goto("/transactions");
    const row = page.getByRole("row").nth(1);
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    const header = await row.getByRole("rowheader").allTextContents();
    const [id] = header.length ? header : cells.splice(0, 1);
    const rest = header.length ? cells : cells;
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(rest[0]).toBe("25.00 EUR");
    expect(rest[1]).toBe("paid");
    expect(rest[2]).toMatch(DATE_FORMAT);
    expect(rest[3]).toMatch(/^[A-Z0-9]{17}$/);
    await page.screenshot({ path: join(shots, "transactions.png") });

    await page.goto("/settings");
    await page.getByTestId("settings-credits").getByText("25.00 EUR").waitFor();
    await context.close();
  });

  it("changes the password: wrong current refused, then success and sign-in with the new one", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.goto("/settings");
    // The profile's email (the Members section lists it too).
    await page.getByRole("definition").filter({ hasText: user.email }).waitFor();
    await page.getByText(user.username, { exact: true }).first().waitFor();

    const submit = async (current: string, next: string, confirm = next) => {
      await page.getByLabel("Current Password", { exact: true }).fill(current);
      await page.getByLabel("New Password", { exact: true }).fill(next);
      await page.getByLabel("Confirm New Password").fill(confirm);
      await page.getByRole("button", { name: "Change Password" }).click();
    };

    await submit(user.password, "newsecret1", "different1");
    await toast(page, "Validation Error").waitFor();
    await page.locator("form").getByText("Passwords don't match").waitFor();

    await submit("wrong-password", "newsecret1");
    await toast(page, "Current password is incorrect").waitFor();
    await page.screenshot({ path: join(shots, "settings.png") });

    await submit(user.password, "newsecret1");
    await toast(page, "Password changed successfully!").waitFor();

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/auth/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid login credentials").first().waitFor();
    await signIn(page, user.email, "newsecret1");
    await page.getByText(`Welcome, ${user.username}!`).waitFor();
    await context.close();
  });
});
