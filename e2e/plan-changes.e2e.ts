import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousAxe, sidewaysScroll } from "./a11y";
import { baseUrl, launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";
import { addSimServer, simServer } from "./provider-sim";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

const plan = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: "Plan", exact: true }) });

async function product(name: string, price: string, cpu: number, memGb: number) {
  const [row] = await sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
      plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
    values (${name}, ${price}::numeric, ${`${cpu} vCores`}, ${`${memGb} GB`}, '40 GB', '1 Gbit/s',
      'yes', 'vps', 'Debian12', ${cpu}, ${memGb * 1024}, 40, 1)
    returning id`;
  return row!.id;
}

describe("plan changes and cancellation: a customer changes and cancels their own VPS", () => {
  it("upgrades (balance, invoice, new specs), cancels at period end and undoes, cancels now with a credit note; axe clean at desktop and phone width", async () => {
    const user = uniqueUser();
    const tag = user.username.slice(-6);
    const small = await product(`Small ${tag}`, "10.00", 2, 2);
    const big = await product(`Big ${tag}`, "16.00", 4, 8);
    await sql`insert into product_upgrade_paths (product_id, target_id) values (${small}, ${big}), (${big}, ${small})`;

    const { context, page } = await newPage(browser);
    await register(page, user);
    await sql`update profiles set credits = 50, ledger_total = 50 where email = ${user.email}`;
    await signIn(page, user.email, user.password);
    const server = await addSimServer({
      template: "Debian12",
      cpuCores: 2,
      memoryMb: 2048,
      diskGb: 40,
      ipv4Count: 1,
    });
    // An order of Small half way through its period (15 days and a bit left: 15 days counted).
    const [svc] = await sql<{ id: string }[]>`
      with o as (
        insert into orders (user_id, product_id, expire_date, status)
        select id, ${small}, now() + interval '15 days' - interval '1 hour', 'active'
        from profiles where email = ${user.email}
        returning id, user_id
      )
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
      select o.user_id, 'vps', 'active', ${server.ipv4[0]!}, '2', '2', '40', ${server.vmId}, o.id from o
      returning id`;

    await page.goto(`/service/${svc!.id}`);
    const panel = plan(page);
    await panel.getByRole("heading", { name: `Small ${tag}` }).waitFor();
    // (16.00 − 10.00) × 15 / 30 = 3.00
    await panel.getByText("3.00 EUR to pay now").waitFor();
    expect(await seriousAxe(page)).toEqual([]);

    // Upgrade: confirmed, paid, resized by the provider job, the new specs on the page.
    await panel.getByRole("button", { name: `Upgrade to Big ${tag}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Change to Big ${tag}` });
    await confirm.getByText("3.00 EUR to pay now for the 15 days left", { exact: false }).waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Pay and upgrade" }).click();
    await toast(page, `Your server is being changed to Big ${tag}.`).waitFor();
    await page.getByTestId("balance").getByText("47.00 EUR").waitFor();
    await toast(page, `Your server now runs Big ${tag}.`).waitFor({ timeout: 30_000 });
    await panel.getByRole("heading", { name: `Big ${tag}` }).waitFor();
    await page.getByText("4 cores").waitFor();
    await page.getByText("8 GB").first().waitFor();
    expect((await simServer(server.vmId))!.plan.cpuCores).toBe(4);
    const [invoice] = await sql<{ number: string }[]>`
      select i.number from invoices i join profiles p on p.id = i.user_id
      where p.email = ${user.email} and i.kind = 'invoice'`;

    // The invoice with the transactions.
    await page.goto("/transactions");
    await page.getByText(`Invoice ${invoice!.number}`).waitFor();

    // Cancel at the end of the period, then undo.
    await page.goto(`/service/${svc!.id}`);
    await panel.getByRole("button", { name: "Cancel at the end of the period" }).click();
    const atEnd = page.getByRole("alertdialog", { name: "Cancel at the end of the period" });
    await atEnd.getByLabel("Why are you cancelling?").selectOption("Need a different plan");
    expect(await seriousAxe(page)).toEqual([]);
    await atEnd.getByRole("button", { name: "Cancel at period end" }).click();
    await panel.getByText("Cancelled at the end of the period", { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Undo cancellation" }).click();
    await toast(page, "The cancellation was undone.").waitFor();
    await panel.getByRole("button", { name: "Cancel now" }).waitFor();

    // Cancel now: the unused days back with a credit note (16.00 × 15 / 30 = 8.00).
    await panel.getByRole("button", { name: "Cancel now" }).click();
    const now = page.getByRole("alertdialog", { name: "Cancel now" });
    await now.getByLabel("Why are you cancelling?").selectOption("No longer needed");
    await now.getByRole("button", { name: "Cancel now" }).click();
    await panel.getByText("8.00 EUR for the unused days went back", { exact: false }).waitFor();
    await page.getByTestId("balance").getByText("55.00 EUR").waitFor();
    const [note] = await sql<{ number: string }[]>`
      select i.number from invoices i join profiles p on p.id = i.user_id
      where p.email = ${user.email} and i.kind = 'credit_note'`;
    await page.goto("/transactions");
    await page.getByText(`Credit note ${note!.number}`).waitFor();
    await context.close();

    // A phone: the panel fits and axe is clean, the open cancellation with its undo.
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(15_000);
    await signIn(phonePage, user.email, user.password);
    await phonePage.goto(`/service/${svc!.id}`);
    await plan(phonePage).getByRole("button", { name: "Undo cancellation" }).waitFor();
    expect(await sidewaysScroll(phonePage)).toBeLessThanOrEqual(0);
    expect(await seriousAxe(phonePage)).toEqual([]);
    await phone.close();
  });
});
