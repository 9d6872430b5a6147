import type { AccountList } from "@contracts/members.ts";
import { setLocale, useMemberships } from "@hosting-portal/shared-ui";
import { mockApi, renderPage, resetPortalState } from "@hosting-portal/shared-ui/testing";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SuspendedAccountBanner } from "./suspended-account-banner";

/** Shows "read" once the list is in the cache: the banner beside it has rendered with it. */
function ListRead() {
  return useMemberships().data ? <p>read</p> : null;
}

const own = { id: "11111111-0000-4000-8000-000000000001", name: "Mine", role: "owner" } as const;
const shared = {
  id: "22222222-0000-4000-8000-000000000002",
  name: "Acme",
  role: "billing",
} as const;

/** The banner of a member whose list is `accounts`; resolves once that list has been read. */
async function showFor(accounts: AccountList["accounts"]) {
  const net = mockApi({ "GET /api/account/accounts": { accounts } });
  await net.signIn();
  renderPage(
    <>
      <SuspendedAccountBanner />
      <ListRead />
    </>,
    { path: "/dashboard" },
  );
  await screen.findByText("read", {}, { timeout: 5_000 });
}

afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe("the suspended-account banner", () => {
  it("says what still works while the account the session acts on is suspended", async () => {
    await showFor([
      { ...own, active: false, suspended: false },
      { ...shared, active: true, suspended: true },
    ]);
    const banner = await screen.findByRole("region", { name: "Account suspended" });
    expect(banner.textContent).toBe(
      "This account is suspended: its services and orders can be viewed, and support reached, but nothing can be changed",
    );
  });

  it("in the page's language", async () => {
    await setLocale("de", { remember: false });
    await showFor([{ ...shared, active: true, suspended: true }]);
    const banner = await screen.findByRole("region", { name: "Konto gesperrt" });
    expect(banner.textContent).toMatch(/gesperrt/);
  });

  it("shows nothing while the active account is not suspended, even if another one is", async () => {
    await showFor([
      { ...own, active: true, suspended: false },
      { ...shared, active: false, suspended: true },
    ]);
    expect(screen.queryByRole("region")).toBeNull();
  });
});
