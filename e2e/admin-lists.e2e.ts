/*
 * The admin lists at more than one page. A few hundred customers with a service each
 * are inserted straight into the portal's Postgres (as an import from an older system would);
 * the admin finds a customer by email and a server by IPv4, pages with "Load more", and an action
 * on a row of the second page keeps the loaded pages and the scroll position.
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, baseUrl, launchBrowser, newPage, signIn, toast } from "./browser";

const SEEDED = 300;
const outDir = join(inject("repoRoot"), "test-results", "screenshots");
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
// Unique per run: the seeded rows are told apart from every other journey's.
const tag = `ls${Date.now().toString(36)}`;
/** The seeded customer n (1..SEEDED) and their server's address, in 100.64.0.0/10 (no other journey's). */
const email = (n: number) => `${tag}.c${n}@example.com`;
const ipv4 = (n: number) => `100.64.${Math.floor(n / 200)}.${(n % 200) + 1}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // Older than anything the other journeys create, a minute apart: they sort after those rows
  // (newest first) and in the order of n.
  await sql`
    with seed as (
      select g, ${tag} || 'c' || g as username, now() - interval '1 day' - make_interval(mins => g) as at
      from generate_series(1, ${SEEDED}::int) g
    ), customers as (
      insert into profiles (username, email, created_at)
      select username, ${tag} || '.c' || g || '@example.com', at from seed
      returning id, username
    )
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage,
      reseller_id, created_at)
    select c.id, 'vps', 'active', '100.64.' || (g / 200) || '.' || (g % 200 + 1), '4', '2', '80',
      700000 + g, at
    from customers c join seed using (username)`;
});

afterAll(async () => {
  // Their services go with them (on delete cascade).
  await sql`delete from profiles where username like ${`${tag}c%`}`;
  await sql.end();
  await browser?.close();
});

/** The count under the list ("Showing 50 users (more available)"). */
const shown = (page: Page) => page.getByRole("main").getByRole("status");

const rowCount = (page: Page, table: string) =>
  page.getByRole("table", { name: table }).locator("[role='row']:has([role='cell'])").count();

/** The admin's first two pages of services, as the API answers them (what Load more shows). */
async function secondPageOfServices() {
  const res = await fetch(`${baseUrl()}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const { access_token } = (await res.json()) as { access_token: string };
  const get = async (path: string) => {
    const r = await fetch(`${baseUrl()}${path}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(r.status).toBe(200);
    return (await r.json()) as {
      services: { id: string; ipv4: string; email: string }[];
      next_cursor: string | null;
    };
  };
  const first = await get("/api/admin/services");
  expect(first.next_cursor).toBeTruthy();
  const second = await get(`/api/admin/services?cursor=${first.next_cursor}`);
  return second.services;
}

describe("admin lists with a few hundred customers", () => {
  it("finds a customer by email and a server by IPv4; Back returns to the whole list", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.email, ADMIN.password);

    await page.goto("/admin/users");
    await page.getByRole("table", { name: "Users" }).waitFor();
    await expect.poll(() => shown(page).textContent()).toBe("Showing 50 users (more available)");
    expect(await rowCount(page, "Users")).toBe(50);

    // Customer 237 is far past the first page.
    await page.getByLabel("Search users").fill(email(237));
    await page.waitForURL((url) => url.searchParams.get("q") === email(237));
    await expect.poll(() => shown(page).textContent()).toBe("Showing 1 user");
    await page.getByRole("row", { name: new RegExp(email(237)) }).waitFor();

    // The search is in the URL: a reload (or a shared link) shows the same list.
    await page.reload();
    await page.getByRole("row", { name: new RegExp(email(237)) }).waitFor();
    expect(await page.getByLabel("Search users").inputValue()).toBe(email(237));
    expect(await rowCount(page, "Users")).toBe(1);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await expect.poll(() => shown(page).textContent()).toBe("Showing 50 users (more available)");
    expect(await page.getByLabel("Search users").inputValue()).toBe("");

    // A server by its address ("my server 100.64.1.42 is down").
    const address = ipv4(241);
    await page.goto("/admin/services");
    await page.getByLabel("Search services").fill(address);
    await page.waitForURL((url) => url.searchParams.get("q") === address);
    const row = page.getByRole("row", { name: new RegExp(`${address.replaceAll(".", "\\.")}\\b`) });
    await row.getByText(email(241)).waitFor();
    await expect.poll(() => rowCount(page, "Services")).toBeLessThan(50);
    // Every row shown matches the search.
    const texts = await page
      .getByRole("table", { name: "Services" })
      .locator("[role='row']:has([role='cell'])")
      .allTextContents();
    expect(texts.every((t) => t.includes(address))).toBe(true);

    // Nothing found: the empty-search text, not the SPEC's empty list.
    await page.getByLabel("Search services").fill("no-such-server");
    await page.getByText('No services match "no-such-server".').waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => shown(page).textContent()).toBe("Showing 50 services (more available)");
    await context.close();
  });

  it("pages with Load more; suspending a service of page 2 keeps the loaded pages and the scroll", async () => {
    const page2 = await secondPageOfServices();
    const target = page2.find((s) => s.email.startsWith(`${tag}.`));
    expect(target).toBeTruthy();

    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/services");
    await page.getByRole("table", { name: "Services" }).waitFor();
    await expect.poll(() => shown(page).textContent()).toBe("Showing 50 services (more available)");
    const suspend = page.getByRole("button", { name: `Suspend service ${target!.ipv4}` });
    expect(await suspend.count()).toBe(0);

    await page.getByRole("button", { name: "Load more" }).click();
    await expect
      .poll(() => shown(page).textContent())
      .toBe("Showing 100 services (more available)");
    expect(await rowCount(page, "Services")).toBe(100);

    await suspend.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(1_000);
    await suspend.click();
    await toast(page, "Service suspended").waitFor();
    const activate = page.getByRole("button", { name: `Activate service ${target!.ipv4}` });
    await activate.waitFor();

    // Still both pages, and the row's top is still on screen (no jump back to page 1). Its exact
    // offset may shift: rows above it can grow a line while it is suspended (their servers'
    // provider jobs report errors: these test servers do not exist at the provider).
    expect(await shown(page).textContent()).toBe("Showing 100 services (more available)");
    expect(await rowCount(page, "Services")).toBe(100);
    const after = await page.getByRole("row").filter({ has: activate }).boundingBox();
    const viewport = page.viewportSize();
    expect(after).toBeTruthy();
    expect(after!.y).toBeGreaterThanOrEqual(0);
    expect(after!.y).toBeLessThan(viewport!.height);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo / 2);
    await page.screenshot({ path: join(outDir, "admin-services-page-2.png") });

    const [stored] = await sql<{ service_status: string }[]>`
      select service_status from services where id = ${target!.id}`;
    expect(stored?.service_status).toBe("suspended");
    await context.close();
  });
});
