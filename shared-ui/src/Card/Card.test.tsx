import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Card } from "./Card";

describe("Card", () => {
  it("renders a title heading and content", () => {
    render(<Card title="VPS S">2 vCPU</Card>);
    expect(screen.getByRole("heading", { name: "VPS S" })).toBeTruthy();
    expect(screen.getByText("2 vCPU")).toBeTruthy();
  });
});
