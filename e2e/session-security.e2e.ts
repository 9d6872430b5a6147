import type { Browser, BrowserContext, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN,
  baseUrl,
  launchBrowser,
  newPage,
  orderNow,
  register,
  signIn,
  toast,
  uniqueUser,
} from "./browser";

/**
 * The session is out of reach of page scripts (refresh token in an HttpOnly cookie,
 * access token in memory), the portal runs under a strict Content-Security-Policy without a
 * single violation, and several tabs share one session.
 */
let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

/** Every CSP violation of every page of the context: DOM events and Chromium's console errors. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction("__reportCspViolation", (v: string) => violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void })
        .__reportCspViolation;
      void report(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const watch = (page: Page) =>
    page.on("console", (msg) => {
      if (msg.type() === "error" && /Content.Security.Policy/i.test(msg.text())) {
        violations.push(`console: ${msg.text()}`);
      }
    });
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
  return violations;
}

const refreshCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => /portal_refresh$/.test(c.name));

/** What any script on the page can read: cookies, both storages, and the session object. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => {
    const dump = (s: Storage) =>
      Object.fromEntries(
        Array.from({ length: s.length }, (_, i) => s.key(i) ?? "").map((k) => [k, s.getItem(k)]),
      );
    const store = (globalThis as unknown as { __portalSession?: { getSession(): unknown } })
      .__portalSession;
    return JSON.stringify({
      cookie: document.cookie,
      local: dump(localStorage),
      session: dump(sessionStorage),
      store: store?.getSession() ?? null,
    });
  });

describe("session out of reach of scripts, strict CSP", () => {
  it("no script can read the refresh token; sign-in, dashboard, live balance, buy and sign-out work with zero CSP violations", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(context);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByText(`Welcome, ${user.username}!`).waitFor();

    // The document is served with the policy and the other headers.
    const doc = await page.goto("/dashboard");
    const headers = doc?.headers() ?? {};
    expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(headers["content-security-policy"]).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["permissions-policy"]).toBeTruthy();
    await page.getByText(`Welcome, ${user.username}!`).waitFor();

    // The refresh token is an HttpOnly, SameSite=Strict cookie for the auth paths only, and a
    // browser-session cookie since 'Remember me' was not ticked (SPEC §4).
    const cookie = await refreshCookie(context);
    expect(cookie).toBeTruthy();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    expect(cookie?.path).toBe("/api/auth");
    expect(cookie?.expires).toBe(-1);
    const visible = await readableByScripts(page);
    expect(visible).not.toContain(cookie?.value);
    expect(visible).not.toMatch(/refresh_token/);
    // Even a script calling the API itself gets no refresh token back.
    const body = await page.evaluate(async () => {
      const res = await fetch("/api/auth/refresh", { method: "POST" });
      return await res.text();
    });
    const rotated = await refreshCookie(context);
    expect(body).toContain("access_token");
    expect(body).not.toContain(rotated?.value);
    expect(body).not.toMatch(/refresh_token/);

    // Live updates (the event stream) run under the policy.
    await page.getByTestId("balance").getByText("0.00 EUR").waitFor();
    await sql`update profiles set credits = 15.00, ledger_total = 15.00 where email = ${user.email}`;
    await page.getByTestId("balance").getByText("15.00 EUR").waitFor({ timeout: 10_000 });

    // Buy (mf-shop), then the pages of the other remotes.
    await page.goto("/products/vps");
    await orderNow(page, "VPS Start");
    await toast(page, "Order Successful").waitFor();
    await page.goto("/orders");
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await page.getByText("VPS Start").first().waitFor();
    await page.goto("/charge");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.goto("/transactions");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.goto("/settings");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // A reload restores the session from the cookie alone.
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(page.url()).toMatch(/\/settings$/);

    // Sign-out clears the cookie: a reload cannot bring the session back.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/auth/login");
    expect(await refreshCookie(context)).toBeUndefined();
    await page.goto("/dashboard");
    await page.waitForURL("**/auth/login");
    await page.getByRole("button", { name: "Sign In" }).waitFor();

    expect(violations).toEqual([]);
    await context.close();
  });

  it("the admin screens (mf-admin) run under the policy too", async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(context);
    await signIn(page, ADMIN.email, ADMIN.password, true);
    const remembered = await refreshCookie(context);
    // 'Remember me': the cookie lives as long as the refresh token (5 days).
    const days = ((remembered?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThanOrEqual(5);
    for (const path of ["/admin/users", "/admin/services", "/admin/orders", "/admin/products"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it("two tabs share one session: the second tab signs in from the cookie, a refresh rotates the cookie once, sign-out ends both", async () => {
    const user = uniqueUser();
    const { context, page: tabA } = await newPage(browser);
    const violations = await watchCsp(context);
    const refreshes: (string | null)[] = [];
    const from: string[] = [];
    context.on("request", (req) => {
      if (!req.url().endsWith("/api/auth/refresh")) return;
      refreshes.push(req.postData());
      from.push(`${req.frame().page() === tabA ? "A" : "B"} ${Date.now() % 100000}`);
    });
    await register(tabA, user);
    await signIn(tabA, user.email, user.password);

    const tabB = await context.newPage();
    await tabB.goto("/dashboard");
    await tabB.getByText(`Welcome, ${user.username}!`).waitFor();
    // Tab B got its session from the cookie, and nothing was sent in a request body.
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.every((b) => !b)).toBe(true);
    await tabA.waitForFunction(() => {
      const g = globalThis as unknown as { __portalSession: { getSession(): unknown } };
      return g.__portalSession.getSession() !== null;
    });

    // Both tabs' timers fire at once: one rotates the cookie, the other takes the new token.
    refreshes.length = 0;
    from.length = 0;
    const refreshIn = (page: Page) =>
      page.evaluate(async () => {
        const g = globalThis as unknown as {
          __portalSession: { refresh(): Promise<{ access_token: string } | null> };
        };
        return (await g.__portalSession.refresh())?.access_token ?? null;
      });
    const tokenIn = (page: Page) =>
      page.evaluate(() => {
        const g = globalThis as unknown as {
          __portalSession: { getSession(): { access_token: string } | null };
        };
        return g.__portalSession.getSession()?.access_token ?? null;
      });
    // A refresh in one tab reaches the other.
    const fromA = await refreshIn(tabA);
    await expect.poll(() => tokenIn(tabB)).toBe(fromA);
    refreshes.length = 0;
    from.length = 0;
    // Both timers fire at once, a little later (a token just received is not exchanged again).
    await tabA.waitForTimeout(2_500);
    const [a, b] = await Promise.all([refreshIn(tabA), refreshIn(tabB)]);
    expect(refreshes, from.join(", ")).toHaveLength(1);
    expect(a).toBeTruthy();
    expect(a).toBe(b);
    // Both tabs keep working with the shared session.
    await tabA.goto("/transactions");
    await tabA.getByRole("heading", { level: 1 }).first().waitFor();
    await tabB.goto("/orders");
    await tabB.getByRole("heading", { name: "Orders", level: 1 }).waitFor();

    // Signing out in one tab signs out the other.
    await tabB.getByRole("button", { name: "User menu" }).click();
    await tabB.getByRole("menuitem", { name: "Logout" }).click();
    await tabB.waitForURL("**/auth/login");
    await tabA.waitForURL("**/auth/login");
    expect(await refreshCookie(context)).toBeUndefined();
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe("Settings → Sessions", () => {
  it("lists this device and the others; ending one signs that device out at once; 'sign out other sessions' ends the rest", async () => {
    const user = uniqueUser();
    const { context, page: laptop } = await newPage(browser);
    await register(laptop, user);
    await signIn(laptop, user.email, user.password);
    // The same account on a phone (its own browser, its own cookie).
    const phoneContext = await browser.newContext({
      baseURL: baseUrl(),
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    });
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(15_000);
    await signIn(phone, user.email, user.password);
    await phone.getByText(`Welcome, ${user.username}!`).waitFor();

    await laptop.goto("/settings");
    const section = laptop.locator("section", {
      has: laptop.getByRole("heading", { name: "Sessions", exact: true }),
    });
    const table = section.getByRole("table", { name: "Sessions" });
    const thisDevice = table.getByRole("row", { name: /This device/ });
    await thisDevice.waitFor();
    expect(await thisDevice.textContent()).toContain("Chrome on Linux");
    const phoneRow = table.getByRole("row", { name: /Safari on iOS/ });
    await phoneRow.waitFor();
    expect(await phoneRow.textContent()).toMatch(/127\.0\.0\.1|::1/);

    await section.getByRole("button", { name: "End session on Safari on iOS" }).click();
    await toast(laptop, "Session ended").waitFor();
    await phoneRow.waitFor({ state: "detached" });
    // The phone's open page learns within seconds (its live-update stream closes) and signs out.
    await phone.waitForURL("**/auth/login", { timeout: 30_000 });

    // Two more sessions, then all of them end at once; the laptop stays signed in.
    const others = [
      await browser.newContext({ baseURL: baseUrl() }),
      await browser.newContext({ baseURL: baseUrl() }),
    ];
    for (const other of others) await signIn(await other.newPage(), user.email, user.password);
    await laptop.reload();
    await table.getByRole("row").nth(3).waitFor();
    await section.getByRole("button", { name: "Sign out other sessions" }).click();
    await laptop
      .getByRole("alertdialog", { name: "Sign out other sessions?" })
      .getByRole("button", { name: "Sign out others" })
      .click();
    await toast(laptop, "2 other sessions ended.").waitFor();
    await expect.poll(() => table.getByRole("row").count()).toBe(2); // header + this device
    // Still so from the server's side, and the laptop is still signed in.
    await laptop.reload();
    await thisDevice.waitFor();
    expect(await table.getByRole("row").count()).toBe(2);
    for (const other of others) await other.close();
    await phoneContext.close();
    await context.close();
  });
});
