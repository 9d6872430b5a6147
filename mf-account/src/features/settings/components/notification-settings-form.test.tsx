import {
  apiError,
  findToast,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { NotificationSettingsForm } from "./notification-settings-form";

const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
const REMINDERS = "Reminders before an order expires";
const RECEIPTS = "Receipts for top-ups, purchases and renewals";
const saveButton = () =>
  screen.getByRole("button", { name: "Save email preferences" }) as HTMLButtonElement;
const isDisabled = (b: HTMLButtonElement) =>
  b.disabled || b.getAttribute("aria-disabled") === "true";

afterEach(resetPortalState);

describe("NotificationSettingsForm", () => {
  it("shows the saved choices and saves a change", async () => {
    const user = userEvent.setup();
    const net = mockApi({
      "GET /api/account/notifications": { reminders: true, receipts: true },
      "PUT /api/account/notifications": (req) => req.body as object,
    });
    await net.signIn();
    renderPage(<NotificationSettingsForm />, { path: "/settings" });
    await screen.findByRole("form", { name: "Email notifications" });
    expect(box(REMINDERS).checked).toBe(true);
    expect(box(RECEIPTS).checked).toBe(true);
    expect(isDisabled(saveButton())).toBe(true);
    expect(screen.getByText(/password resets.*are always sent/)).toBeTruthy();

    await user.click(box(RECEIPTS));
    expect(isDisabled(saveButton())).toBe(false);
    await user.click(saveButton());
    expect(await findToast("Email preferences saved")).toBeTruthy();
    expect(net.callsTo("PUT /api/account/notifications").map((c) => c.body)).toEqual([
      { reminders: true, receipts: false },
    ]);
    await waitFor(() => expect(isDisabled(saveButton())).toBe(true));
    expect(box(RECEIPTS).checked).toBe(false);
  });

  it("shows the API's refusal", async () => {
    const user = userEvent.setup();
    const net = mockApi({
      "GET /api/account/notifications": { reminders: false, receipts: true },
      "PUT /api/account/notifications": () =>
        apiError(422, "validation_error", "reminders must be true or false"),
    });
    await net.signIn();
    renderPage(<NotificationSettingsForm />, { path: "/settings" });
    await screen.findByRole("form", { name: "Email notifications" });
    expect(box(REMINDERS).checked).toBe(false);
    await user.click(box(REMINDERS));
    await user.click(saveButton());
    const toast = await findToast("Email preferences not saved");
    expect(toast.textContent).toContain("reminders must be true or false");
  });

  it("says so when the choices cannot be loaded", async () => {
    const net = mockApi({
      "GET /api/account/notifications": () => apiError(404, "not_found", "Profile not found"),
    });
    await net.signIn();
    renderPage(<NotificationSettingsForm />, { path: "/settings" });
    expect(
      await screen.findByText(/Email preferences could not be loaded: Profile not found/),
    ).toBeTruthy();
  });
});
