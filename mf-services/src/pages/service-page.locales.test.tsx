import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ServiceHistory } from "@contracts/history.ts";
import type { PlanOptions } from "@contracts/plan-changes.ts";
import type { Service, ServiceStats } from "@contracts/services.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  englishFragments,
  englishLeft,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ServicePage from "./service-page";

/** The message files as translators write them (the build hands the page a compiled form). */
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../messages/${locale}.json`), "utf8"));
const en = read("en");

/*
 * The service page in each language other than English: every panel with data, and no text of
 * mf-services' English messages left on screen (a text still written in a component, while the
 * catalogue has its translation, shows here). The e2e walk does the same in a browser for German.
 */

const GIB = 1024 ** 3;
const vps: Service = {
  id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
  user_id: "00000000-0000-4000-8000-000000000001",
  service_type: "vps",
  service_status: "active",
  ipv4: "203.0.113.10",
  ram: "4",
  cpu: "2",
  storage: "80",
  reseller_id: 104233,
  order_id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
  created_at: "2026-10-23T14:05:00Z",
  root_password_pending: true,
};
const stats: ServiceStats = {
  state: "running",
  cpu_percent: 12,
  memory_used_bytes: 2 * GIB,
  memory_total_bytes: 4 * GIB,
  net_in_bytes: 5_000,
  net_out_bytes: 6_000,
  uptime_seconds: 90_000,
  disk_used_bytes: null,
  disk_total_bytes: null,
  fetched_at: "2026-11-22T14:05:00Z",
};
const product = {
  id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  name: "VPS Small",
  price: "10.00",
  cpu: "2 vCPU",
  ram: "4 GB",
  storage: "80 GB",
};
const plan: PlanOptions = {
  product,
  order_id: vps.order_id!,
  expire_date: "2026-12-10T12:00:00Z",
  days_left: 15,
  options: [
    {
      product: { ...product, id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d", name: "VPS Big" },
      direction: "upgrade",
      amount: "4.00",
    },
  ],
  latest_change: null,
  cancellation: null,
};
const t0 = Date.UTC(2026, 10, 22, 14, 0) / 1000;
const history: ServiceHistory = {
  range: "hour",
  step_seconds: 60,
  from: new Date((t0 - 3600) * 1000).toISOString(),
  to: new Date((t0 + 120) * 1000).toISOString(),
  t: [t0, t0 + 60],
  cpu_percent: [10, 40],
  memory_used_bytes: [1 * GIB, 2 * GIB],
  memory_total_bytes: [4 * GIB, 4 * GIB],
  net_in_bps: [125_000, 375_000],
  net_out_bps: [12_500, 12_500],
  traffic: {
    month: "2026-11",
    in_bytes: 12_345_678_901,
    out_bytes: 987_654_321,
    updated_at: new Date(t0 * 1000).toISOString(),
  },
};

beforeEach(() => {
  // Chartist asks for media queries (its responsive options); jsdom has none.
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe("the service page in each language", () => {
  it.each(["de", "fr", "nl"] as const)(
    "shows no English text of its messages in %s",
    async (locale) => {
      const messages = read(locale);
      await setLocale(locale, { remember: false });
      const net = mockApi({
        "GET /api/services/:id": vps,
        "GET /api/services/:id/stats": stats,
        "GET /api/services/:id/history": history,
        "GET /api/services/:id/reinstall": { reinstall: null },
        "GET /api/services/:id/reverse-dns": {
          entries: [
            { ip: "203.0.113.10", hostname: "mail.example.com" },
            { ip: "203.0.113.11", hostname: null },
          ],
          reported: true,
        },
        "GET /api/services/:id/backups": {
          backups: [{ id: "1764100000", created_at: "2025-11-25T19:46:40.000Z" }],
          running: false,
          status: "idle",
        },
        "GET /api/services/:id/plan": plan,
      });
      await net.signIn();
      renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${vps.id}` });

      // Every panel with its data, waited for by the data alone (whatever language the texts
      // are in): details, controls, root password, manage server (backups, reverse DNS), plan
      // and its option, live statistics, history and traffic. The language's files load on
      // first use, so the first render may take a moment.
      await screen.findByRole("heading", { name: "VPS 4e5f6a7b-8c9d-4e" }, { timeout: 10_000 });
      await screen.findByText("VPS Big");
      await screen.findByDisplayValue("mail.example.com");
      await screen.findAllByRole("meter");
      await waitFor(() => expect(document.querySelectorAll("tbody tr")).toHaveLength(2));
      await waitFor(() => expect(document.querySelectorAll("li button")).not.toHaveLength(0));

      expect(document.documentElement.lang).toBe(locale);
      expect(englishLeft(englishFragments(en, messages))).toEqual([]);
    },
    20_000,
  );
});
