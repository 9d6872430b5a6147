import { mkdirSync } from "node:fs";
import { join } from "node:path";
import * as OTPAuth from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, register, toast, uniqueUser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shots = join(import.meta.dirname, "..", "test-results", "mfa");

/**
 * WebAuthn refuses an IP address as relying-party id, so this journey reaches the portal as
 * localhost, which is also the host of its default PUBLIC_URL (scripts/start.mjs).
 */
const localhostUrl = () => baseUrl().replace("127.0.0.1", "localhost");

/** What an authenticator app shows `offset` steps (of 30 s) from now. */
const totpCode = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/auth/login");
}

describe("multi-factor sign-in", () => {
  it("enrols TOTP, signs in with password + code, adds a passkey and signs in with it", async () => {
    mkdirSync(shots, { recursive: true });
    const context = await browser.newContext({
      baseURL: localhostUrl(),
      viewport: { width: 1360, height: 860 },
      colorScheme: "light",
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const user = uniqueUser();
    await register(page, user);
    await passwordStep(page, user.email, user.password);
    await page.waitForURL("**/dashboard");

    // Enrol an authenticator app from /settings.
    await page.goto("/settings");
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Two-factor authentication" }),
    });
    await section.getByText("Two-factor authentication is off").waitFor();
    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Work phone");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await dialog.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.screenshot({ path: join(shots, "enroll-totp.png") });
    await dialog.getByLabel("Code from the app").fill("12");
    await dialog.getByRole("button", { name: "Verify and enable" }).click();
    await toast(page, "Validation Error").waitFor();
    await dialog.getByLabel("Code from the app").fill(totpCode(secret));
    await dialog.getByRole("button", { name: "Verify and enable" }).click();
    await toast(page, "Two-factor authentication enabled").waitFor();
    await section
      .getByRole("row", { name: /Work phone/ })
      .getByText("Verified")
      .waitFor();

    // Password alone no longer signs in: the second step asks for the code.
    await signOut(page);
    await passwordStep(page, user.email, user.password);
    await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    expect(page.url()).toContain("/auth/login");
    await page.screenshot({ path: join(shots, "sign-in-second-step.png") });
    const valid = [-1, 0, 1].map((o) => totpCode(secret, o));
    await page
      .getByLabel("Authentication code")
      .fill(valid.includes("000000") ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Invalid code. Check your authenticator app and try again.").waitFor();
    // The enrolment used the current step's code; a code is accepted once, so use the next one.
    await page.getByLabel("Authentication code").fill(totpCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/dashboard");
    await toast(page, "Logged in successfully!").waitFor();

    // Register a passkey with Chromium's virtual authenticator.
    await page.goto("/settings");
    await section.getByRole("button", { name: "Add passkey" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Laptop passkey");
    await page.getByRole("dialog").getByRole("button", { name: "Create passkey" }).click();
    await toast(page, "Passkey added").waitFor();
    await section
      .getByRole("row", { name: /Laptop passkey/ })
      .getByText("Verified")
      .waitFor();
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await section.screenshot({ path: join(shots, "settings-factors.png") });

    // Second step with the passkey instead of a code.
    await signOut(page);
    await passwordStep(page, user.email, user.password);
    await page.getByRole("button", { name: "Use passkey" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByText(`Welcome, ${user.username}!`).waitFor();

    // Removing both factors (behind a confirmation with fresh proof: the password, then the
    // passkey itself) returns the user to password-only sign-in.
    await page.goto("/settings");
    const remove = page.getByRole("alertdialog", { name: "Remove this factor?" });
    await section.getByRole("button", { name: "Remove Work phone" }).click();
    await remove.getByRole("button", { name: "Remove" }).click();
    await remove.getByText("Enter your password").waitFor();
    await remove.getByLabel("Confirm with your password").fill(user.password);
    await remove.getByRole("button", { name: "Remove" }).click();
    await section.getByRole("row", { name: /Work phone/ }).waitFor({ state: "detached" });
    await section.getByRole("button", { name: "Remove Laptop passkey" }).click();
    await remove.getByRole("button", { name: "Confirm with a passkey" }).click();
    await section.getByRole("row", { name: /Laptop passkey/ }).waitFor({ state: "detached" });
    await section.getByText("Two-factor authentication is off").waitFor();
    await signOut(page);
    await passwordStep(page, user.email, user.password);
    await page.waitForURL("**/dashboard");
    await context.close();
  });
});
