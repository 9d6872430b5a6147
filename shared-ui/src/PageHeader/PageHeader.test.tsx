import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageHeader } from "./PageHeader";

describe("PageHeader", () => {
  it("renders the page's h1", () => {
    render(<PageHeader title="Orders" />);
    expect(screen.getByRole("heading", { level: 1, name: "Orders" })).toBeTruthy();
  });
});
