import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import {
  alive,
  commandOf,
  descendants,
  developerEnv,
  freePort,
  killGroup,
  startCommand,
  waitForUrl,
} from "./processes";
import { startStaticServer } from "./remote-server";

/*
 * The developer's path (docs/remotes.md: local development): `npm run dev` on free ports and a
 * fresh data directory, the shell and the remotes from their Vite dev servers, the API in
 * watch mode; then a remote team's own commands, `npm run dev -w mf-shop` and
 * `npm run preview -w mf-shop`. Signs in and renders pages in Chromium through them.
 *
 * mf-support is taken from its build instead (REMOTE_SUPPORT_URL, on an origin of its own): the
 * dev shell loads it through the federation runtime, by its manifest and remoteEntry.js, the way
 * a shell released before the import map loads a remote built today.
 */

const root = inject("repoRoot");
const DEMO = { email: "customer@example.com", password: "customer123" };
let browser: Browser;
let dev: ReturnType<typeof startCommand>;
let dataDir: string;
const ports: Record<string, number> = {};
let firstPageMs = 0;
let builtSupport: Awaited<ReturnType<typeof startStaticServer>>;
let readyMs = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), "portal-dev-e2e-"));
  chmodSync(dataDir, 0o755); // the embedded Postgres runs as its own user
  for (const k of [
    "PORT",
    "EMBEDDED_PG_PORT",
    "SHELL",
    "MF_ACCOUNT",
    "MF_SHOP",
    "MF_SERVICES",
    "MF_ADMIN",
  ])
    ports[k] = await freePort();
  const devPorts = Object.fromEntries(
    ["SHELL", "MF_ACCOUNT", "MF_SHOP", "MF_SERVICES", "MF_ADMIN"].map((k) => [
      `DEV_PORT_${k}`,
      String(ports[k]),
    ]),
  );
  builtSupport = await startStaticServer(join(root, "mf-support", "dist"), { cors: true });
  const t0 = Date.now();
  dev = startCommand("node", ["scripts/dev.mjs"], {
    cwd: root,
    env: developerEnv({
      ...devPorts,
      PORT: String(ports.PORT),
      EMBEDDED_PG_PORT: String(ports.EMBEDDED_PG_PORT),
      DATA_DIR: dataDir,
      SERVER_PROVIDER_SIM_PORT: "0",
      REMOTE_SUPPORT_URL: `${builtSupport.url}/mf-manifest.json`,
      LOG_LEVEL: "warn",
    }),
  });
  try {
    await waitForUrl(`http://127.0.0.1:${ports.PORT}/readyz`, dev.child, 150_000);
    await waitForUrl(`http://localhost:${ports.SHELL}/`, dev.child, 60_000);
    readyMs = Date.now() - t0;
  } catch (err) {
    console.error(dev.output());
    throw err;
  }
}, 240_000);

afterAll(async () => {
  if (dev?.child.exitCode === null) killGroup(dev.child, "SIGKILL");
  await browser?.close();
  await builtSupport?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `npm run dev: servers ready in ${readyMs} ms; sign-in to /dashboard rendered in ${firstPageMs} ms`,
  );
});

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe("npm run dev", () => {
  it("renders the dashboard and a page of every remote, with no page error", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.setDefaultTimeout(90_000); // the first visit compiles every module on demand
    const t0 = Date.now();
    await signIn(page, `http://localhost:${ports.SHELL}`);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    firstPageMs = Date.now() - t0;
    // A PayPal dispute holds part of the balance (the API's answer, given by the browser): the
    // Transactions page's notices panel, with a vanilla-extract style file of its own, must render
    // through the dev servers too.
    await page.route("**/api/billing/payment-notices", (route) =>
      route.fulfill({
        json: { held: "5.00", available: "0.00", disputes: [], not_credited: [] },
      }),
    );
    for (const [link, heading] of [
      ["Transactions", "Transactions"],
      ["Orders", "Orders"],
    ] as const) {
      await page.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      if (link === "Transactions") {
        const held = page.getByRole("region", { name: "Credits on hold" });
        await held.waitFor();
        expect(await held.textContent()).toContain(
          "5.00 EUR of your balance is on hold while PayPal reviews a dispute about a payment.",
        );
      }
    }
    await page.goto(`http://localhost:${ports.SHELL}/products/vps`); // a deep link, full load
    await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
    // The built remote, through the runtime: its entry, not its import-map build.
    await page.getByRole("link", { name: "Support", exact: true }).click();
    await page.getByRole("heading", { name: "Support", level: 1 }).waitFor();
    expect(builtSupport.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it("shows a remote's edit without a reload (hot module replacement)", async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, `http://localhost:${ports.SHELL}`);
    await page.getByText("Your servers at a glance.").waitFor();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const file = join(root, "mf-services", "src", "pages", "dashboard-page.tsx");
    const original = readFileSync(file, "utf8");
    try {
      writeFileSync(
        file,
        // The page's text comes from its message file; the edit is to the component itself.
        original.replace(
          'description={t("dashboard.description")}',
          'description="Your servers, edited live."',
        ),
      );
      await page.getByText("Your servers, edited live.").waitFor();
      const notReloaded = await page.evaluate(
        () => (window as unknown as { notReloaded?: boolean }).notReloaded === true,
      );
      expect(notReloaded).toBe(true);
    } finally {
      writeFileSync(file, original);
    }
    await page.close();
  }, 120_000);

  it("a remote alone: npm run dev -w mf-shop signs in and shows its pages against the API", async () => {
    const port = await freePort();
    const shop = startCommand("npm", ["run", "dev", "-w", "mf-shop"], {
      cwd: root,
      env: developerEnv({ DEV_PORT_MF_SHOP: String(port), PORT: String(ports.PORT) }),
    });
    try {
      await waitForUrl(`http://localhost:${port}/`, shop.child, 60_000);
      const page = await browser.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`http://localhost:${port}/products/vps`);
      await page.getByRole("button", { name: "Sign In" }).click(); // demo credentials prefilled
      await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Order Now" }).first().waitFor();
      await page.close();
    } finally {
      killGroup(shop.child, "SIGTERM");
    }
  });

  it("a remote alone: npm run preview -w mf-shop serves a deep link", async () => {
    // mf-shop/dist: built by scripts/e2e.mjs like every app the suite serves.
    const port = await freePort();
    const preview = startCommand("npm", ["run", "preview", "-w", "mf-shop"], {
      cwd: root,
      env: developerEnv({ DEV_PORT_MF_SHOP: String(port), PORT: String(ports.PORT) }),
    });
    try {
      await waitForUrl(`http://localhost:${port}/`, preview.child, 30_000);
      const page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`http://localhost:${port}/products/vps`);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
      await page.reload(); // the deep link itself, signed in this time
      await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
      await page.close();
    } finally {
      killGroup(preview.child, "SIGTERM");
    }
  });

  it("Ctrl-C stops every process it started and leaves no Postgres lock", async () => {
    const pid = dev.child.pid as number;
    const started = descendants(pid);
    expect(started.length).toBeGreaterThan(5);
    // A terminal's Ctrl-C: SIGINT to the foreground process group.
    process.kill(-pid, "SIGINT");
    await new Promise((r) => dev.child.once("exit", r));
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && started.some(alive))
      await new Promise((r) => setTimeout(r, 200));
    expect(started.filter(alive).map((p) => `${p} ${commandOf(p)}`)).toEqual([]);
    expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 60_000);
});
