/**
 * Every signed-in page, customer and admin, light and dark, at desktop (1360), tablet
 * (768) and phone (390) widths: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) finds no serious or
 * critical violation, and no page scrolls sideways at the tablet and phone widths. Phone views
 * are saved under test-results/phone/ to be looked at. One signed-in context per role and
 * theme; the viewport is resized on the same page instead of signing in again.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations, sidewaysScroll } from "./a11y";
import { ADMIN, launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";

const VIEWPORTS = {
  desktop: { width: 1360, height: 860 },
  tablet: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
type Theme = "light" | "dark";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
const resultsDir = join(inject("repoRoot"), "test-results");
const phoneDir = join(resultsDir, "phone");
const laptopDir = join(resultsDir, "laptop");
const customer = uniqueUser();
let serviceId = "";

interface Finding {
  role: string;
  theme: Theme;
  viewport: ViewportName;
  path: string;
  violations: { id: string; impact: string; nodes: number; sample: string }[];
  overflow: number;
  smallTargets: string[];
}
const findings: Finding[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(phoneDir, { recursive: true });
  mkdirSync(laptopDir, { recursive: true });
  // A customer with something on every page: credits and a ledger row, an order, a running
  // VPS, a suspended one and a dedicated server.
  const { context, page } = await newPage(browser);
  await register(page, customer);
  await context.close();
  const [product] = await sql<{ id: string }[]>`
    select id from products where product_type = 'vps' and archived_at is null order by price limit 1`;
  await sql.begin(async (tx) => {
    await tx`update profiles set credits = 1234.56 where email = ${customer.email}`;
    await tx`
      insert into transactions (user_id, amount, kind)
      select id, 1234.56, 'topup' from profiles where email = ${customer.email}`;
    const [order] = await tx<{ id: string }[]>`
      insert into orders (user_id, product_id, expire_date)
      select id, ${product!.id}, now() + interval '30 days' from profiles where email = ${customer.email}
      returning id`;
    const reseller = 800_000 + Math.floor(Math.random() * 100_000);
    const [vps] = await tx<{ id: string }[]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
      select id, 'vps', 'active', '198.51.100.24', '8', '4', '160', ${reseller}, ${order!.id}
      from profiles where email = ${customer.email}
      returning id`;
    serviceId = vps!.id;
    await tx`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      select id, 'vps', 'suspended', '198.51.100.25', '4', '2', '80', ${reseller + 1}
      from profiles where email = ${customer.email}`;
    await tx`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      select id, 'dedicated', 'active', '198.51.100.26', '64', '16', '2000', ${reseller + 2}
      from profiles where email = ${customer.email}`;
  });
});

afterAll(async () => {
  for (const { context } of sessions.values()) await context.close();
  writeFileSync(join(resultsDir, "responsive-a11y.json"), `${JSON.stringify(findings, null, 2)}\n`);
  await sql.end();
  await browser?.close();
});

const customerPages = () => [
  "/dashboard",
  `/service/${serviceId}`,
  "/settings",
  "/charge-credits",
  "/transactions",
  "/orders",
  "/products/vps",
  "/products/dedicated",
];
const adminPages = [
  "/dashboard",
  "/settings",
  "/charge-credits",
  "/transactions",
  "/orders",
  "/products/vps",
  "/admin/users",
  "/admin/services",
  "/admin/products",
  "/admin/orders",
  "/admin/audit",
  "/admin/invoices",
  "/admin/mail-outbox",
];

/** The page has its heading and nothing is loading any more. */
async function settle(page: Page) {
  await page.locator("main h1").first().waitFor();
  await page
    .waitForFunction(
      () => document.querySelectorAll('main [aria-busy="true"]').length === 0,
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

/** Visible buttons, fields and menu triggers smaller than 44x44 CSS px (inline text links aside). */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const els = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], input:not([type="hidden"]), select, textarea, [role="checkbox"], [role="switch"], nav a, header a, td a, [role="cell"] a',
    );
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden") continue;
      // A native checkbox inside its label counts as the label's size.
      const label = el.closest("label");
      const box = label ? label.getBoundingClientRect() : r;
      if (box.width >= 44 && box.height >= 44) continue;
      if (el.closest(".sr-only")) continue;
      const name =
        el.getAttribute("aria-label") || el.textContent?.trim().slice(0, 30) || el.tagName;
      out.push(
        `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
    }
    return out;
  });
}

function slug(path: string) {
  return (
    path
      .replace(/^\//, "")
      .replace(/\/[0-9a-f-]{36}$/, "")
      .replace(/\//g, "-") || "home"
  );
}

/**
 * One signed-in page per role (the per-account sign-in limit is 10 per 5 minutes, and other
 * suites sign the admin in too); the theme is switched with the OS preference it follows.
 */
const sessions = new Map<string, { context: BrowserContext; page: Page }>();
async function roleSession(role: "customer" | "admin") {
  let s = sessions.get(role);
  if (!s) {
    s = await newPage(browser);
    const creds = role === "admin" ? ADMIN : customer;
    await signIn(s.page, creds.email, creds.password);
    sessions.set(role, s);
  }
  return s.page;
}

async function checkRole(role: "customer" | "admin", theme: Theme) {
  const page = await roleSession(role);
  await page.emulateMedia({ colorScheme: theme });
  const paths = role === "admin" ? adminPages : customerPages();
  for (const path of paths) {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(path);
    await settle(page);
    if (role === "admin" && theme === "light" && path.startsWith("/admin/")) {
      // Admin tables on a 1280 px laptop: looked at, not asserted.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(laptopDir, `admin-${slug(path)}.png`), fullPage: true });
    }
    for (const viewport of ["desktop", "tablet", "phone"] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.waitForTimeout(150);
      const violations = await axeViolations(page);
      const finding: Finding = {
        role,
        theme,
        viewport,
        path: path.replace(serviceId, ":id"),
        violations,
        overflow: viewport === "desktop" ? 0 : await sidewaysScroll(page),
        smallTargets: viewport === "phone" ? await smallTargets(page) : [],
      };
      findings.push(finding);
      if (viewport === "phone") {
        await page.screenshot({
          path: join(phoneDir, `${role}-${theme}-${slug(path)}.png`),
          fullPage: true,
        });
      }
    }
  }
  const mine = findings.filter((f) => f.role === role && f.theme === theme);
  const serious = mine.flatMap((f) =>
    f.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${f.viewport} ${f.path}: ${v.id} (${v.impact}, ${v.nodes}) ${v.sample}`),
  );
  const overflowing = mine
    .filter((f) => f.overflow > 0)
    .map((f) => `${f.viewport} ${f.path}: ${f.overflow}px`);
  expect({ serious, overflowing }).toEqual({ serious: [], overflowing: [] });
}

describe("phone frame: navigation drawer and skip link", () => {
  it("opens the drawer from the top bar, moves focus into it and closes it every way", async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page, customer.email, customer.password);
    await settle(page);
    const menu = page.getByRole("button", { name: "Open navigation" });
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    // The pinned side navigation is gone; nothing covers the top bar.
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    await page.getByTestId("balance").waitFor();

    // Open: focus is inside; Escape closes and focus returns to the menu button.
    await menu.click();
    await drawer.waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.waitForTimeout(300); // the slide-in
    await page.screenshot({ path: join(phoneDir, "customer-light-nav-drawer.png") });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);

    // A tap outside the drawer closes it.
    await menu.click();
    await drawer.waitFor();
    await page.mouse.click(VIEWPORTS.phone.width - 20, VIEWPORTS.phone.height / 2);
    await drawer.waitFor({ state: "detached" });

    // Following a link navigates and closes it.
    await menu.click();
    await drawer.getByRole("link", { name: "Transactions" }).click();
    await page.waitForURL("**/transactions");
    await drawer.waitFor({ state: "detached" });
    await settle(page);

    // Keyboard: the first Tab on a page reaches the skip link, which moves focus to the main
    // content.
    await page.reload();
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "main");
    await context.close();
  });
});

describe("responsive layout and WCAG 2.2 AA", () => {
  for (const role of ["customer", "admin"] as const) {
    for (const theme of ["light", "dark"] as const) {
      it(`${role} pages, ${theme} theme, desktop/tablet/phone`, async () => {
        await checkRole(role, theme);
      }, 150_000);
    }
  }
});
