import type { Browser } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

describe("support tickets (mf-support)", () => {
  it("a customer opens a ticket with an attachment; staff add an internal note and answer; the answer arrives live; the ticket is closed", async () => {
    const customer = uniqueUser();
    const subject = `Server ${customer.username} does not boot`;
    const { context: customerCtx, page } = await newPage(browser);
    await register(page, customer);
    await signIn(page, customer.email, customer.password);

    await page.getByRole("link", { name: "Support", exact: true }).click();
    await page.getByRole("heading", { name: "Support", level: 1 }).waitFor();
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Category").selectOption("technical");
    await page.getByLabel("Message").fill("It stopped after the kernel update.\n<b>not bold</b>");
    await page.getByLabel(/Attachments/).setInputFiles({
      name: "boot.log",
      mimeType: "text/plain",
      buffer: Buffer.from("kernel panic: VFS unable to mount root fs\n"),
    });
    await page.getByRole("button", { name: "Open ticket" }).click();
    await page.waitForURL("**/support/*");
    await page.getByRole("heading", { name: subject }).waitFor();
    await page.getByText("<b>not bold</b>", { exact: false }).waitFor();
    await page.getByRole("button", { name: "boot.log" }).waitFor();
    const ticketUrl = page.url();
    const [ticket] = await sql<{ id: string }[]>`
      select id from support_tickets where subject = ${subject}`;
    expect(ticket).toBeTruthy();

    // Staff: the queue, search by the customer's email, the ticket.
    const { context: staffCtx, page: staff } = await newPage(browser);
    await signIn(staff, ADMIN.email, ADMIN.password);
    await staff.getByRole("link", { name: "Support Queue" }).click();
    await staff.getByRole("heading", { name: "Support queue", level: 1 }).waitFor();
    await staff.getByLabel("Search by subject or customer email").fill(customer.email);
    await staff.getByRole("button", { name: "Search" }).click();
    await staff.getByRole("link", { name: subject }).click();
    await staff.getByRole("heading", { name: subject }).waitFor();
    await staff.getByRole("button", { name: "boot.log" }).waitFor();

    const note = `Internal: check host of ${customer.username}`;
    await staff.getByLabel("Message").fill(note);
    await staff.getByRole("button", { name: "Add internal note" }).click();
    await staff.getByText(note).waitFor();

    const answer = "We remounted the root filesystem; please try again.";
    await staff.getByLabel("Message").fill(answer);
    await staff.getByRole("button", { name: "Reply to customer" }).click();
    await staff.getByText(answer).waitFor();

    // The customer's open page shows the answer without a reload, and never the note.
    expect(page.url()).toBe(ticketUrl);
    await page.getByText(answer).waitFor({ timeout: 10_000 });
    expect(await page.getByText(note).count()).toBe(0);
    await page.getByText("Waiting for customer").waitFor();

    // The customer mail was queued through the outbox.
    const mails = await sql<{ kind: string }[]>`
      select kind from mail_outbox where to_address = ${customer.email} and kind = 'support_reply'`;
    expect(mails).toHaveLength(1);

    await staff.getByRole("button", { name: "Close ticket" }).click();
    await staff.getByText("Closed").first().waitFor();
    await page.getByText("Closed").first().waitFor({ timeout: 10_000 });
    expect(await page.getByRole("button", { name: "Send reply" }).count()).toBe(0);

    await staffCtx.close();
    await customerCtx.close();
  });
});
