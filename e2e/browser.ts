import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

/** Debian's chromium (apt package `chromium`); never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const baseUrl = () => inject("baseUrl");

export async function newPage(
  browser: Browser,
  opts: { colorScheme?: "light" | "dark" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1360, height: 860 },
    colorScheme: opts.colorScheme ?? "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export const ADMIN = { email: "admin@example.com", password: "admin123", username: "admin" };

let counter = 0;
/** A unique customer per test, so tests do not depend on each other's data. */
export function uniqueUser() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`.slice(-10);
  return { username: `u${id}`, email: `u${id}@example.com`, password: "tulip-orbit-42" };
}

export async function register(
  page: Page,
  user: { username: string; email: string; password: string },
) {
  await page.goto("/auth/register");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/auth/login");
}

export async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (remember) await page.getByText("Remember me for 5 days").click();
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

/** The toast region's text, for asserting SPEC §8 messages. */
export function toast(page: Page, text: string) {
  return page.locator("[data-variant]").getByText(text, { exact: true });
}

/** Waits until the top bar's balance shows `text` (e.g. "20.01 EUR"). */
export const balance = (page: Page, text: string) =>
  page.getByTestId("balance").getByText(text).waitFor({ timeout: 10_000 });

/**
 * Orders a product from the products page on screen (/products/vps or /products/dedicated): its
 * card's Order Now, then the confirmation dialog, which must name it. The caller waits for the
 * outcome (the "Order Successful" toast, or a refusal).
 */
export async function orderNow(page: Page, productName: string) {
  await page
    .getByRole("article")
    .filter({ hasText: productName })
    .getByRole("button", { name: "Order Now" })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Confirm order" });
  await dialog.getByText(productName, { exact: true }).waitFor();
  await dialog.getByRole("button", { name: "Order Now" }).click();
}
