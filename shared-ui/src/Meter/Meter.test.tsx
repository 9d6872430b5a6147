import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Meter, ProgressBar } from "./Meter";

describe("Meter", () => {
  it("exposes its value to assistive tech", () => {
    render(<Meter label="CPU" value={42} />);
    const meter = screen.getByRole("meter", { name: "CPU" });
    expect(meter.getAttribute("aria-valuenow")).toBe("42");
    expect(screen.getByText("42%")).toBeTruthy();
  });

  it("ProgressBar is a progressbar", () => {
    render(<ProgressBar label="Uploading" value={10} />);
    expect(
      screen.getByRole("progressbar", { name: "Uploading" }).getAttribute("aria-valuenow"),
    ).toBe("10");
  });
});
