import type { Service, ServiceStats } from "@contracts/services.ts";
import {
  apiError,
  type MockApi,
  mockApi,
  type RouteHandler,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeVps } from "../../../testing/service-fixtures";
import { formatUptime, LiveStats, NOT_REPORTED, networkInMbps } from "./live-stats";

const GIB = 1024 ** 3;

const vps: Service = { ...activeVps, order_id: null };

/** A provider sample `seconds` after the first one, having received `netIn` bytes in all. */
const sample = (seconds: number, netIn: number | null, more: Partial<ServiceStats> = {}) => ({
  state: "running",
  cpu_percent: 37.5,
  memory_used_bytes: 1 * GIB,
  memory_total_bytes: 4 * GIB,
  net_in_bytes: netIn,
  net_out_bytes: 1_000,
  uptime_seconds: 3 * 3600 + 12 * 60 + 5,
  disk_used_bytes: null,
  disk_total_bytes: null,
  fetched_at: new Date(Date.UTC(2026, 10, 22, 14, 5, seconds)).toISOString(),
  ...more,
});

const meter = (name: string) => screen.getByRole("meter", { name });
const panel = () =>
  within(
    screen.getByRole("heading", { name: "Live Statistics" }).closest("section") as HTMLElement,
  );

/** Answers GET /stats with each of `answers` in turn, the last one from then on. */
function statsAnswers(...answers: ReturnType<RouteHandler>[]): RouteHandler {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)] ?? null;
}

async function openStats(
  service: Service,
  stats: RouteHandler,
): Promise<MockApi & { unmount(): void }> {
  const net = mockApi({ "GET /api/services/:id/stats": stats });
  await net.signIn();
  const { unmount } = renderPage(<LiveStats service={service} />);
  return Object.assign(net, { unmount });
}

/** The next poll: 2 s of (fake) time, and the answer rendered. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(2_000));

beforeEach(() => {
  // Real time still runs (promises, fetch), and the 2 s polls can be stepped through.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  resetPortalState();
  vi.useRealTimers();
});

describe("networkInMbps", () => {
  it("is the bytes received between two samples over the seconds between them, in Mbit/s", () => {
    // 25 MB in 2 s = 12.5 MB/s = 100 Mbit/s.
    expect(networkInMbps(sample(0, 1_000_000), sample(2, 26_000_000))).toBe(100);
    expect(networkInMbps(sample(0, 0), sample(4, 500_000))).toBe(1);
  });

  it("has no rate without an earlier sample, across a counter reset, or without time between", () => {
    expect(networkInMbps(undefined, sample(2, 26_000_000))).toBeNull();
    expect(networkInMbps(sample(0, 26_000_000), sample(2, 1_000))).toBeNull();
    expect(networkInMbps(sample(2, 0), sample(2, 1_000))).toBeNull();
    expect(networkInMbps(sample(0, null), sample(2, 1_000))).toBeNull();
  });
});

describe("formatUptime", () => {
  it("reads days and hours, hours and minutes, or minutes", () => {
    expect(formatUptime(3 * 3600 + 12 * 60 + 59)).toBe("3 h 12 min");
    expect(formatUptime(2 * 86_400 + 5 * 3600 + 70)).toBe("2 d 5 h");
    expect(formatUptime(7 * 60)).toBe("7 min");
    expect(formatUptime(30)).toBe("0 min");
  });
});

describe("LiveStats (SPEC §2, §9): the provider's figures every 2 seconds", () => {
  it("shows CPU, RAM, power state and uptime from the API, and says storage is not reported", async () => {
    const net = await openStats(vps, statsAnswers(sample(0, 1_000_000)));
    expect(
      Number((await screen.findByRole("meter", { name: "CPU" })).getAttribute("aria-valuenow")),
    ).toBe(37.5);
    const ram = meter("RAM");
    expect(Number(ram.getAttribute("aria-valuenow"))).toBe(25);
    expect(ram.getAttribute("aria-valuetext")).toBe("1.0 GB of 4.0 GB");
    expect(ram.textContent).toContain("1.0 GB of 4.0 GB");
    expect(panel().getByText("running")).toBeTruthy();
    expect(panel().getByText("3 h 12 min")).toBeTruthy();
    // Storage: no bar and no number, the provider has none.
    expect(screen.queryByRole("meter", { name: "Storage" })).toBeNull();
    expect(panel().getByText("Storage").parentElement?.textContent).toBe(`Storage${NOT_REPORTED}`);
    // Network in needs a second sample.
    expect(screen.queryByRole("meter", { name: "Network in" })).toBeNull();
    expect(panel().getByText("Measuring…")).toBeTruthy();
    expect(screen.queryByText(/simulated/i)).toBeNull();
    expect(net.callsTo("GET /api/services/:id/stats")[0]?.path).toBe(
      `/api/services/${vps.id}/stats`,
    );
  });

  it("asks again every 2 seconds and computes Network in from two consecutive samples", async () => {
    const net = await openStats(
      vps,
      statsAnswers(
        sample(0, 1_000_000),
        sample(2, 26_000_000, { cpu_percent: 80 }),
        sample(4, 26_500_000),
      ),
    );
    await screen.findByRole("meter", { name: "CPU" });
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(1);

    await nextPoll();
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(2);
    const network = await screen.findByRole("meter", { name: "Network in" });
    expect(Number(network.getAttribute("aria-valuenow"))).toBe(100);
    expect(network.getAttribute("aria-valuemax")).toBe("1000");
    expect(network.textContent).toContain("100.0 Mbit/s");
    expect(Number(meter("CPU").getAttribute("aria-valuenow"))).toBe(80);

    await nextPoll();
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(3);
    // 500 kB in 2 s = 2 Mbit/s.
    await vi.waitFor(() => expect(meter("Network in").textContent).toContain("2.0 Mbit/s"));
  });

  it("shows 'Live statistics are not available right now' when the provider fails, and keeps asking", async () => {
    const failed = () =>
      apiError(502, "provider_failed", "Live statistics are not available right now");
    const net = await openStats(
      vps,
      statsAnswers(sample(0, 1_000_000), failed(), sample(4, 2_000_000)),
    );
    await screen.findByRole("meter", { name: "CPU" });

    await nextPoll();
    expect(await panel().findByText("Live statistics are not available right now")).toBeTruthy();
    expect(screen.queryByRole("meter")).toBeNull();

    await nextPoll();
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(3);
    expect(await screen.findByRole("meter", { name: "CPU" })).toBeTruthy();
    expect(panel().queryByText("Live statistics are not available right now")).toBeNull();
    // 1 MB over the 4 s since the last good sample = 2 Mbit/s.
    expect(meter("Network in").textContent).toContain("2.0 Mbit/s");
  });

  it("says so for a figure the provider leaves out, and a stopped server has no uptime", async () => {
    await openStats(
      vps,
      statsAnswers(
        sample(0, null, {
          state: "stopped",
          cpu_percent: null,
          memory_used_bytes: null,
          uptime_seconds: null,
        }),
      ),
    );
    expect(await panel().findByText("stopped")).toBeTruthy();
    expect(screen.queryByRole("meter")).toBeNull();
    for (const label of ["CPU", "RAM", "Network in", "Storage"]) {
      expect(panel().getByText(label).parentElement?.textContent).toBe(`${label}${NOT_REPORTED}`);
    }
    expect(panel().getByText("Uptime").nextElementSibling?.textContent).toBe("—");
  });

  it("stops asking once the panel is gone", async () => {
    const net = await openStats(vps, statsAnswers(sample(0, 0)));
    await screen.findByRole("meter", { name: "CPU" });
    net.unmount();
    await nextPoll();
    await nextPoll();
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(1);
  });

  it("asks nothing for a dedicated server: the provider has no figures of it", async () => {
    const net = await openStats({ ...vps, service_type: "dedicated" }, statsAnswers(sample(0, 0)));
    expect(await panel().findByText(NOT_REPORTED)).toBeTruthy();
    await nextPoll();
    expect(net.callsTo("GET /api/services/:id/stats")).toHaveLength(0);
    expect(screen.queryByRole("meter")).toBeNull();
  });
});
