import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxe } from "./a11y";
import { baseUrl, launchBrowser, newPage, register, signIn, toast, uniqueUser } from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("API tokens: a customer makes one for a script in Settings and revokes it", () => {
  it("creates a read-only token, a script lists the services with it and may not buy, revoking stops it", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    await page.goto("/settings");
    const section = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "API tokens" }) });
    await section.getByText("No API tokens").waitFor();

    await section.getByRole("button", { name: "Create token" }).click();
    const create = page.getByRole("dialog", { name: "Create API token" });
    await create.getByRole("textbox", { name: "Name" }).fill("inventory script");
    await create.getByRole("combobox", { name: "Scope" }).selectOption("read_only");
    await create.getByRole("combobox", { name: "Expires" }).selectOption("30");
    await create.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API token" });
    const token = await shown.getByRole("textbox", { name: "API token" }).inputValue();
    expect(token).toMatch(/^hp_/);
    expect(await seriousAxe(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await section.getByRole("cell", { name: "inventory script" }).waitFor();

    // The script, outside the browser.
    const call = (method: string, path: string, body?: unknown) =>
      fetch(new URL(path, baseUrl()), {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const services = await call("GET", "/api/services");
    expect(services.status).toBe(200);
    expect(await services.json()).toEqual({ services: [] });
    const topUp = await call("POST", "/api/billing/orders", { amount: "10.00" });
    expect(topUp.status).toBe(403);
    expect((await topUp.json()).error.code).toBe("token_scope");

    // Its use shows in the list on the next visit.
    await page.reload();
    await section.getByText(/from 127\.0\.0\.1/).waitFor();

    await section.getByRole("button", { name: "Revoke inventory script" }).click();
    await page
      .getByRole("alertdialog", { name: "Revoke this token?" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await toast(page, "Token revoked").waitFor();
    expect((await call("GET", "/api/services")).status).toBe(401);
    await context.close();
  });
});
