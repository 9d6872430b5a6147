import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, register, signIn, uniqueUser } from "./browser";
import { buildShopAgainst } from "./build-remote";
import { type FrontServer, startFrontServer } from "./remote-server";

/*
 * Version skew between the shell and a remote (docs/remotes.md: versions). The portal's shell
 * provides the shared-ui of the repository (say 2.1.0). mf-shop is built outside the repository
 * against the next minor (2.2.0) with one new component that its page renders (a remote released
 * before the shell), against the first release of the shell's major (2.0.0: a remote older than
 * the shell), and against the previous major (1.0.0: a remote from before a breaking change, such
 * as 2.0.0's new service states). A fourth build is made against the current shared-ui but the
 * previous major of @hosting-portal/router (a remote from before the router's last breaking
 * change, such as 2.0.0's React Router 8 or 3.0.0's removal of the data router: the router is a
 * singleton too, so the shell's router must refuse it). Each build is served as the shop remote.
 */

let browser: Browser;
let front: FrontServer;
let page: Page;
let newer: string;
let older: string;
let previousMajor: string;
let previousRouter: string;
let previousRouterRange: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  const root = inject("repoRoot");
  const current = JSON.parse(readFileSync(join(root, "shared-ui", "package.json"), "utf8"));
  const [major, minor] = String(current.version).split(".").map(Number);
  newer = buildShopAgainst(root, `${major}.${(minor ?? 0) + 1}.0`, { useNewExport: true });
  older = buildShopAgainst(root, `${major}.0.0`, { useNewExport: false });
  previousMajor = buildShopAgainst(root, `${(major ?? 1) - 1}.0.0`, { useNewExport: false });
  const router = JSON.parse(readFileSync(join(root, "router", "package.json"), "utf8"));
  const routerMajor = Number(String(router.version).split(".")[0]);
  previousRouterRange = `^${routerMajor - 1}.0.0`;
  previousRouter = buildShopAgainst(root, String(current.version), {
    useNewExport: false,
    routerVersion: `${routerMajor - 1}.0.0`,
  });
  browser = await launchBrowser();
  front = await startFrontServer(inject("baseUrl"));
  const context = await browser.newContext({ baseURL: front.url });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const user = uniqueUser();
  await register(page, user);
  await signIn(page, user.email, user.password);
}, 360_000);

afterAll(async () => {
  await front?.close();
  await browser?.close();
});

describe("version contract between the shell and a remote", () => {
  it("a remote built against a newer shared-ui shows the version panel, not a crash", async () => {
    front.clear();
    front.mount("/remotes/mf-shop/", newer);
    pageErrors.length = 0;
    await page.goto("/products/vps");
    const panel = page.getByTestId("remote-error");
    await panel.getByText("This section needs a newer version of the portal").waitFor();
    expect(await panel.getAttribute("data-kind")).toBe("version");
    await expect(page.getByRole("button", { name: "Reload" }).isVisible()).resolves.toBe(true);
    // None of the remote's page code ran: no React error, no half-rendered page.
    expect(await page.getByTestId("new-badge").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    // The rest of the portal works.
    await page.getByRole("link", { name: "Transactions" }).click();
    await page.getByRole("heading", { name: "Transactions", level: 1 }).waitFor();
  });

  it("a remote built against the previous major shows the version panel, not a crash", async () => {
    front.clear();
    front.mount("/remotes/mf-shop/", previousMajor);
    pageErrors.length = 0;
    await page.goto("/products/vps");
    const panel = page.getByTestId("remote-error");
    await panel.getByText("This section needs a newer version of the portal").waitFor();
    expect(await panel.getAttribute("data-kind")).toBe("version");
    expect(await page.getByRole("heading", { name: "VPS Products", level: 1 }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("a remote built against the previous router major shows the version panel, not a crash", async () => {
    // The build differs from the current shop only in the router range its manifest asks for.
    const manifest = JSON.parse(readFileSync(join(previousRouter, "mf-manifest.json"), "utf8"));
    const required = Object.fromEntries(
      (manifest.shared as { name: string; requiredVersion: string }[]).map((s) => [
        s.name,
        s.requiredVersion,
      ]),
    );
    expect(required["@hosting-portal/router"]).toBe(previousRouterRange);
    front.clear();
    front.mount("/remotes/mf-shop/", previousRouter);
    pageErrors.length = 0;
    await page.goto("/products/vps");
    const panel = page.getByTestId("remote-error");
    await panel.getByText("This section needs a newer version of the portal").waitFor();
    expect(await panel.getAttribute("data-kind")).toBe("version");
    expect(await page.getByRole("heading", { name: "VPS Products", level: 1 }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    // The shell's own routing still navigates.
    await page.getByRole("link", { name: "Transactions" }).click();
    await page.getByRole("heading", { name: "Transactions", level: 1 }).waitFor();
  });

  it("a remote built before remotes had an import-map build shows the version panel, not a crash", async () => {
    // Its manifest as such a build wrote it: the runtime build's, without `importMap`.
    const { importMap, ...manifest } = JSON.parse(
      readFileSync(join(inject("repoRoot"), "mf-shop", "dist", "mf-manifest.json"), "utf8"),
    );
    expect(importMap).toBeDefined();
    front.clear();
    front.fail((p) => p === "/remotes/mf-shop/mf-manifest.json", {
      status: 200,
      body: JSON.stringify(manifest),
      contentType: "application/json",
    });
    pageErrors.length = 0;
    await page.goto("/products/vps");
    const panel = page.getByTestId("remote-error");
    await panel.getByText("This section needs a newer version of the portal").waitFor();
    expect(await panel.getAttribute("data-kind")).toBe("version");
    expect(front.count("/remotes/mf-shop/remoteEntry")).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("a remote built against an older shared-ui works in the newer shell", async () => {
    front.clear();
    front.mount("/remotes/mf-shop/", older);
    pageErrors.length = 0;
    await page.goto("/products/vps");
    await page.getByRole("heading", { name: "VPS Products", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Order Now" }).first().waitFor();
    expect(await page.getByTestId("remote-error").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
