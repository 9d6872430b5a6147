import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";

/*
 * The code a remote page needs is asked for in one wave once the shell has read the remote's
 * manifest (docs/remotes.md, "How a remote page loads"): the page's module of the remote's
 * import-map build, every chunk and style it imports, and the shell's own shared-ui share with its
 * styles. Before, each came only when the module before it had arrived and run, after the
 * federation runtime's own chain. Asserted as an order of events (a request started before
 * another's answer arrived), never as wall-clock times.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const EMPTY = "No services found. Contact an administrator to get started.";
const REMOTE = "/remotes/mf-services/";

/** Request starts and ends of one load of `page`, in the order the browser reported them. */
function recordRequests(page: Page) {
  const events: { kind: "start" | "end"; path: string }[] = [];
  page.on("request", (r) => events.push({ kind: "start", path: new URL(r.url()).pathname }));
  page.on("requestfinished", (r) => events.push({ kind: "end", path: new URL(r.url()).pathname }));
  return events;
}

const isCode = (path: string) => /\.(js|css)$/.test(path);

/**
 * A new user signed in with a remembered session on /dashboard, the browser's HTTP cache then
 * off: the next load is cold as a new visit, its session restored from the refresh cookie.
 */
async function signedInColdDashboard() {
  const user = uniqueUser();
  const { context, page } = await newPage(browser);
  await register(page, user);
  await signIn(page, user.email, user.password, true);
  await page.getByText(EMPTY).waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return { context, page };
}

describe("a remote page's code in one wave", () => {
  it("a cold /dashboard asks for the page's module, its chunks and styles and the shell's shared-ui share before the module has arrived, each once, and no federation runtime", async () => {
    const { context, page } = await signedInColdDashboard();
    const events = recordRequests(page);
    await page.reload();
    await page.getByText(EMPTY).waitFor();
    const seen = [...events];

    const starts = seen.filter((e) => e.kind === "start").map((e) => e.path);
    // No federation runtime: neither the shell's remoteEntry nor the remote's.
    expect(starts.filter((path) => /remoteEntry/.test(path))).toEqual([]);
    const entry = `${REMOTE}import-map/DashboardPage.js`;
    const entryArrived = seen.findIndex((e) => e.kind === "end" && e.path === entry);
    expect(entryArrived).toBeGreaterThan(-1);
    // Everything of the remote's code, and what the shell loads only for a remote page (its
    // scripts and styles requested after the remote's manifest), up to the data being shown.
    const manifestAsked = seen.findIndex(
      (e) => e.kind === "start" && e.path === `${REMOTE}mf-manifest.json`,
    );
    const pageCode = seen
      .map((e, i) => ({ ...e, i }))
      .filter(
        (e) =>
          e.kind === "start" &&
          isCode(e.path) &&
          e.path !== entry &&
          (e.path.startsWith(REMOTE) || (e.path.startsWith("/assets/") && e.i > manifestAsked)),
      );
    expect(pageCode.some((e) => e.path.startsWith(REMOTE))).toBe(true);
    expect(pageCode.some((e) => e.path.startsWith("/assets/"))).toBe(true);
    const late = pageCode.filter((e) => e.i > entryArrived).map((e) => e.path);
    expect(late).toEqual([]);
    // A preload the loader cannot use (another URL, another credentials mode) is a second download.
    const code = starts.filter(isCode);
    expect(code.filter((path, i) => code.indexOf(path) !== i)).toEqual([]);
    await context.close();
  });

  it("a visitor's bookmark to a remote page downloads none of the remote's code", async () => {
    const { context, page } = await newPage(browser);
    const events = recordRequests(page);
    await page.goto("/dashboard");
    await page.waitForURL("**/auth/login");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    const remoteCode = events.filter((e) => e.path.startsWith("/remotes/") && isCode(e.path));
    expect(remoteCode).toEqual([]);
    await context.close();
  });

  it("a cold /dashboard paints the frame with the page and its data: no placeholder in <main> first", async () => {
    const { context, page } = await signedInColdDashboard();
    const loads = await coldLoadsOf(page, "/dashboard", EMPTY, (l) => !l.skeleton);
    expect(loads.some((l) => !l.skeleton && l.first?.includes(EMPTY))).toBe(true);
    await context.close();
  });

  it("a cold /transactions asks for the page's first read (its prefetch) before <main> first appears, and once", async () => {
    const { context, page } = await signedInColdDashboard();
    const read = "/api/billing/transactions";
    const before = (l: ColdLoad) => (l.asked[read] ?? Number.POSITIVE_INFINITY) < (l.mainAt ?? 0);
    const loads = await coldLoadsOf(page, "/transactions", NO_TRANSACTIONS, before);
    expect(loads.some(before)).toBe(true);
    expect(loads.every((l) => l.count[read] === 1)).toBe(true);
    await context.close();
  });
});

describe("the frame's first render", () => {
  it("a cold load of a user yet to verify their email shows the frame's banner in the same render as <main>", async () => {
    const { context, page } = await signedInColdDashboard();
    await page.getByRole("region", { name: "Email verification" }).waitFor();
    const loads = await coldLoadsOf(page, "/dashboard", EMPTY, (l) => l.bannerWithMain);
    expect(loads.some((l) => l.bannerWithMain)).toBe(true);
    await context.close();
  });
});

describe("the top bar's menus", () => {
  it("a cold load leaves their code out; the first menu opened loads it, from the keyboard with its first item focused", async () => {
    const { context, page } = await signedInColdDashboard();
    const events = recordRequests(page);
    await page.reload();
    await page.getByText(EMPTY).waitFor();
    // The menus' popover and items are shared-ui's Menu/menu-parts module, a chunk of its own.
    const menuCode = () =>
      events.filter((e) => e.kind === "start" && /\/menu-parts-[^/]+\.js$/.test(e.path));
    expect(menuCode()).toEqual([]);

    const trigger = page.getByRole("button", { name: "User menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const settings = page.getByRole("menuitem", { name: "Settings" });
    await settings.waitFor();
    expect(await settings.evaluate((item) => item === document.activeElement)).toBe(true);
    expect(menuCode()).toHaveLength(1);
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    expect(await trigger.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.getByRole("button", { name: /^Language/ }).click();
    await page.getByRole("menuitemradio", { name: "Deutsch" }).waitFor();
    expect(menuCode()).toHaveLength(1);
    await context.close();
  });

  it("on a phone, a tap opens the user menu with its code loaded by that tap", async () => {
    const user = uniqueUser();
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByText(EMPTY).waitFor();
    const events = recordRequests(page);
    await page.getByRole("button", { name: "User menu" }).tap();
    await page.getByRole("menuitem", { name: "Settings" }).tap();
    await page.waitForURL("**/settings");
    expect(events.some((e) => e.kind === "start" && /\/menu-parts-[^/]+\.js$/.test(e.path))).toBe(
      true,
    );
    await context.close();
  });
});

const NO_TRANSACTIONS = "No transactions found. Make your first credit purchase to get started.";

interface ColdLoad {
  /** What <main> held when it first appeared. */
  first: string | null;
  /** When <main> first appeared (the page's clock). */
  mainAt: number | null;
  /** Whether the frame's email verification banner was there when <main> first appeared. */
  bannerWithMain: boolean;
  /** Whether a skeleton was ever in <main> before the page's content. */
  skeleton: boolean;
  /** When each API path (no query) was first asked for, and how often. */
  asked: Record<string, number>;
  count: Record<string, number>;
}

/**
 * Up to three cold loads of `path`, each until `text` shows, until one is `good`. The first render
 * waits about a second for the page's code; a machine too busy to load it in that time shows the
 * frame first, so one of three loads is asked to be good.
 */
async function coldLoadsOf(page: Page, path: string, text: string, good: (l: ColdLoad) => boolean) {
  // Before any of the page's scripts.
  await page.addInitScript(`(() => {
    const seen = (window.__mainSeen = { first: null, mainAt: null, skeleton: false, bannerWithMain: false });
    new MutationObserver(() => {
      const main = document.querySelector("main");
      if (!main) return;
      if (seen.first === null) {
        seen.first = main.textContent;
        seen.mainAt = performance.now();
        seen.bannerWithMain = !!document.querySelector('section[aria-label="Email verification"]');
      }
      if (main.querySelector("[data-skeleton]")) seen.skeleton = true;
    }).observe(document, { childList: true, subtree: true });
  })();`);
  const loads: ColdLoad[] = [];
  await page.goto(path);
  for (let i = 0; i < 3; i++) {
    if (i > 0) await page.reload();
    await page.getByText(text).waitFor();
    loads.push(
      await page.evaluate(() => {
        const asked: Record<string, number> = {};
        const count: Record<string, number> = {};
        for (const e of performance.getEntriesByType("resource")) {
          const p = new URL(e.name).pathname;
          asked[p] = Math.min(asked[p] ?? Number.POSITIVE_INFINITY, e.startTime);
          count[p] = (count[p] ?? 0) + 1;
        }
        const seen = (window as unknown as { __mainSeen: Omit<ColdLoad, "asked" | "count"> })
          .__mainSeen;
        return { ...seen, asked, count };
      }),
    );
    if (good(loads.at(-1) as ColdLoad)) break;
  }
  return loads;
}
