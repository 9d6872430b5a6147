import type { AccountList } from "@contracts/members.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import { mockApi, renderPage, resetPortalState } from "@hosting-portal/shared-ui/testing";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { AccountSwitcher } from "./account-switcher";

const list: AccountList = {
  accounts: [
    {
      id: "11111111-0000-4000-8000-000000000001",
      name: "Acme GmbH",
      role: "owner",
      active: true,
      suspended: false,
    },
    {
      id: "22222222-0000-4000-8000-000000000002",
      name: "Beta BV",
      role: "read_only",
      active: false,
      suspended: false,
    },
  ],
};

async function open() {
  const net = mockApi({ "GET /api/account/accounts": list });
  await net.signIn();
  renderPage(<AccountSwitcher />, { path: "/dashboard" });
  return screen.findByTestId("account-switcher", {}, { timeout: 5_000 });
}

afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe("the top bar's account switcher", () => {
  it("names the active account and each account's role (English, SPEC's words unchanged)", async () => {
    const button = await open();
    expect(button.getAttribute("aria-label")).toBe("Account: Acme GmbH");
    await userEvent.click(button);
    expect(await screen.findByRole("menuitemradio", { name: /Beta BV · Read only/ })).toBeTruthy();
  });

  it("speaks the page's language: German label, menu and roles", async () => {
    await setLocale("de", { remember: false });
    const button = await open();
    expect(button.getAttribute("aria-label")).toBe("Konto: Acme GmbH");
    await userEvent.click(button);
    expect(await screen.findByRole("menuitemradio", { name: /Acme GmbH · Inhaber/ })).toBeTruthy();
    expect(document.querySelector('[aria-label="Konto"]')).not.toBeNull();
    expect(screen.getByRole("menuitemradio", { name: /Beta BV · Nur lesen/ })).toBeTruthy();
  });
});
