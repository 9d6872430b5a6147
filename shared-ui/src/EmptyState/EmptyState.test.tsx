import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./EmptyState";

describe("EmptyState", () => {
  it("shows the empty text", () => {
    render(<EmptyState title="No services yet" />);
    expect(screen.getByText("No services yet")).toBeTruthy();
  });
});
