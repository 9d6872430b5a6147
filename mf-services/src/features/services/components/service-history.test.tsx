import type { ServiceHistory } from "@contracts/history.ts";
import type { Service } from "@contracts/services.ts";
import {
  apiError,
  type MockRequest,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeVps, stubMatchMedia } from "../../../testing/service-fixtures";
import { formatMbps, formatTraffic, ServiceHistoryPanel, summarize } from "./service-history";

const GIB = 1024 ** 3;
const vps: Service = { ...activeVps, order_id: null };

const t0 = Date.UTC(2026, 10, 22, 14, 0) / 1000;
const history = (range: ServiceHistory["range"]): ServiceHistory => ({
  range,
  step_seconds: 60,
  from: new Date((t0 - 3600) * 1000).toISOString(),
  to: new Date((t0 + 180) * 1000).toISOString(),
  t: [t0, t0 + 60, t0 + 120],
  cpu_percent: [10, null, 40],
  memory_used_bytes: [1 * GIB, null, 2 * GIB],
  memory_total_bytes: [4 * GIB, null, 4 * GIB],
  net_in_bps: [125_000, null, 375_000],
  net_out_bps: [12_500, null, 12_500],
  traffic: {
    month: "2026-11",
    in_bytes: 12_345_678_901,
    out_bytes: 987_654_321,
    updated_at: new Date(t0 * 1000).toISOString(),
  },
});

beforeEach(stubMatchMedia);
afterEach(() => resetPortalState());

describe("history figures", () => {
  it("summarises the sampled values, leaving gaps out", () => {
    expect(summarize([10, null, 40])).toEqual({ average: 25, highest: 40, latest: 40 });
    expect(summarize([null, null])).toBeNull();
  });
  it("writes traffic in decimal units and rates in Mbit/s", () => {
    expect(formatTraffic(12_345_678_901)).toBe("12.3 GB");
    expect(formatTraffic(987_654_321)).toBe("988 MB".replace("988", "987.7"));
    expect(formatTraffic(512)).toBe("512 B");
    expect(formatMbps(125_000)).toBe("1.00 Mbit/s");
  });
});

describe("ServiceHistoryPanel", () => {
  it("shows the charts with text summaries, a data table and this month's traffic; switches range", async () => {
    const asked: string[] = [];
    const net = mockApi({
      "GET /api/services/:id/history": (req: MockRequest) => {
        const range = req.url.searchParams.get("range") as ServiceHistory["range"];
        asked.push(range);
        return history(range);
      },
    });
    await net.signIn();
    renderPage(<ServiceHistoryPanel service={vps} />);
    const panel = within(
      (await screen.findByRole("heading", { name: "History" })).closest("section") as HTMLElement,
    );
    expect(
      await panel.findByText("Last hour: average 25.0 %, highest 40.0 %, latest 40.0 %."),
    ).toBeTruthy();
    expect(
      panel.getByText(
        "Last hour: In: average 2.00 Mbit/s, highest 3.00 Mbit/s, latest 3.00 Mbit/s; Out: average 0.10 Mbit/s, highest 0.10 Mbit/s, latest 0.10 Mbit/s.",
      ),
    ).toBeTruthy();
    const traffic = within(panel.getByRole("region", { name: "Traffic this month" }));
    expect(traffic.getByText("12.3 GB")).toBeTruthy();
    expect(traffic.getByText("988 MB".replace("988", "987.7"))).toBeTruthy();
    // The table alternative: a row per point, a gap as a dash.
    const table = panel.getByRole("table", { hidden: true });
    expect(within(table).getAllByRole("row", { hidden: true })).toHaveLength(4);
    expect(within(table).getAllByText("—", { exact: true }).length).toBe(4);
    expect(asked).toEqual(["hour"]);

    const week = panel.getByRole("button", { name: "Last week" });
    expect(week.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(week);
    await waitFor(() => expect(asked).toContain("week"));
    expect(week.getAttribute("aria-pressed")).toBe("true");
    expect(await panel.findByText(/^Last week: average 25.0 %/)).toBeTruthy();
  });

  it("says so when the history cannot be read, and shows nothing for a dedicated server", async () => {
    const net = mockApi({
      "GET /api/services/:id/history": () =>
        apiError(502, "provider_failed", "The history is not available right now"),
    });
    await net.signIn();
    const { unmount } = renderPage(<ServiceHistoryPanel service={vps} />);
    expect(await screen.findByText("The history is not available right now")).toBeTruthy();
    unmount();
    renderPage(<ServiceHistoryPanel service={{ ...vps, service_type: "dedicated" }} />);
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
  });
});
