import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { seriousAxe } from "./a11y";
import { ADMIN, baseUrl, launchBrowser, register, uniqueUser } from "./browser";
import { addSimServer } from "./provider-sim";

/*
 * The customer's walk (sign-in, dashboard, ordering, transactions, settings) in each of the
 * portal's languages, chosen the way a new visitor's browser chooses it (Accept-Language), with
 * axe clean on every page and, outside English, no text of the English catalogues left on screen.
 */

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
const root = inject("repoRoot");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

type Catalog = Record<string, string>;
const readJson = (path: string): Catalog => JSON.parse(readFileSync(join(root, path), "utf8"));
const apps = ["shell", "mf-services", "mf-shop", "mf-account", "mf-support"] as const;
/** The staff pages' texts besides: scanned on the staff's walk only. */
const staffApps = [...apps, "mf-admin"] as const;
const catalog = (app: (typeof staffApps)[number], locale: string) =>
  readJson(`${app}/src/messages/${locale}.json`);
/** The contracts' messages: English from the API's own table, the others from its catalogs. */
const validation = (locale: string) => readJson(`api/contracts/i18n/validation-${locale}.json`);
const locales = readdirSync(join(root, "shell/src/messages")).map((f) => f.replace(".json", ""));

/**
 * React Aria's own strings (a popover's hidden "Dismiss", a table's sort announcements) in English
 * and in `locale`, per package, from the files the builds take them from: plain texts only.
 */
async function reactAriaStrings(locale: string): Promise<[Catalog, Catalog][]> {
  const texts = async (file: string): Promise<Catalog> => {
    const strings: Record<string, unknown> = (await import(pathToFileURL(file).href)).default;
    return Object.fromEntries(
      Object.entries(strings).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  };
  const dirs = ["react-aria", "react-aria-components", "react-stately"].flatMap((pkg) => {
    const intl = join(root, "node_modules", pkg, "dist/private/intl");
    const entries = readdirSync(intl);
    return entries.includes("en-US.mjs") ? [intl] : entries.map((dir) => join(intl, dir));
  });
  return Promise.all(
    dirs.flatMap((dir) => {
      const file = readdirSync(dir).find((f) => f.startsWith(`${locale}-`) && f.endsWith(".mjs"));
      return file ? [Promise.all([texts(join(dir, "en-US.mjs")), texts(join(dir, file))])] : [];
    }),
  );
}
const reactAria = Object.fromEntries(
  await Promise.all(locales.map(async (l) => [l, await reactAriaStrings(l)] as const)),
);

/**
 * The English texts a page in `locale` must not show: every English message (and React Aria
 * string) whose translation differs, cut at its arguments and tags into the literal parts long enough to mean something
 * ("Status" or "VPS" read the same in German and are left out by the comparison).
 */
function englishFragments(
  locale: string,
  scanned: readonly (typeof staffApps)[number][] = apps,
): string[] {
  const fragments = new Set<string>();
  // A text the language itself writes as a whole message ("Type" in French) is no sign of English.
  const own = new Set(scanned.flatMap((app) => Object.values(catalog(app, locale))));
  const add = (english: string, translated: string | undefined) => {
    if (!translated || translated === english) return;
    for (const part of english.split(/\{[^}]*\}|<\/?\d+>/)) {
      const text = part.trim();
      // One word of four letters or more, or several words: short parts ("for", "?") are noise.
      if (text.length >= 4 && !translated.includes(text) && !own.has(text)) fragments.add(text);
    }
  };
  for (const app of scanned) {
    const en = catalog(app, "en");
    const other = catalog(app, locale);
    for (const [key, text] of Object.entries(en)) add(text, other[key]);
  }
  for (const [en, other] of reactAria[locale] ?? []) {
    for (const [key, text] of Object.entries(en)) add(text, other[key]);
  }
  return [...fragments];
}

/**
 * Data the walks put on screen inside translated sentences ("… VPS Start …" in a toast), where no
 * element can mark it translate="no": left out of the scan, so its words ("Start") do not count.
 */
const DATA_TEXTS = ["VPS Start"];

/**
 * The English fragments found in the page's visible text and in the attributes a screen reader or
 * the browser shows (aria-label, placeholder, title, alt), as whole words.
 */
async function englishLeft(page: Page, fragments: string[]): Promise<string[]> {
  // Visible text outside what the page marks translate="no" (the catalogue's product data).
  const text = await page
    .evaluate(() => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[translate="no"]') || !parent.checkVisibility()) continue;
        parts.push(node.textContent ?? "");
      }
      // Visually hidden elements (a dismiss button for screen readers) count: they are rendered.
      const attributes = ["aria-label", "placeholder", "title", "alt"];
      for (const element of document.body.querySelectorAll(
        attributes.map((a) => `[${a}]`).join(),
      )) {
        if (element.closest('[translate="no"]') || !element.checkVisibility()) continue;
        for (const name of attributes) parts.push(element.getAttribute(name) ?? "");
      }
      return parts.join("\n");
    })
    .then((visible) => DATA_TEXTS.reduce((rest, data) => rest.split(data).join(" "), visible));
  return fragments.filter((f) => wholeWord(f).test(text));
}

/** `text` as a whole word (or words): not inside a longer word. */
const wholeWord = (text: string) =>
  new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u");

/** A page in the language's checks: <html lang>, axe, and no English left (outside English). */
async function checkPage(page: Page, locale: string, fragments: string[]) {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
  expect(await seriousAxe(page)).toEqual([]);
  if (locale !== "en") expect(await englishLeft(page, fragments)).toEqual([]);
}

describe("the portal in each language", () => {
  it.each(locales)(
    "walks sign-in, dashboard, ordering, transactions and settings in %s",
    async (locale) => {
      const shell = catalog("shell", locale);
      const services = catalog("mf-services", locale);
      const shop = catalog("mf-shop", locale);
      const account = catalog("mf-account", locale);
      const contracts = locale === "en" ? {} : validation(locale);
      const contract = (id: string, english: string) => contracts[id] ?? english;
      const fragments = englishFragments(locale);

      // The account is made in English; the language comes from the browser afterwards.
      const user = uniqueUser();
      const setup = await browser.newContext({ baseURL: baseUrl() });
      await register(await setup.newPage(), user);
      await setup.close();

      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1360, height: 860 },
        locale: { en: "en-US", de: "de-DE", fr: "fr-FR", nl: "nl-NL" }[locale] ?? locale,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);

      // Sign-in, in the browser's language.
      await page.goto("/auth/login");
      await page.getByRole("heading", { name: shell["auth.signIn.title"], level: 1 }).waitFor();
      await checkPage(page, locale, fragments);
      // A refusal that is zod's own (the password's maximum has no contract message) reads in the
      // form as in the API's answer to the same body.
      const tooLong = { email: user.email, password: "x".repeat(129), remember: false };
      const answer = await page.evaluate(
        async ([body, language]) => {
          const res = await fetch("/api/auth/sign-in", {
            method: "POST",
            headers: { "content-type": "application/json", "accept-language": language },
            body: JSON.stringify(body),
          });
          return ((await res.json()) as { error: { message: string } }).error.message;
        },
        [tooLong, locale] as const,
      );
      if (locale !== "en") expect(answer).not.toMatch(/^Too big/);
      await page.getByLabel(shell["auth.email"] as string).fill(user.email);
      const password = page.getByLabel(shell["auth.password"] as string, { exact: true });
      await password.fill(tooLong.password);
      await page.getByRole("button", { name: shell["auth.signIn.submit"] }).click();
      await page.locator("form").getByText(answer, { exact: true }).waitFor();
      await password.fill(user.password);
      // Enter, not a click: the error leaves as the field loses focus, moving the button up.
      await password.press("Enter");
      await page.waitForURL("**/dashboard");

      // Dashboard; the balance in the language's money format.
      await page.getByRole("heading", { name: services["dashboard.title"], level: 1 }).waitFor();
      await sql`update profiles set credits = 15.00, ledger_total = 15.00 where email = ${user.email}`;
      const fifteen = { en: "15.00 EUR", de: "15,00 €", fr: "15,00 €", nl: "€ 15,00" }[locale];
      // Intl writes a no-break space between amount and sign.
      await expect
        .poll(async () => (await page.getByTestId("balance").innerText()).replace(/\s/g, " "), {
          timeout: 10_000,
        })
        .toBe(fifteen);
      await page.evaluate(() =>
        Promise.allSettled(document.getAnimations().map((a) => a.finished)),
      );
      await checkPage(page, locale, fragments);

      // Ordering: a VPS, confirmed, paid from the credits.
      await page.goto("/products/vps");
      await page.getByRole("heading", { name: shop["vps.title"], level: 1 }).waitFor();
      const card = page.getByRole("article").filter({ hasText: "VPS Start" });
      await card.waitFor();
      await checkPage(page, locale, fragments);
      await card.getByRole("button", { name: shop.orderNow }).click();
      const dialog = page.getByRole("alertdialog", { name: shop.confirmOrder });
      await dialog.getByText("VPS Start", { exact: true }).waitFor();
      await checkPage(page, locale, fragments);
      await dialog.getByRole("button", { name: shop.orderNow }).click();
      await page
        .locator("[data-variant]")
        .getByText(contract("shop.orderSuccessTitle", "Order Successful"), { exact: true })
        .waitFor();
      await checkPage(page, locale, fragments);

      // Transactions: the purchase, its amount and its status in the language.
      await page.goto("/transactions");
      await page.getByRole("heading", { name: account["transactions.title"], level: 1 }).waitFor();
      await page.getByRole("row").nth(1).waitFor();
      await checkPage(page, locale, fragments);

      // Settings.
      await page.goto("/settings");
      await page.getByRole("heading", { name: account["settings.title"], level: 1 }).waitFor();
      await page.getByTestId("settings-credits").filter({ hasText: /\d/ }).waitFor();
      await page.evaluate(() =>
        Promise.allSettled(document.getAnimations().map((a) => a.finished)),
      );
      await checkPage(page, locale, fragments);

      await context.close();
    },
  );

  it("shows a VPS's page, the support pages, invoices and password recovery in German with no English left", async () => {
    const locale = "de";
    const shell = catalog("shell", locale);
    const services = catalog("mf-services", locale);
    const support = catalog("mf-support", locale);
    const account = catalog("mf-account", locale);
    const fragments = englishFragments(locale);

    const user = uniqueUser();
    const setup = await browser.newContext({ baseURL: baseUrl(), locale: "en-US" });
    await register(await setup.newPage(), user).finally(() => setup.close());
    // An active VPS at the provider's simulator, from an order of the seeded VPS Start.
    const server = await addSimServer({
      template: "Debian12",
      cpuCores: 1,
      memoryMb: 2048,
      diskGb: 40,
      ipv4Count: 1,
    });
    const [svc] = await sql<{ id: string }[]>`
      with o as (
        insert into orders (user_id, product_id, expire_date, status)
        select p.id, (select id from products where name = 'VPS Start' limit 1),
          now() + interval '20 days', 'active'
        from profiles p where p.email = ${user.email}
        returning id, user_id
      )
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
      select o.user_id, 'vps', 'active', ${server.ipv4[0]!}, '2', '1', '40', ${server.vmId}, o.id from o
      returning id`;

    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1360, height: 860 },
      locale: "de-DE",
    });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    // Password recovery, before signing in: the request form and a reset link without a token.
    await page.goto("/auth/forgot-password");
    await page.getByRole("heading", { name: shell["auth.forgot.title"], level: 1 }).waitFor();
    await checkPage(page, locale, fragments);
    await page.goto("/auth/reset-password");
    await page.getByRole("heading", { name: shell["auth.reset.title"], level: 1 }).waitFor();
    await page.getByRole("alert").waitFor();
    await checkPage(page, locale, fragments);

    await page.goto("/auth/login");
    await page.getByLabel(shell["auth.email"] as string).fill(user.email);
    await page.getByLabel(shell["auth.password"] as string, { exact: true }).fill(user.password);
    await page.getByRole("button", { name: shell["auth.signIn.submit"] }).click();
    await page.waitForURL("**/dashboard");

    // The service page: details, controls, manage server, plan, live statistics, history.
    await page.goto(`/service/${svc!.id}`);
    await page.getByRole("heading", { name: services["manage.title"] }).waitFor();
    await page.getByText(services["backups.none"] as string).waitFor();
    await page.getByRole("heading", { name: services["plan.cancellation"] }).waitFor();
    await page.getByText(services["stats.powerState"] as string).waitFor();
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
    await checkPage(page, locale, fragments);
    // A confirmation dialog of the page (typed short id), then closed again.
    await page.getByRole("button", { name: services["reinstall.open"] }).click();
    const reinstall = page.getByRole("alertdialog", { name: services["reinstall.dialogTitle"] });
    await reinstall.getByLabel(services["confirm.field"] as string).waitFor();
    await checkPage(page, locale, fragments);
    await reinstall.getByRole("button", { name: services["confirm.cancel"] }).click();
    await reinstall.waitFor({ state: "hidden" });

    // Support: the list (empty), a new ticket, its page, the list with it.
    const subject = "Kein Netzwerk nach dem Neustart";
    await page.goto("/support");
    await page.getByRole("heading", { name: support["page.title"], level: 1 }).waitFor();
    await page.getByText(support["list.empty"] as string).waitFor();
    await checkPage(page, locale, fragments);
    await page.getByLabel(support["new.subject"] as string).fill(subject);
    await page.getByLabel(support["new.category"] as string).selectOption("technical");
    await page
      .getByLabel(support["new.message"] as string)
      .fill("Seit dem Neustart antwortet der Server nicht mehr.");
    await page.getByRole("button", { name: support["new.submit"] }).click();
    await page.waitForURL("**/support/*");
    await page.getByRole("heading", { name: subject, level: 1 }).waitFor();
    await page.getByText(support["status.open"] as string, { exact: true }).waitFor();
    await checkPage(page, locale, fragments);
    await page.getByRole("link", { name: support["ticket.all"] }).click();
    await page.getByRole("link", { name: subject }).waitFor();
    await checkPage(page, locale, fragments);

    // Invoices: none yet.
    await page.goto("/invoices");
    await page.getByRole("heading", { name: account["invoices.title"], level: 1 }).waitFor();
    await page.getByText(account["invoices.none"] as string).waitFor();
    await checkPage(page, locale, fragments);
  });

  it("shows a staff page and its create dialog in German with no English left", async () => {
    const admin = catalog("mf-admin", "de");
    // Scanned with the shell's texts on the same page, a word German writes itself ("Link" in
    // the shell's banner) is no sign of English; nor is the signed-in admin's name ("Hallo, admin").
    const german = staffApps.flatMap((app) => Object.values(catalog(app, "de"))).join("\n");
    const fragments = englishFragments("de", staffApps).filter(
      (f) => f !== ADMIN.username && !wholeWord(f).test(german),
    );
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1360, height: 860 },
      locale: "de-DE",
    });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // The seeded admin has no saved language: the page follows the browser's German.
    await page.goto("/auth/login");
    const shell = catalog("shell", "de");
    await page.getByLabel(shell["auth.email"] as string).fill(ADMIN.email);
    await page.getByLabel(shell["auth.password"] as string, { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: shell["auth.signIn.submit"] }).click();
    await page.waitForURL("**/dashboard");

    // Manage Services (the services the walks above made, or its empty text when run alone),
    // then its Create service dialog with the customers to choose from.
    await page.goto("/admin/services");
    await page.getByRole("heading", { name: admin["services.title"], level: 1 }).waitFor();
    await page
      .getByRole("table", { name: admin["services.table"] })
      .getByRole("row")
      .nth(1)
      .waitFor();
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
    await checkPage(page, "de", fragments);
    await page.getByRole("button", { name: admin["services.create"] }).click();
    const dialog = page.getByRole("dialog", { name: admin["services.create"] });
    await dialog
      .getByLabel(admin["field.user"] as string)
      .locator("option")
      .nth(1)
      .waitFor({ state: "attached" });
    await checkPage(page, "de", fragments);
  });

  it("keeps a language chosen in the top bar on the profile, over the browser's", async () => {
    const user = uniqueUser();
    const setup = await browser.newContext({ baseURL: baseUrl(), locale: "en-US" });
    await register(await setup.newPage(), user).finally(() => setup.close());

    const context = await browser.newContext({ baseURL: baseUrl(), locale: "de-DE" });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const de = catalog("shell", "de");
    const fr = catalog("shell", "fr");
    await page.goto("/auth/login");
    await page.getByLabel(de["auth.email"] as string).fill(user.email);
    await page.getByLabel(de["auth.password"] as string, { exact: true }).fill(user.password);
    await page.getByRole("button", { name: de["auth.signIn.submit"] }).click();
    await page.waitForURL("**/dashboard");

    // English pages fetched no other language; this German one fetched German only.
    const asked: string[] = [];
    page.on("request", (r) => asked.push(r.url()));
    await page.getByRole("button", { name: new RegExp(`^${de["language.menu"]}`) }).click();
    // React Aria's own strings are German too: the menu's hidden dismiss button for screen readers.
    const dismiss = page.locator('[data-trigger="MenuTrigger"] button[tabindex="-1"]').first();
    expect(await dismiss.getAttribute("aria-label")).toBe("Schließen");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/account/locale") && r.request().method() === "PUT",
    );
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    expect((await saved).status()).toBe(204);
    await page
      .getByRole("heading", { name: catalog("mf-services", "fr")["dashboard.title"] })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(asked.some((u) => /\/fr-[\w-]+\.js$/.test(u))).toBe(true);
    expect(asked.some((u) => /\/nl-[\w-]+\.js$/.test(u))).toBe(false);
    // React Aria's strings followed the change: French ones arrived before the page switched.
    await page.getByRole("button", { name: catalog("shell", "fr")["topbar.userMenu"] }).click();
    expect(await dismiss.getAttribute("aria-label")).toBe("Rejeter");
    await page.keyboard.press("Escape");
    const [row] = await sql<{ locale: string | null }[]>`
      select locale from profiles where email = ${user.email}`;
    expect(row?.locale).toBe("fr");

    // A fresh browser in German still opens in the customer's French once signed in.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto("/auth/login");
    await page.getByLabel(de["auth.email"] as string).fill(user.email);
    await page.getByLabel(de["auth.password"] as string, { exact: true }).fill(user.password);
    await page.getByRole("button", { name: de["auth.signIn.submit"] }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("button", { name: fr["topbar.userMenu"] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
  });
});
