import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TextField } from "./TextField";

describe("TextField", () => {
  it("is labelled and reports typed text", async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@b.c");
    expect(onChange).toHaveBeenLastCalledWith("a@b.c");
  });

  it("shows an error message and marks the input invalid", () => {
    render(<TextField label="Email" isInvalid errorMessage="Invalid email address" />);
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});
