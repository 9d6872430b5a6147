import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import type { Browser } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN,
  baseUrl,
  launchBrowser,
  newPage,
  register,
  signIn,
  toast,
  uniqueUser,
} from "./browser";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

/** The first caught mail to `to` whose subject starts so (the API's mail catcher saves .eml files). */
async function caughtMail(to: string, subject: string, timeoutMs = 20_000): Promise<ParsedMail> {
  const dir = inject("mailDir");
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(".eml") && !seen.has(f));
    } catch {
      // The folder appears with the catcher.
    }
    for (const file of files) {
      seen.add(file);
      const mail = await simpleParser(readFileSync(join(dir, file)));
      const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (address?.toLowerCase().includes(to) && mail.subject?.startsWith(subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail "${subject}" to ${to} in ${dir} after ${timeoutMs} ms`);
}

/** What an admin does in Admin → Users: sets a user's status, through the same API call. */
async function setOwnerStatus(email: string, status: "active" | "suspended") {
  const signedIn = await fetch(new URL("/api/auth/sign-in", baseUrl()), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(signedIn.status).toBe(200);
  const { access_token } = (await signedIn.json()) as { access_token: string };
  const [user] = await sql<{ id: string }[]>`select id from profiles where email = ${email}`;
  const res = await fetch(new URL(`/api/admin/users/${user!.id}/status`, baseUrl()), {
    method: "PUT",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ status }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("Members: an owner invites a technician who accepts from the mail and works in the account", () => {
  it("invites in Chromium, accepts from the mail, switches account, and the role's limits show", async () => {
    const owner = uniqueUser();
    const tech = uniqueUser();
    const a = await newPage(browser);
    const b = await newPage(browser);
    await register(a.page, owner);
    await register(b.page, tech);
    await signIn(a.page, owner.email, owner.password);

    await a.page.goto("/settings");
    const members = a.page
      .locator("section")
      .filter({ has: a.page.getByRole("heading", { name: "Members", exact: true }) });
    await members.getByText(`${owner.username} (you)`, { exact: true }).waitFor();
    await members.getByRole("button", { name: "Invite member" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Invite a member" });
    await dialog.getByRole("textbox", { name: "Email" }).fill(tech.email);
    await dialog.getByRole("combobox", { name: "Role" }).selectOption("technical");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await toast(a.page, "Invitation sent").waitFor();
    await a.page.getByRole("table", { name: "Open invitations" }).getByText(tech.email).waitFor();

    // The invitee opens the mail's link, signs in on the way, and accepts.
    const mail = await caughtMail(tech.email, "You are invited to the Hosting Portal account");
    const link = (mail.text ?? "").match(/https?:\/\/\S+\/settings\?invitation=[A-Za-z0-9_-]+/);
    expect(link).not.toBeNull();
    const url = new URL(link![0]);
    await b.page.goto(url.pathname + url.search);
    await b.page.waitForURL("**/auth/login");
    await b.page.getByLabel("Email").fill(tech.email);
    await b.page.getByLabel("Password", { exact: true }).fill(tech.password);
    await b.page.getByRole("button", { name: "Sign In" }).click();
    await b.page.waitForURL("**/settings?invitation=*");
    await b.page.getByTestId("invitation-offer").getByText(owner.username).waitFor();
    await b.page.getByRole("button", { name: "Accept invitation" }).click();
    await toast(b.page, "Invitation accepted").waitFor();

    // The top bar's switcher moves the session to the owner's account.
    await b.page.getByTestId("account-switcher").click();
    await b.page.getByRole("menuitemradio", { name: `${owner.username} · Technical` }).click();
    await b.page.waitForURL("**/dashboard");
    await b.page.getByRole("button", { name: `Account: ${owner.username}` }).waitFor();

    // What a technician sees in Settings: the members without owner controls, no API tokens,
    // no billing details.
    await b.page.goto("/settings");
    const theirMembers = b.page
      .locator("section")
      .filter({ has: b.page.getByRole("heading", { name: "Members", exact: true }) });
    await theirMembers.getByText(`${tech.username} (you)`, { exact: true }).waitFor();
    await theirMembers.getByText("Technical", { exact: true }).waitFor();
    expect(await theirMembers.getByRole("button", { name: "Invite member" }).count()).toBe(0);
    expect(await b.page.getByRole("heading", { name: "API tokens" }).count()).toBe(0);

    // The pages hide what the role may not do: no charging credits, no ordering, but the
    // account's server with its controls.
    await b.page.goto("/charge-credits");
    await b.page.getByText("Your role in this account does not allow charging credits").waitFor();
    expect(await b.page.getByRole("spinbutton").count()).toBe(0);
    // Nor does the side menu offer them: no Charge Credits, no products; the orders stay.
    const menu = b.page.getByRole("navigation", { name: "Main" });
    await menu.getByRole("link", { name: "Orders" }).waitFor();
    expect(await menu.getByRole("link", { name: "Charge Credits" }).count()).toBe(0);
    expect(await menu.getByRole("button", { name: "Products" }).count()).toBe(0);
    await b.page.goto("/products/vps");
    await b.page.getByText("Your role in this account does not allow ordering").waitFor();
    expect(await b.page.getByRole("button", { name: "Order Now" }).count()).toBe(0);
    const [service] = await sql<{ id: string }[]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      select id, 'vps', 'active', '198.51.100.77', '4', '2', '80', 777001
      from profiles where email = ${owner.email}
      returning id`;
    await b.page.goto(`/service/${service!.id}`);
    await b.page.getByRole("heading", { name: "Server details" }).waitFor();
    await b.page.getByRole("button", { name: "Restart", exact: true }).waitFor();
    expect(await b.page.getByRole("heading", { name: "Plan", exact: true }).count()).toBe(0);

    // The owner's list shows the technician, whose role the owner may change: to read-only,
    // and the same page shows the server without any control.
    await a.page.reload();
    const roleSelect = members.getByRole("combobox", { name: `Role of ${tech.username}` });
    await roleSelect.waitFor();
    await roleSelect.selectOption("read_only");
    await expect
      .poll(async () => {
        const [row] = await sql<{ role: string }[]>`
          select m.role from account_members m join profiles p on p.id = m.user_id
          where p.email = ${tech.email} and m.account_id <> m.user_id`;
        return row?.role;
      })
      .toBe("read_only");
    await b.page.reload();
    await b.page.getByRole("heading", { name: "Server details" }).waitFor();
    await b.page.getByRole("heading", { name: "Live Statistics" }).waitFor();
    for (const name of ["Start", "Stop", "Restart"])
      expect(await b.page.getByRole("button", { name, exact: true }).count()).toBe(0);
    expect(await b.page.getByRole("heading", { name: "Manage server" }).count()).toBe(0);
    // Read-only reads the account's tickets but opens none (the API refuses it).
    await b.page.goto("/support");
    await b.page
      .getByText("Your role in this account does not allow opening or answering tickets")
      .waitFor();
    expect(await b.page.getByRole("button", { name: "Open ticket" }).count()).toBe(0);

    // An admin suspends the owner: the member's open page says at once what still works (the
    // live-update stream), and stops saying it when the owner is active again; no reload.
    const suspended =
      "This account is suspended: its services and orders can be viewed, and support reached, but nothing can be changed";
    await b.page.goto("/dashboard");
    await b.page.getByRole("button", { name: `Account: ${owner.username}` }).waitFor();
    const banner = b.page.getByRole("region", { name: "Account suspended" });
    expect(await banner.count()).toBe(0);
    await setOwnerStatus(owner.email, "suspended");
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toBe(suspended);
    await setOwnerStatus(owner.email, "active");
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await a.context.close();
    await b.context.close();
  });
});
