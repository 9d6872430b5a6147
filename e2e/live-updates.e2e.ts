import type { Browser } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

describe("live updates over the event stream", () => {
  it("updates the top bar when the profile's credits change in the database", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByTestId("balance").getByText("0.00 EUR").waitFor();
    // No wait for the event stream: a change made before it is connected is read on `ready`.
    await sql`update profiles set credits = 42, ledger_total = 42 where email = ${user.email}`;
    await page.getByTestId("balance").getByText("42.00 EUR").waitFor({ timeout: 10_000 });
    await sql`update profiles set credits = 17.5, ledger_total = 17.5 where email = ${user.email}`;
    await page.getByTestId("balance").getByText("17.50 EUR").waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("a cold load asks the API for each piece of data once, the stream's `ready` and the user's record included", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password, true);
    await page.getByText("No services found. Contact an administrator to get started.").waitFor();
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
    });
    await page.reload();
    await page.getByText("No services found. Contact an administrator to get started.").waitFor();
    await page.getByTestId("balance").getByText("0.00 EUR").waitFor();
    // Time for the stream's `ready` and whatever it would read again.
    await page.waitForTimeout(2_000);
    expect(asked).toContain("/api/events");
    // The restored session carries the user's record; reading it again would be the same data.
    expect(asked).toContain("/api/auth/refresh");
    expect(asked).not.toContain("/api/auth/user");
    const twice = asked.filter((path, i) => asked.indexOf(path) !== i);
    expect(twice).toEqual([]);
    await context.close();
  });

  it("shows a change made while the event stream was still connecting", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    // The stream is held back until the change has been made, so it cannot carry it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/events", async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, user.email, user.password);
    await page.getByTestId("balance").getByText("0.00 EUR").waitFor();
    await sql`update profiles set credits = 33, ledger_total = 33 where email = ${user.email}`;
    release();
    await page.getByTestId("balance").getByText("33.00 EUR").waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("shows a service added to the account, then its suspension, on the open dashboard without a reload", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByText("No services found. Contact an administrator to get started.").waitFor();
    const [service] = await sql<{ id: string }[]>`
      insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id)
      select id, 'vps', '198.51.100.77', '4', '2', '80', ${100_000 + Math.floor(Math.random() * 700_000)}
      from profiles where email = ${user.email}
      returning id`;
    const short = service!.id.slice(0, 8);
    const table = page.getByRole("table", { name: "Your services" });
    await table.getByRole("button", { name: `Manage ${short}` }).waitFor({ timeout: 10_000 });
    await sql`update services set service_status = 'suspended' where id = ${service!.id}`;
    await table.getByRole("button", { name: `Suspended ${short}` }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});
