import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveStats, nextStats } from "./live-stats";

const value = (name: string) =>
  Number(screen.getByRole("meter", { name }).getAttribute("aria-valuenow"));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LiveStats (SPEC §2, §9)", () => {
  it("refreshes the simulated bars every 2 seconds", () => {
    vi.spyOn(Math, "random").mockReturnValue(1); // every value drifts up by its full step
    render(<LiveStats />);
    const before = ["CPU", "RAM", "Network in", "Storage"].map(value);

    act(() => vi.advanceTimersByTime(1_999));
    expect(["CPU", "RAM", "Network in", "Storage"].map(value)).toEqual(before);

    act(() => vi.advanceTimersByTime(1));
    const after = ["CPU", "RAM", "Network in", "Storage"].map(value);
    after.forEach((v, i) => {
      expect(v).toBeGreaterThan(before[i] ?? Number.POSITIVE_INFINITY);
    });
    expect(screen.getByText(`${value("Network in")} Mbit/s`)).toBeTruthy();
  });

  it("keeps CPU within 10-90, RAM within 20-95 and storage within 10-99 percent", () => {
    const high = { cpu: 90, ram: 95, networkIn: 1_000, storage: 99 };
    const low = { cpu: 10, ram: 20, networkIn: 0, storage: 10 };
    vi.spyOn(Math, "random").mockReturnValue(1);
    expect(nextStats(high)).toEqual(high);
    vi.spyOn(Math, "random").mockReturnValue(0);
    expect(nextStats(low)).toEqual(low);
    expect(nextStats({ cpu: 50, ram: 50, networkIn: 500, storage: 50 })).toEqual({
      cpu: 38,
      ram: 45,
      networkIn: 420,
      storage: 49,
    });
  });
});
