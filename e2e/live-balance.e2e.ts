import type { Browser } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

describe("live balance (SPEC §4)", () => {
  it("updates the top bar when the profile's credits change in the database", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByTestId("balance").getByText("0.00 EUR").waitFor();
    // Give the event stream a moment to connect before the change is made.
    await page.waitForTimeout(1000);
    await sql`update profiles set credits = 42 where email = ${user.email}`;
    await page.getByTestId("balance").getByText("42.00 EUR").waitFor({ timeout: 10_000 });
    await sql`update profiles set credits = 17.5 where email = ${user.email}`;
    await page.getByTestId("balance").getByText("17.50 EUR").waitFor({ timeout: 10_000 });
    await context.close();
  });
});
