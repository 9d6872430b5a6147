/*
 * A customer with a long history. 60 ledger entries and 55 orders are inserted straight
 * into the portal's Postgres for a fresh customer; /transactions and /orders show 50, "Load more"
 * shows the rest, and a new order (its insert notifies the customer's event stream) appears on top
 * of the loaded pages without losing one.
 */
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";

const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
const user = uniqueUser();
let browser: Browser;
let productId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const [product] = await sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values (${`Pager ${user.username}`}, 4.99, '2', '4', '80', '1 Gbit/s', 'Included', 'vps')
    returning id`;
  productId = product!.id;
});

afterAll(async () => {
  // The customer's orders and ledger go with them (on delete cascade); then their product.
  await sql`delete from profiles where email = ${user.email}`;
  await sql`delete from products where id = ${productId}`;
  await sql.end();
  await browser?.close();
});

const rows = (page: Page, table: string) =>
  page.getByRole("table", { name: table }).locator("[role='row']:has([role='cell'])");

/** Waits until the table shows exactly `n` rows. */
async function expectRows(page: Page, table: string, n: number) {
  await expect.poll(() => rows(page, table).count(), { timeout: 15_000 }).toBe(n);
}

describe("customer lists, a page at a time", () => {
  it("pages the transactions and orders with Load more, and a live change keeps every loaded row", async () => {
    const { context, page } = await newPage(browser);
    await register(page, user);
    const [me] = await sql<{ id: string }[]>`select id from profiles where email = ${user.email}`;
    // 30 top-ups and 30 purchases of 5.00 (the balance, 0.00, is still their sum), a minute
    // apart, entry n's payment id ends in n; 55 orders a day apart, order n is "#n" in its expiry.
    await sql`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
      select ${me!.id}, case when g % 2 = 0 then 5 else -5 end, 'paid',
        case when g % 2 = 0 then 'topup' else 'purchase' end,
        ${`E2E${user.username}-`} || g, now() - make_interval(mins => g)
      from generate_series(1, 60) g`;
    await sql`
      insert into orders (user_id, product_id, expire_date, status, created_at)
      select ${me!.id}, ${productId}, now() + make_interval(days => 200 - g), 'active',
        now() - make_interval(days => g)
      from generate_series(1, 55) g`;
    await signIn(page, user.email, user.password);

    await page.goto("/transactions");
    await expectRows(page, "Transactions", 50);
    // Newest first: entry 1 on top, entry 50 last on the first page.
    expect(await rows(page, "Transactions").first().innerText()).toMatch(
      new RegExp(`E2E${user.username}-1\\b`),
    );
    await page.getByRole("button", { name: "Load more" }).click();
    await expectRows(page, "Transactions", 60);
    expect(await rows(page, "Transactions").last().innerText()).toContain(`E2E${user.username}-60`);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    await page.goto("/orders");
    await expectRows(page, "Orders", 50);
    await page.getByRole("button", { name: "Load more" }).click();
    await expectRows(page, "Orders", 55);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    // An order placed elsewhere (its insert notifies this customer's stream): the page rereads
    // both loaded pages and shows 56, the new one first.
    const [fresh] = await sql<{ id: string }[]>`
      insert into orders (user_id, product_id, expire_date, status)
      values (${me!.id}, ${productId}, now() + interval '30 days', 'active') returning id`;
    await expectRows(page, "Orders", 56);
    expect(await rows(page, "Orders").first().innerText()).toContain(fresh!.id.slice(0, 8));
    await context.close();
  });
});
