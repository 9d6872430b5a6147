import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { ADMIN, launchBrowser, newPage, signIn } from "./browser";

let browser: Browser;
const outDir = join(inject("repoRoot"), "test-results", "screenshots");

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(outDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe("dashboard frame screenshots", () => {
  for (const scheme of ["light", "dark"] as const) {
    it(`renders the frame in the ${scheme} theme`, async () => {
      const { context, page } = await newPage(browser, { colorScheme: scheme });
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Products" }).click();
      // Let toasts fade so the frame itself is what the picture shows.
      await page.waitForTimeout(5500);
      await page.screenshot({ path: join(outDir, `dashboard-${scheme}.png`) });
      await context.close();
    });
  }
});
