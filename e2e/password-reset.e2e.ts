import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";

/**
 * Password recovery in Chromium against the portal as `npm start` runs it. The portal
 * has no SMTP_URL, so its mail catcher (a real SMTP server in the API process) saves each mail
 * the outbox worker delivers as an .eml file under DATA_DIR/mails; the test reads them there.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first caught mail to `to` with this subject, waiting for the worker to deliver it. */
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
      if (address?.toLowerCase().includes(to) && mail.subject === subject) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail "${subject}" to ${to} in ${dir} after ${timeoutMs} ms`);
}

/** The portal path (with its query) of the first link in the mail's text under `path`. */
function linkPath(mail: ParsedMail, path: string): string {
  const match = (mail.text ?? "").match(new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

async function signInFails(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await toast(page, "Invalid login credentials").waitFor();
}

describe("password recovery", () => {
  it("forgot password -> mail caught -> new password -> sign in", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/auth/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByRole("status")
      .getByText("If an account exists for this email address, we have sent a link", {
        exact: false,
      })
      .waitFor();

    const mail = await caughtMail(user.email, "Reset your Hosting Portal password");
    const resetPath = linkPath(mail, "/auth/reset-password");

    await page.goto(resetPath);
    const newPassword = "recovered-123";
    // The SPEC's rules and messages hold on the new password.
    await page.getByLabel("New Password").fill("short");
    await page.getByLabel("Confirm Password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await toast(page, "Password must be at least 6 characters").waitFor();
    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/auth/login");
    await toast(
      page,
      "Your password has been reset. You can now log in with the new password.",
    ).waitFor();

    await signInFails(page, user.email, user.password);
    await signIn(page, user.email, newPassword);
    await page.getByText(`Welcome, ${user.username}!`).waitFor();

    // The link was single-use.
    await page.goto(resetPath);
    await page.getByLabel("New Password").fill("another-pass");
    await page.getByLabel("Confirm Password").fill("another-pass");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page
      .getByRole("alert")
      .getByText("This password reset link is invalid, expired or already used.", {
        exact: false,
      })
      .waitFor();
    await context.close();
  });

  it("an unknown address gets the same answer", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/auth/forgot-password");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByRole("status")
      .getByText("If an account exists for this email address, we have sent a link", {
        exact: false,
      })
      .waitFor();
    await context.close();
  });
});

describe("email verification", () => {
  it("the frame shows a banner with 'Resend' until the mailed link is opened", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    const banner = page.getByRole("region", { name: "Email verification" });
    await banner
      .getByText("Please verify your email address: open the link we mailed you.")
      .waitFor();

    await banner.getByRole("button", { name: "Resend" }).click();
    await toast(page, "We have sent you a new verification link.").waitFor();

    const mail = await caughtMail(user.email, "Verify your email address for Hosting Portal");
    await page.goto(linkPath(mail, "/auth/verify-email"));
    await page.getByRole("status").getByText("Your email address is verified.").waitFor();
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByText(`Welcome, ${user.username}!`).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});

describe("admin mail outbox", () => {
  it("lists each mail with its delivery state", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await caughtMail(user.email, "Verify your email address for Hosting Portal");
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Mail Outbox" }).click();
    await page.waitForURL("**/admin/mail-outbox");
    const row = page
      .getByRole("row")
      .filter({ hasText: user.email })
      .filter({ hasText: "email_verification" });
    await row.getByText("sent", { exact: true }).waitFor();
    await context.close();
  });
});
