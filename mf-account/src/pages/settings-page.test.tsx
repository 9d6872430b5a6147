import type { Factor } from "@contracts/factors.ts";
import {
  apiError,
  fieldError,
  findToast,
  json,
  type MockApi,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import SettingsPage from "./settings-page";

const profile = testProfile({ credits: "112.50" });

const authenticator: Factor = {
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  factor_type: "totp",
  friendly_name: "Pixel authenticator",
  status: "verified",
  created_at: "2026-03-14T10:00:00Z",
  updated_at: "2026-03-14T10:01:00Z",
};

async function openPage(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi({
    "GET /api/account/profile": profile,
    "GET /api/auth/factors": { factors: [] },
    ...routes,
  });
  await net.signIn();
  renderPage(<SettingsPage />, { path: "/settings" });
  return net;
}

async function submitPasswords(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText("Current Password"), current);
  if (next) await user.type(screen.getByLabelText("New Password"), next);
  if (confirm) await user.type(screen.getByLabelText("Confirm New Password"), confirm);
  await user.click(screen.getByRole("button", { name: "Change Password" }));
}

afterEach(resetPortalState);

describe("Settings page (SPEC §2 /settings)", () => {
  it("shows username, email and the credits balance with 2 decimals in EUR", async () => {
    await openPage();
    const card = within(
      (await screen.findByRole("heading", { name: "Profile" })).closest("section") as HTMLElement,
    );
    expect(await card.findByText("customer")).toBeTruthy();
    expect(card.getByText("customer@example.com")).toBeTruthy();
    expect(screen.getByTestId("settings-credits").textContent).toBe("112.50 EUR");
  });

  it("shows 'Profile not found' when the profile cannot be read", async () => {
    await openPage({
      "GET /api/account/profile": () => apiError(404, "not_found", "Profile not found"),
    });
    expect(await screen.findByText("Profile not found")).toBeTruthy();
    expect(screen.queryByTestId("settings-credits")).toBeNull();
  });

  it("lists the two-factor factors, or says two-factor sign-in is off", async () => {
    await openPage({ "GET /api/auth/factors": { factors: [authenticator] } });
    const table = await screen.findByRole("table", { name: "Two-factor authentication factors" });
    expect(within(table).getByText("Pixel authenticator")).toBeTruthy();
    expect(within(table).getByText("Authenticator app")).toBeTruthy();
    expect(within(table).getByText("Verified")).toBeTruthy();
    expect(screen.queryByText("Two-factor authentication is off")).toBeNull();
  });

  it("says two-factor sign-in is off without factors", async () => {
    await openPage();
    expect(await screen.findByText("Two-factor authentication is off")).toBeTruthy();
  });
});

describe("Change password form (SPEC §5)", () => {
  it("requires 6 characters for the current and the new password, without calling the API", async () => {
    const net = await openPage();
    await submitPasswords("", "", "");

    const toast = await findToast("Validation Error");
    expect(within(toast).getByText("Password must be at least 6 characters")).toBeTruthy();
    expect(fieldError("Current Password")).toBe("Password must be at least 6 characters");
    expect(fieldError("New Password")).toBe("Password must be at least 6 characters");
    expect(screen.getByLabelText("Current Password").getAttribute("aria-invalid")).toBe("true");
    expect(net.callsTo("PUT /api/auth/password")).toHaveLength(0);
  });

  it("rejects a short new password", async () => {
    const net = await openPage();
    await submitPasswords("oldsecret", "abc12", "abc12");

    expect(await findToast("Validation Error")).toBeTruthy();
    expect(fieldError("New Password")).toBe("Password must be at least 6 characters");
    expect(fieldError("Current Password")).toBe("");
    expect(net.callsTo("PUT /api/auth/password")).toHaveLength(0);
  });

  it("rejects a confirmation that does not match, without calling the API", async () => {
    const net = await openPage();
    await submitPasswords("oldsecret", "newsecret1", "newsecret2");

    const toast = await findToast("Validation Error");
    expect(within(toast).getByText("Passwords don't match")).toBeTruthy();
    expect(fieldError("Confirm New Password")).toBe("Passwords don't match");
    expect(net.callsTo("PUT /api/auth/password")).toHaveLength(0);
  });

  it("changes the password and says 'Password changed successfully!'", async () => {
    const net = await openPage({ "PUT /api/auth/password": () => json(204, null) });
    await submitPasswords("oldsecret", "newsecret1", "newsecret1");

    expect(await findToast("Password changed successfully!")).toBeTruthy();
    expect(net.callsTo("PUT /api/auth/password").map((c) => c.body)).toEqual([
      { current_password: "oldsecret", new_password: "newsecret1" },
    ]);
    await waitFor(() =>
      expect((screen.getByLabelText("New Password") as HTMLInputElement).value).toBe(""),
    );
  });

  it("shows 'Current password is incorrect' when the API refuses the current password", async () => {
    await openPage({
      "PUT /api/auth/password": () =>
        apiError(400, "wrong_password", "Current password is incorrect"),
    });
    await submitPasswords("notmypass", "newsecret1", "newsecret1");

    expect(await findToast("Current password is incorrect")).toBeTruthy();
    expect(fieldError("Current Password")).toBe("Current password is incorrect");
    expect(screen.queryByText("Password changed successfully!")).toBeNull();
  });
  it("says how much of the balance a PayPal dispute holds, and nothing when none does", async () => {
    await openPage({
      "GET /api/billing/payment-notices": {
        held: "25.00",
        available: "5.00",
        disputes: [],
        not_credited: [
          {
            order_id: "5O190127TN364715T",
            amount: "10.00",
            capture_id: null,
            denied_at: new Date().toISOString(),
          },
        ],
      },
    });
    const held = await screen.findByRole("region", { name: "Credits on hold" });
    expect(held.textContent).toContain("You can spend 5.00 EUR until PayPal decides");
    // Denied top-ups belong to the transactions page.
    expect(screen.queryByRole("region", { name: "Payments not completed" })).toBeNull();
  });
});
