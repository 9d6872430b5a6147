import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NumberField } from "./NumberField";

describe("NumberField", () => {
  it("steps with the arrow keys within min/max", async () => {
    const onChange = vi.fn();
    render(
      <NumberField
        label="Amount"
        defaultValue={299}
        minValue={5}
        maxValue={300}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole("textbox", { name: "Amount" });
    await userEvent.click(input);
    await userEvent.keyboard("{ArrowUp}");
    expect(onChange).toHaveBeenLastCalledWith(300);
    await userEvent.keyboard("{ArrowUp}");
    expect((input as HTMLInputElement).value).toBe("300");
  });
});
