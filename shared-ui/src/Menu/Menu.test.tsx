import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "../Button/Button";
import { Menu, MenuItem } from "./Menu";

describe("Menu", () => {
  it("opens from the keyboard and runs the chosen action", async () => {
    const onAction = vi.fn();
    const user = userEvent.setup();
    render(
      <Menu trigger={<Button>Account</Button>} onAction={onAction}>
        <MenuItem id="settings">Settings</MenuItem>
        <MenuItem id="logout">Logout</MenuItem>
      </Menu>,
    );
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menu")).toBeTruthy();
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onAction.mock.calls[0]?.[0]).toBe("logout");
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
