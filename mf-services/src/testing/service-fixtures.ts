import type { ServiceHistory } from "@contracts/history.ts";
import type { PlanOptions } from "@contracts/plan-changes.ts";
import type { Service, ServiceStats } from "@contracts/services.ts";
import type { Routes } from "@hosting-portal/shared-ui/testing";
import { vi } from "vitest";

/**
 * mf-services' test fixtures: an active VPS and the API's answers that fill every panel of its
 * page.
 */

const GIB = 1024 ** 3;

export const activeVps: Service = {
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
  root_password_pending: false,
};

export const vpsStats: ServiceStats = {
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

/** The product an active VPS runs on. */
export const smallVpsProduct = {
  id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  name: "VPS Small",
  price: "10.00",
  cpu: "2 vCPU",
  ram: "4 GB",
  storage: "80 GB",
};

export const vpsPlan: PlanOptions = {
  product: smallVpsProduct,
  order_id: activeVps.order_id as string,
  expire_date: "2026-12-10T12:00:00Z",
  days_left: 15,
  options: [
    {
      product: { ...smallVpsProduct, id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d", name: "VPS Big" },
      direction: "upgrade",
      amount: "4.00",
    },
  ],
  latest_change: null,
  cancellation: null,
};

const t0 = Date.UTC(2026, 10, 22, 14, 0) / 1000;
export const vpsHistory: ServiceHistory = {
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

/** The API's answers for `service`'s page with data in every panel. */
export const everyPanelRoutes = (service: Service): Routes => ({
  "GET /api/services/:id": service,
  "GET /api/services/:id/stats": vpsStats,
  "GET /api/services/:id/history": vpsHistory,
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
  "GET /api/services/:id/plan": vpsPlan,
});

/** Chartist (the history graphs) asks for media queries, its responsive options; jsdom has none. */
export function stubMatchMedia(): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
