import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousAxe } from "./a11y";
import { baseUrl, launchBrowser, newPage, register, signIn, uniqueUser } from "./browser";
import { addSimServer } from "./provider-sim";

let browser: Browser;
const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sql.end();
  await browser?.close();
});

const historyPanel = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: "History" }) });

describe("history graphs: the sampler's minutes on the service page", () => {
  it("samples an active VPS, draws CPU, memory and network for the hour and week with text alternatives, at desktop and phone width", async () => {
    const user = uniqueUser();
    const { context, page } = await newPage(browser);
    await register(page, user);
    await signIn(page, user.email, user.password);
    const server = await addSimServer({
      template: "Debian12",
      cpuCores: 2,
      memoryMb: 2048,
      diskGb: 40,
      ipv4Count: 1,
    });
    const [svc] = await sql<{ id: string }[]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      select id, 'vps', 'active', ${server.ipv4[0]!}, '2', '2', '40', ${server.vmId}
      from profiles where email = ${user.email}
      returning id`;
    // The portal's own sampler (every 15 s) reads the new server at the provider.
    let sampled = false;
    for (let i = 0; i < 40 && !sampled; i++) {
      const rows = await sql`
        select 1 from service_samples where service_id = ${svc!.id}`;
      sampled = rows.length > 0;
      if (!sampled) await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(sampled).toBe(true);
    // The hour before it, as if it had been sampled all along (waiting an hour is not a test).
    await sql`
      insert into service_samples (service_id, at, cpu, mem_used, mem_total, net_in, net_out)
      select ${svc!.id}, date_trunc('minute', now()) - make_interval(mins => n),
        0.2 + 0.2 * sin(n / 6.0), (700 + 10 * n)::bigint * 1048576, 2048::bigint * 1048576,
        20000 + 500 * n, 4000 + 100 * n
      from generate_series(1, 59) n
      on conflict do nothing`;

    await page.goto(`/service/${svc!.id}`);
    const panel = historyPanel(page);
    await panel.getByText(/^Last hour: average \d+\.\d %/).waitFor();
    // Three charts: CPU, memory, and network with its two lines, drawn as SVG paths.
    await expect.poll(() => panel.locator("svg .ct-line").count()).toBe(4);
    await panel.getByRole("heading", { name: /^Traffic in / }).waitFor();
    await panel.getByText("Show the data as a table").click();
    expect(await panel.getByRole("table").getByRole("row").count()).toBeGreaterThan(50);
    expect(await seriousAxe(page)).toEqual([]);

    await panel.getByRole("button", { name: "Last week" }).click();
    await panel.getByText(/^Last week: average \d+\.\d %/).waitFor();
    expect(
      await panel.getByRole("button", { name: "Last week" }).getAttribute("aria-pressed"),
    ).toBe("true");
    await context.close();

    // A phone: the charts fit the screen, and the page does not scroll sideways.
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(15_000);
    await signIn(phonePage, user.email, user.password);
    await phonePage.goto(`/service/${svc!.id}`);
    const phonePanel = historyPanel(phonePage);
    await expect.poll(() => phonePanel.locator("svg .ct-line").count()).toBe(4);
    const widths = await phonePanel
      .locator("svg.ct-chart-line")
      .evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().width));
    expect(widths.length).toBe(3);
    for (const w of widths) expect(w).toBeGreaterThan(200);
    expect(
      await phonePage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    expect(await seriousAxe(phonePage)).toEqual([]);
    await phone.close();
  });
});
