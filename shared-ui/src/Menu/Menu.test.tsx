import { render, screen, waitFor } from "@testing-library/react";
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
    const trigger = screen.getByRole("button", { name: "Account" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("true");
    await user.keyboard("{Enter}");
    // The menu's code loads when it is first about to open.
    expect(await screen.findByRole("menu")).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onAction.mock.calls[0]?.[0]).toBe("logout");
    expect(screen.queryByRole("menu")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("opens on a click and closes on Escape", async () => {
    const user = userEvent.setup();
    render(
      <Menu trigger={<Button>Account</Button>} aria-label="Account menu">
        <MenuItem id="settings">Settings</MenuItem>
      </Menu>,
    );
    const trigger = screen.getByRole("button", { name: "Account" });
    await user.click(trigger);
    expect(await screen.findByRole("menuitem", { name: "Settings" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(trigger);
    expect(await screen.findByRole("menu")).toBeTruthy();
    expect(screen.getByRole("menu").getAttribute("aria-label")).toBe("Account menu");
  });
});
