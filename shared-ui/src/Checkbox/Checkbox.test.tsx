import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./Checkbox";

describe("Checkbox", () => {
  it("toggles with the Space key", async () => {
    render(<Checkbox name="remember">Remember me for 5 days</Checkbox>);
    const box = screen.getByRole("checkbox", {
      name: "Remember me for 5 days",
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.tab();
    await userEvent.keyboard(" ");
    expect(box.checked).toBe(true);
  });
});
