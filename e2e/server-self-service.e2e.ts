import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousAxe, sidewaysScroll } from "./a11y";
import { baseUrl, launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";
import { addSimServer, type SimServer, setSimJobSeconds, simServer } from "./provider-sim";

/** The suite's job time (global-setup), restored after this test lengthened the reinstall. */
const SUITE_JOB_SECONDS = 1;
/** Long enough to see the reinstall's progress in the page, short enough to wait for its end. */
const REINSTALL_JOB_SECONDS = 4;

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await setSimJobSeconds(SUITE_JOB_SECONDS).catch(() => undefined);
  await sql.end();
  await browser?.close();
});

/** What the simulator keeps of a server beyond the fields other suites read. */
type SimServerMore = SimServer & {
  rdns: Record<string, string>;
  restores: number;
  backups: number[];
};
const simMore = async (vmId: number) => (await simServer(vmId)) as SimServerMore;

const manage = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: "Manage server" }) });

describe("server self-service: a customer runs their own VPS", () => {
  it("reinstalls, opens the console, sets reverse DNS, takes and restores a backup, at desktop and phone width", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    const server = await addSimServer({
      template: "Debian12",
      cpuCores: 2,
      memoryMb: 2048,
      diskGb: 40,
      ipv4Count: 1,
    });
    const ip = server.ipv4[0]!;
    const [svc] = await sql<{ id: string }[]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      select id, 'vps', 'active', ${ip}, '2', '2', '40', ${server.vmId}
      from profiles where email = ${user.email}
      returning id`;
    const short = svc!.id.slice(0, 8);

    await page.goto(`/service/${svc!.id}`);
    const panel = manage(page);
    await panel.getByRole("heading", { name: "Backups" }).waitFor();
    await panel.getByText("No backups yet.").waitFor();
    expect(await seriousAxe(page)).toEqual([]);

    // Reinstall: a system from the provider's list, the short id typed, progress live, a new
    // root password shown once.
    await setSimJobSeconds(REINSTALL_JOB_SECONDS);
    await panel.getByRole("button", { name: "Reinstall…" }).click();
    const reinstall = page.getByRole("alertdialog", { name: "Reinstall server" });
    await reinstall.getByRole("option", { name: "Ubuntu24.04" }).waitFor({ state: "attached" });
    await reinstall.getByLabel("System").selectOption("Ubuntu24.04");
    await reinstall.getByLabel("Service short id").fill(short);
    expect(await seriousAxe(page)).toEqual([]);
    await reinstall.getByRole("button", { name: "Erase and reinstall" }).click();
    await toast(page, "Reinstall started").waitFor();
    await panel.getByRole("progressbar", { name: /Reinstalling Ubuntu24\.04/ }).waitFor();
    expect(await page.getByRole("button", { name: "Force stop" }).isDisabled()).toBe(true);
    await toast(page, "Reinstall finished").waitFor({ timeout: 30_000 });
    await setSimJobSeconds(SUITE_JOB_SECONDS);
    expect((await simServer(server.vmId))!.plan.template).toBe("Ubuntu24.04");
    await page.getByRole("button", { name: "Show root password" }).click();
    await page.getByText("This password is shown only once.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Force stop" }).isDisabled()).toBe(false);

    // Console: the address is asked for on the click and opens in a new tab.
    expect(await page.content()).not.toContain("/novnc/");
    const [consoleTab] = await Promise.all([
      context.waitForEvent("page"),
      panel.getByRole("button", { name: "Open console" }).click(),
    ]);
    await consoleTab.waitForURL(/\/novnc\/\?vmid=/);
    await consoleTab.getByText(`Console of VM ${server.vmId}`, { exact: false }).waitFor();
    expect(await consoleTab.evaluate(() => window.opener)).toBeNull();
    await consoleTab.close();
    expect(await page.content()).not.toContain("/novnc/");

    // Reverse DNS of the server's address.
    const ptr = panel.getByLabel(`PTR name of ${ip}`);
    await ptr.fill("mail.example.com");
    // `has` is looked for inside each form: a locator of its own, not one chained from the panel.
    await panel
      .locator("form")
      .filter({ has: page.getByLabel(`PTR name of ${ip}`) })
      .getByRole("button", { name: "Save" })
      .click();
    await toast(page, "Reverse DNS saved").waitFor();
    await panel.getByText("Now: mail.example.com").waitFor();
    expect((await simMore(server.vmId)).rdns).toEqual({ [ip]: "mail.example.com" });

    // A backup now, then restored after the short id is typed.
    await panel.getByRole("button", { name: "Back up now" }).click();
    await toast(page, "Backup started").waitFor();
    const list = panel.getByRole("list", { name: "Backups, newest first" });
    await list.getByRole("listitem").first().waitFor({ timeout: 15_000 });
    const restoreButton = list.getByRole("button", { name: "Restore…" }).first();
    await expect.poll(() => restoreButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await restoreButton.click();
    const restore = page.getByRole("alertdialog", { name: "Restore backup" });
    await restore.getByLabel("Service short id").fill(short);
    await restore.getByRole("button", { name: "Replace the disk" }).click();
    await toast(page, "Restore started").waitFor();
    expect((await simMore(server.vmId)).restores).toBe(1);

    const audit = await sql<{ action: string }[]>`
      select action from audit_log where entity_id = ${svc!.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "service.reinstall",
        "service.reinstall.finished",
        "service.console",
        "service.rdns",
        "service.backup.create",
        "service.backup.restore",
      ]),
    );
    await context.close();

    // A phone: the section fits, axe is clean, and the actions work there too.
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(15_000);
    await signIn(phonePage, user.email, user.password);
    await phonePage.goto(`/service/${svc!.id}`);
    const phonePanel = manage(phonePage);
    await phonePanel.getByText("Now: mail.example.com").waitFor();
    await phonePanel.getByRole("list", { name: "Backups, newest first" }).waitFor();
    expect(await sidewaysScroll(phonePage)).toBeLessThanOrEqual(0);
    expect(await seriousAxe(phonePage)).toEqual([]);
    const phonePtr = phonePanel.getByLabel(`PTR name of ${ip}`);
    await phonePtr.fill("");
    await phonePanel
      .locator("form")
      .filter({ has: phonePage.getByLabel(`PTR name of ${ip}`) })
      .getByRole("button", { name: "Save" })
      .click();
    await toast(phonePage, "Reverse DNS reset to the provider's default").waitFor();
    expect((await simMore(server.vmId)).rdns).toEqual({});
    await phonePanel.getByRole("button", { name: "Reinstall…" }).click();
    const phoneDialog = phonePage.getByRole("alertdialog", { name: "Reinstall server" });
    await phoneDialog.getByLabel("Service short id").waitFor();
    expect(await sidewaysScroll(phonePage)).toBeLessThanOrEqual(0);
    expect(await seriousAxe(phonePage)).toEqual([]);
    await phoneDialog.getByRole("button", { name: "Cancel" }).click();
    await phone.close();
  });
});
