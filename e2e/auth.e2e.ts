import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What closing and reopening the browser does to cookies: session cookies (no expiry) go. */
async function restartBrowser(context: BrowserContext) {
  for (const c of await context.cookies()) {
    if (c.expires === -1) await context.clearCookies({ name: c.name });
  }
}

async function fillRegister(
  page: Page,
  v: { username: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Email").fill(v.email);
  await page.getByLabel("Password", { exact: true }).fill(v.password);
  await page.getByLabel("Confirm Password").fill(v.confirm);
  await page.getByRole("button", { name: "Create Account" }).click();
}

describe("register and sign in (SPEC §5, §8)", () => {
  it("a visitor's pages log no error in the console (no session is not an error)", async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    for (const path of ["/auth/login", "/auth/register", "/dashboard"]) {
      await page.goto(path);
      await page.getByRole("button", { name: /Sign In|Create Account/ }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows every register validation message", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/auth/register");
    const ok = {
      username: "validname",
      email: "valid@example.com",
      password: "secret123",
      confirm: "secret123",
    };
    const cases: [Partial<typeof ok>, string][] = [
      [{ username: "ab" }, "Username must be at least 3 characters"],
      [{ username: "a".repeat(21) }, "Username must be at most 20 characters"],
      [{ email: "not-an-email" }, "Invalid email address"],
      [{ password: "12345", confirm: "12345" }, "Password must be at least 6 characters"],
      [{ confirm: "different1" }, "Passwords don't match"],
    ];
    for (const [patch, message] of cases) {
      await fillRegister(page, { ...ok, ...patch });
      await toast(page, "Validation Error").first().waitFor();
      // The first schema message shows in the toast and under the field.
      await page.locator("[data-variant]").getByText(message).first().waitFor();
      await page.locator("form").getByText(message).waitFor();
      expect(page.url()).toContain("/auth/register");
    }
    await context.close();
  });

  it("registers, signs in and shows the frame with the greeting and 0.00 EUR", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await toast(page, "Account created successfully! You can now log in.").waitFor();

    // Same email again: the server's message in an 'Error' toast.
    await page.goto("/auth/register");
    await fillRegister(page, { ...user, username: `${user.username}x`, confirm: user.password });
    await toast(page, "Error").waitFor();

    await page.goto("/auth/login");
    await page.getByLabel("Email").fill("nope");
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await toast(page, "Validation Error").waitFor();
    await page.locator("form").getByText("Invalid email address").waitFor();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.locator("form").getByText("Password must be at least 6 characters").waitFor();

    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await toast(page, "Error").first().waitFor();
    await page.getByText("Invalid login credentials").first().waitFor();

    await signIn(page, user.email, user.password);
    await toast(page, "Logged in successfully!").waitFor();
    await page.getByText(`Welcome, ${user.username}!`).waitFor();
    expect(await page.getByTestId("balance").textContent()).toContain("0.00 EUR");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByText("No services yet").waitFor();
    expect(await page.getByText("ADMIN", { exact: true }).count()).toBe(0);

    // Non-admins on admin pages go to the dashboard; signed-in users leave /auth.
    await page.goto("/admin/users");
    await page.waitForURL("**/dashboard");
    await page.goto("/auth/login");
    await page.waitForURL("**/dashboard");

    // Logout shows the sign-in page with its frame at once: never the frame alone while the
    // sign-in page's code is still on its way (recorded at every change of the document).
    await page.evaluate(() => {
      (window as unknown as { frameAlone: boolean }).frameAlone = false;
      new MutationObserver(() => {
        const signIn = [...document.querySelectorAll("button")].some(
          (b) => b.textContent?.trim() === "Sign In",
        );
        const authFrame =
          !document.querySelector("header") &&
          !!document.body.textContent?.includes("Hosting Portal");
        if (authFrame && !signIn) (window as unknown as { frameAlone: boolean }).frameAlone = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/auth/login");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { frameAlone: boolean }).frameAlone),
    ).toBe(false);
    await page.goto("/settings");
    await page.waitForURL("**/auth/login");
    await context.close();
  });

  it("'Remember me' unticked ends the session with the browser session", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password, false);
    // A browser restart drops session cookies (no expiry) and keeps the others.
    await restartBrowser(context);
    await page.goto("/dashboard");
    await page.waitForURL("**/auth/login");

    await signIn(page, user.email, user.password, true);
    await restartBrowser(context);
    await page.goto("/dashboard");
    await page.getByText(`Welcome, ${user.username}!`).waitFor();
    await context.close();
  });
});

describe("the visitors' pages and their URL", () => {
  it("keeps the register form under its own URL until the sign-in page's code is here", async () => {
    const { context, page } = await newPage(browser);
    // The sign-in page's chunk is held back until the test lets it through.
    let requested = () => {};
    const wasRequested = new Promise<void>((r) => (requested = r));
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    await context.route(/\/assets\/login-page-[^/]*\.js$/, async (route) => {
      requested();
      await released;
      await route.continue();
    });
    await page.goto("/auth/register");
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    // Every frame the browser draws while the code is held back: the register form only ever
    // under /auth/register. (Once the code is here, the URL changes a frame or two before the
    // sign-in page is drawn, as with the data router: React renders the change as a transition.)
    await page.evaluate(() => {
      const w = window as unknown as { formElsewhere: string[]; watching: boolean };
      w.formElsewhere = [];
      w.watching = true;
      const check = () => {
        if (!w.watching) return;
        if (
          location.pathname !== "/auth/register" &&
          document.querySelector('input[name="username"]')
        )
          w.formElsewhere.push(location.pathname);
        requestAnimationFrame(check);
      };
      check();
    });

    await page.getByLabel("Username").fill("typed-before");
    await page.getByRole("link", { name: "Sign in" }).click();
    await wasRequested;
    // While the code is on its way, the register page and its URL stay, with what was typed.
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe("/auth/register");
    expect(await page.getByLabel("Username").inputValue()).toBe("typed-before");
    const formElsewhere = await page.evaluate(() => {
      const w = window as unknown as { formElsewhere: string[]; watching: boolean };
      w.watching = false;
      return w.formElsewhere;
    });
    expect(formElsewhere).toEqual([]);

    release();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    expect(await page.getByLabel("Username").count()).toBe(0);
    await context.close();
  });
});
