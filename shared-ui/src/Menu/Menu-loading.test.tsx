import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "../Button/Button";
import { Menu, MenuItem } from "./Menu";

// The menu's code arrives when the test lets it (its own file: the parts are loaded once per page).
let release = () => {};
const released = new Promise<void>((resolve) => {
  release = resolve;
});
vi.mock("./menu-parts", async (importOriginal) => {
  await released;
  return await importOriginal();
});

describe("Menu while its code loads", () => {
  it("given up with Escape before its code arrived, it does not open when the code does", async () => {
    const user = userEvent.setup();
    render(
      <Menu trigger={<Button>Account</Button>} aria-label="Account menu">
        <MenuItem id="settings">Settings</MenuItem>
      </Menu>,
    );
    const trigger = screen.getByRole("button", { name: "Account" });
    await user.tab();
    await user.keyboard("{Enter}");
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Escape}");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("menu")).toBeNull();
    // Pressed again, it opens.
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("menu")).toBeTruthy();
  });
});
