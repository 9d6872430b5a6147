import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INACTIVITY_TIMEOUT_MS, useInactivitySignOut } from "./use-inactivity-sign-out";

function Probe({ onTimeout }: { onTimeout: () => void }) {
  useInactivitySignOut(onTimeout);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useInactivitySignOut (SPEC §4, 1800 s)", () => {
  it("fires after 30 minutes without activity", () => {
    const onTimeout = vi.fn();
    render(<Probe onTimeout={onTimeout} />);
    act(() => vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1000));
    expect(onTimeout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it.each(["mousemove", "keydown", "scroll", "touchstart", "click"])(
    "%s activity restarts the 30 minutes",
    (type) => {
      const onTimeout = vi.fn();
      render(<Probe onTimeout={onTimeout} />);
      act(() => vi.advanceTimersByTime(20 * 60_000));
      window.dispatchEvent(new Event(type));
      act(() => vi.advanceTimersByTime(20 * 60_000));
      expect(onTimeout).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(10 * 60_000));
      expect(onTimeout).toHaveBeenCalledOnce();
    },
  );

  it("stops when unmounted", () => {
    const onTimeout = vi.fn();
    const { unmount } = render(<Probe onTimeout={onTimeout} />);
    unmount();
    act(() => vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2));
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
