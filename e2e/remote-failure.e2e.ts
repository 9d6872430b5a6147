import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, register, signIn, uniqueUser } from "./browser";
import {
  closedPortUrl,
  type FrontServer,
  startFrontServer,
  startStaticServer,
} from "./remote-server";

/*
 * A remote that is down (docs/remotes.md: outages). The browser talks to a front server that
 * passes everything to the portal except the failure under test, which it answers the way the
 * world does. Each page is opened by its URL (a full load, no router transition), the case
 * that looped before. Figures: time to the panel and requests that reached the remote.
 */

let browser: Browser;
let front: FrontServer;
let page: Page;
const user = uniqueUser();
const figures: { mode: string; loadMs: number; panelMs: number; requests: number }[] = [];
const SHOP = "/remotes/mf-shop/";
/** The shop's pages as the shell loads them: its import-map build. */
const PAGE = `${SHOP}import-map/`;
const shopDist = `${inject("repoRoot")}/mf-shop/dist`;
const defaultRemotes = {
  mf_account: "/remotes/mf-account/mf-manifest.json",
  mf_shop: "/remotes/mf-shop/mf-manifest.json",
  mf_services: "/remotes/mf-services/mf-manifest.json",
  mf_admin: "/remotes/mf-admin/mf-manifest.json",
};

beforeAll(async () => {
  browser = await launchBrowser();
  front = await startFrontServer(inject("baseUrl"));
  const context = await browser.newContext({ baseURL: front.url });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // Every load is a cold one: hashed chunks cached from an earlier test would hide a failure.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await register(page, user);
  await signIn(page, user.email, user.password);
});

afterAll(async () => {
  console.table(figures);
  await front?.close();
  await browser?.close();
});

/**
 * The most requests the browser sent for any one URL containing `part` while `during` runs, and
 * when the first of them left (epoch ms, 0 if none did).
 */
async function countRequests(
  part: string,
  during: () => Promise<void>,
): Promise<{ count: number; firstAt: number }> {
  // Per URL: a page's code may be split in more than one chunk whose name starts with `part`
  // (the expose's own chunk and the page's), and only the failing one may be asked for again.
  const perUrl = new Map<string, number>();
  let firstAt = 0;
  const onRequest = (r: { url(): string }) => {
    if (!r.url().includes(part)) return;
    if (perUrl.size === 0) firstAt = Date.now();
    perUrl.set(r.url(), (perUrl.get(r.url()) ?? 0) + 1);
  };
  page.on("request", onRequest);
  try {
    await during();
  } finally {
    page.off("request", onRequest);
  }
  return { count: Math.max(0, ...perUrl.values()), firstAt };
}

/**
 * Opens /products/vps by URL while the failure is in place; expects the panel inside the frame
 * within 5 s, then 3 s more of quiet, and few requests to the remote.
 */
async function expectPanel(
  mode: string,
  remotePart: string,
  maxRequests: number,
  title: string,
  otherRemotesWork = true,
) {
  let panelAt = 0;
  let loadMs = 0;
  const { count: requests, firstAt } = await countRequests(remotePart, async () => {
    const t0 = Date.now();
    await page.goto("/products/vps");
    await page.getByTestId("remote-error").getByText(title).waitFor({ timeout: 8_000 });
    panelAt = Date.now();
    loadMs = panelAt - t0;
    await page.waitForTimeout(3_000);
  });
  // Counted from the shell's first ask for the remote, so a slow machine's page load and shell
  // start-up (which the remote's fetch budget of 4 s does not cover) do not count against it.
  const panelMs = panelAt - firstAt;
  figures.push({ mode, loadMs, panelMs, requests });
  expect(panelMs).toBeLessThan(5_000);
  expect(requests).toBeGreaterThan(0);
  expect(requests).toBeLessThanOrEqual(maxRequests);
  // The frame stays, and another remote still loads.
  await page.getByRole("link", { name: "Transactions" }).waitFor();
  if (!otherRemotesWork) return;
  await page.getByRole("link", { name: "Transactions" }).click();
  await page.getByRole("heading", { name: "Transactions", level: 1 }).waitFor();
  await page.goBack();
  await page.getByTestId("remote-error").waitFor();
}

async function expectRetryRecovers() {
  await page.getByRole("button", { name: "Retry" }).click();
  await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
}

const UNREACHABLE = "This section could not be loaded";
const isManifest = (p: string) => p === `${SHOP}mf-manifest.json`;

describe("a remote that is down shows the error panel, asks a handful of times, recovers on Retry", () => {
  const statusCases: [string, { status: number; body: string; contentType: string }][] = [
    ["manifest 404", { status: 404, body: "Not Found", contentType: "text/plain" }],
    ["manifest 503 text", { status: 503, body: "Service Unavailable", contentType: "text/plain" }],
    [
      "manifest 503 JSON",
      { status: 503, body: '{"error":"maintenance"}', contentType: "application/json" },
    ],
  ];
  for (const [mode, failure] of statusCases) {
    it(mode, async () => {
      front.clear();
      front.fail(isManifest, failure);
      await expectPanel(mode, SHOP, 3, UNREACHABLE);
      front.clear();
      await expectRetryRecovers();
    });
  }

  it("manifest time-out (the server never answers)", async () => {
    front.clear();
    front.fail(isManifest, { hang: true });
    await expectPanel("manifest time-out", SHOP, 3, UNREACHABLE);
    front.clear();
    await expectRetryRecovers();
  });

  it("connection aborted", async () => {
    front.clear();
    front.fail(isManifest, { abort: true });
    await expectPanel("connection aborted", SHOP, 3, UNREACHABLE);
    front.clear();
    await expectRetryRecovers();
  });

  it("the page's module 404", async () => {
    front.clear();
    front.fail((p) => p === `${PAGE}VpsProductsPage.js`, {
      status: 404,
      body: "Not Found",
      contentType: "text/plain",
    });
    await expectPanel("page module 404", `${PAGE}VpsProductsPage.js`, 2, UNREACHABLE);
    front.clear();
    await expectRetryRecovers();
  });

  it("page chunk 503", async () => {
    front.clear();
    front.fail((p) => p.startsWith(`${PAGE}assets/catalogue-page-`) && p.endsWith(".js"), {
      status: 503,
      body: "Service Unavailable",
      contentType: "text/plain",
    });
    // manifest, the page's module, its chunks: one request each, no repeats.
    await expectPanel("page chunk 503", `${PAGE}assets/catalogue-page-`, 2, UNREACHABLE);
    front.clear();
    await expectRetryRecovers();
  });

  it("the page's stylesheet 503", async () => {
    front.clear();
    front.fail((p) => p.startsWith(`${PAGE}assets/catalogue-page-`) && p.endsWith(".css"), {
      status: 503,
      body: "Service Unavailable",
      contentType: "text/plain",
    });
    await expectPanel("page stylesheet 503", `${PAGE}assets/catalogue-page-`, 2, UNREACHABLE);
    expect(await page.getByRole("heading", { name: "VPS Products", level: 1 }).count()).toBe(0);
    front.clear();
    await expectRetryRecovers();
  });

  it("connection refused (nothing listens)", async () => {
    const gone = await closedPortUrl();
    front.clear();
    front.remotesJson({ ...defaultRemotes, mf_shop: `${gone}/mf-manifest.json` });
    await expectPanel("connection refused", gone, 3, UNREACHABLE);
    front.clear();
    await expectRetryRecovers();
  });

  it("another origin without CORS", async () => {
    const noCors = await startStaticServer(shopDist, { cors: false });
    try {
      front.clear();
      front.remotesJson({ ...defaultRemotes, mf_shop: `${noCors.url}/mf-manifest.json` });
      await expectPanel("no CORS", noCors.url, 3, UNREACHABLE);
    } finally {
      await noCors.close();
    }
    front.clear();
    await expectRetryRecovers();
  });

  it("another origin without CORS, fixed by its team while the page is open", async () => {
    // With the browser's HTTP cache on, as a customer has it: the answers without the header are
    // cached too (the remote's host allows it), and Retry must not be served them again.
    const host = await startStaticServer(shopDist, { cors: false });
    const context = await browser.newContext({ baseURL: front.url });
    try {
      const cached = await context.newPage();
      cached.setDefaultTimeout(15_000);
      front.clear();
      front.remotesJson({ ...defaultRemotes, mf_shop: `${host.url}/mf-manifest.json` });
      await signIn(cached, user.email, user.password);
      await cached.goto("/products/vps");
      await cached.getByTestId("remote-error").getByText(UNREACHABLE).waitFor();
      host.setCors(true);
      await cached.getByRole("button", { name: "Retry" }).click();
      await cached.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
    } finally {
      await context.close();
      await host.close();
      front.clear();
    }
  });

  it("a page that throws while rendering", async () => {
    front.clear();
    front.fail((p) => p === `${PAGE}VpsProductsPage.js`, {
      status: 200,
      body: 'export default function Broken() { throw new Error("render failure"); }',
      contentType: "text/javascript",
    });
    await expectPanel("render error", `${PAGE}VpsProductsPage.js`, 1, UNREACHABLE);
    await page.getByTestId("remote-error").getByText("Something went wrong").waitFor();
    front.clear();
    // A module the browser has evaluated stays in its module map: a reload gets the fixed one.
    await page.reload();
    await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
  });

  it("remotes.json missing (404)", async () => {
    front.clear();
    front.remotesJson(null);
    await expectPanel("remotes.json 404", "/remotes.json", 1, UNREACHABLE, false);
    front.clear();
    await expectRetryRecovers();
  });

  it("remotes.json malformed", async () => {
    front.clear();
    front.remotesJson('{"mf_shop": ');
    await expectPanel("remotes.json malformed", "/remotes.json", 1, UNREACHABLE, false);
    front.clear();
    await expectRetryRecovers();
  });
});
