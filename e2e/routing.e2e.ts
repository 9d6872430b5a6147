import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, launchBrowser, newPage, signIn } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("routes and guards (SPEC §2, §6)", () => {
  it("sends visitors to /auth/login and shows 404 for unknown paths", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.waitForURL("**/auth/login");
    await page.goto("/orders");
    await page.waitForURL("**/auth/login");
    await page.goto("/admin/users");
    await page.waitForURL("**/auth/login");

    await page.goto("/no/such/page");
    await page.getByText("Oops! Page not found").waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL("**/auth/login");
    await context.close();
  });

  it("shows the ADMIN section and admin pages to the admin only", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByText("ADMIN", { exact: true }).waitFor();
    for (const name of ["Manage Users", "Manage Services", "Manage Products", "Manage Orders"]) {
      expect(await page.getByRole("link", { name }).count()).toBe(1);
    }
    await page.getByRole("link", { name: "Manage Users" }).click();
    await page.getByRole("heading", { name: "Manage Users", level: 1 }).waitFor();
    expect(page.url()).toContain("/admin/users");

    // A signed-in user's 404 keeps the frame: top bar and navigation stay usable.
    await page.goto("/no/such/page");
    await page.locator("main#main").getByText("Oops! Page not found").waitFor();
    await page.getByRole("link", { name: "Manage Orders" }).click();
    await page.getByRole("heading", { name: "Manage Orders", level: 1 }).waitFor();
    await context.close();
  });
});
