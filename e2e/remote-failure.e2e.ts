import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";

let browser: Browser;
const dist = join(inject("repoRoot"), "mf-shop", "dist");
const hidden = `${dist}.e2e-hidden`;

function restore() {
  if (existsSync(hidden) && !existsSync(dist)) renameSync(hidden, dist);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  restore();
  await browser?.close();
});

describe("a remote that cannot load (ARCHITECTURE: micro-frontends)", () => {
  it("shows the error panel in the layout, keeps other pages working, recovers on Retry", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    renameSync(dist, hidden);
    try {
      await page.getByRole("link", { name: "Orders" }).click();
      await page.getByText("This section could not be loaded").waitFor();
      // The frame is still there and other remotes still load.
      await page.getByText(`Welcome, ${user.username}!`).waitFor();
      await page.getByRole("link", { name: "Transactions" }).click();
      await page.getByRole("heading", { name: "Transactions", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Orders" }).click();
      await page.getByText("This section could not be loaded").waitFor();
    } finally {
      restore();
    }
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await context.close();
  });
});
