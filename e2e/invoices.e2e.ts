import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN,
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
const shots = join(inject("repoRoot"), "test-results", "invoices");

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The text of a PDF, all pages joined, as a reader (or an accountant's tool) extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe("invoices", () => {
  it("fills billing details, tops up, buys a VPS and downloads its invoice PDF from /transactions", async () => {
    const user = uniqueUser();
    const customerName = `Erika ${user.username}`;
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);

    // Billing details: a consumer in Germany.
    await page.goto("/settings");
    const details = page.getByRole("form", { name: "Billing details" });
    await details.getByLabel("Name").waitFor();
    // Required fields are checked in the page with the contract's messages; nothing is saved.
    await details.getByRole("button", { name: "Save billing details" }).click();
    await toast(page, "Validation Error").waitFor();
    await details.getByLabel("Name").fill(customerName);
    await details.getByLabel("Address").fill("Hauptstraße 1, 10115 Berlin");
    await details.getByLabel("Country").selectOption("DE");
    await details.getByRole("button", { name: "Save billing details" }).click();
    await toast(page, "Billing details saved").waitFor();
    // Saved on the server: a reload shows them again.
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole("form", { name: "Billing details" }).getByLabel("Name").inputValue(),
      )
      .toBe(customerName);

    // Top-up of 25 EUR through the sandbox checkout (as in billing.e2e.ts).
    await page.goto("/charge-credits");
    await page.getByRole("button", { name: "25 EUR" }).click();
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("button", { name: "Approve payment" }).click();
    await toast(page, "Payment successful").waitFor();
    await balance(page, "25.00 EUR");

    // A purchase (as in shop.e2e.ts): VPS Start at 4.99 EUR.
    await page.goto("/products/vps");
    await orderNow(page, "VPS Start");
    await toast(page, "Order Successful").waitFor();
    await balance(page, "20.01 EUR");

    // /transactions: the purchase row carries its invoice, the top-up its receipt.
    await page.goto("/transactions");
    const purchase = page.getByRole("row").filter({ hasText: "-4.99 EUR" });
    const invoiceButton = purchase.getByRole("button", { name: /^Download Invoice \d{4}-\d{6}/ });
    await invoiceButton.waitFor();
    await page
      .getByRole("row")
      .filter({ hasText: "25.00 EUR" })
      .getByRole("button", { name: /^Download Receipt / })
      .waitFor();
    const number = (await invoiceButton.textContent())?.replace(/^Invoice /, "").trim() ?? "";
    expect(number).toMatch(/^\d{4}-\d{6}$/);

    const [download] = await Promise.all([page.waitForEvent("download"), invoiceButton.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = new Uint8Array(await readFile((await download.path()) as string));
    expect(new TextDecoder("latin1").decode(bytes.subarray(0, 5))).toBe("%PDF-");

    const text = await pdfText(bytes);
    expect(text).toContain(number);
    expect(text).toContain("VPS Start");
    expect(text).toContain(customerName);
    expect(text).toContain("4.99");

    // The same bytes every time it is downloaded.
    const [again] = await Promise.all([page.waitForEvent("download"), invoiceButton.click()]);
    const bytesAgain = new Uint8Array(await readFile((await again.path()) as string));
    expect(Buffer.from(bytesAgain).equals(Buffer.from(bytes))).toBe(true);

    // On a phone the table turns into cards; the download stays a 44 px touch target.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await invoiceButton.waitFor();
    const box = await invoiceButton.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({ path: join(shots, "transactions-phone.png"), fullPage: true });
    await context.close();

    // The admin finds it by customer and month, and exports the month as CSV.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto(`/admin/invoices?q=${encodeURIComponent(user.email)}`);
    // Exactly the number: the receipt's "R2026-000001" contains an invoice's "2026-000001".
    const adminRow = admin.page
      .getByRole("row")
      .filter({ has: admin.page.getByText(number, { exact: true }) });
    await adminRow.getByText(customerName).waitFor();
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    await admin.page.getByLabel("Month", { exact: true }).selectOption(month);
    await admin.page.waitForURL((url) => url.searchParams.get("month") === month);
    await adminRow.waitFor();
    const [csv] = await Promise.all([
      admin.page.waitForEvent("download"),
      admin.page.getByRole("button", { name: `Export CSV for ${month}` }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`invoices-${month}.csv`);
    expect(await readFile((await csv.path()) as string, "utf8")).toContain(number);
    await admin.page.screenshot({ path: join(shots, "admin-invoices.png") });
    await admin.context.close();
  });
});
