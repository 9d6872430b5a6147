import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge, toneForStatus } from "./Badge";

describe("Badge", () => {
  it("maps statuses to tones", () => {
    expect(toneForStatus("active")).toBe("success");
    expect(toneForStatus("suspended")).toBe("warning");
    expect(toneForStatus("expired")).toBe("neutral");
  });

  it("renders the status text with its tone", () => {
    render(<Badge status="active" />);
    expect(screen.getByText("active").getAttribute("data-tone")).toBe("success");
  });
});
