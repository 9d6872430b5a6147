import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ToastRegion } from "./Toast";
import { toast } from "./toast-queue";

afterEach(() => act(() => toast.clear()));

describe("Toast", () => {
  it("shows title and description and closes from the keyboard", async () => {
    const user = userEvent.setup();
    render(<ToastRegion />);
    act(() => {
      toast.error("Validation Error", "Invalid email address");
    });
    expect(await screen.findByText("Validation Error")).toBeTruthy();
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    const close = screen.getByRole("button", { name: "Close" });
    close.focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByText("Validation Error")).toBeNull();
  });
});
