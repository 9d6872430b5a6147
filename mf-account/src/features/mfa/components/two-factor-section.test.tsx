import {
  apiError,
  fieldError,
  findToast,
  json,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { TwoFactorSection } from "./two-factor-section";

afterEach(resetPortalState);

const APP = "44444444-4444-4444-8444-444444444444";
const factor = {
  id: APP,
  factor_type: "totp",
  friendly_name: "Work phone",
  status: "verified",
  created_at: "2026-11-20T08:00:00.000Z",
  updated_at: "2026-11-20T08:00:00.000Z",
};

describe("TwoFactorSection: removing a factor", () => {
  it("asks for the password (or a code) again and can sign out the other sessions", async () => {
    const user = userEvent.setup();
    let factors = [factor];
    const net = mockApi({
      "GET /api/auth/factors": () => ({ factors }),
      "DELETE /api/auth/factors/:id": (req) => {
        const body = req.body as { password?: string; code?: string };
        if (body.password === "wrong-one")
          return apiError(400, "wrong_password", "Incorrect password");
        factors = [];
        return json(204, null);
      },
    });
    await net.signIn();
    renderPage(<TwoFactorSection />, { path: "/settings" });
    await user.click(await screen.findByRole("button", { name: "Remove Work phone" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Remove this factor?" }));

    await user.click(dialog.getByRole("button", { name: "Remove" }));
    expect(fieldError("Confirm with your password")).toBe("Enter your password");
    expect(net.callsTo("DELETE /api/auth/factors/:id")).toHaveLength(0);

    await user.type(dialog.getByLabelText("Confirm with your password"), "wrong-one");
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(fieldError("Confirm with your password")).toBe("Incorrect password"),
    );

    // An authenticator code works too.
    await user.click(dialog.getByRole("button", { name: "Use a code instead" }));
    await user.type(dialog.getByLabelText("Code from your authenticator app"), "123456");
    await user.click(dialog.getByRole("checkbox", { name: "Also sign out my other sessions" }));
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    expect(await findToast("Factor removed")).toBeTruthy();
    expect(net.callsTo("DELETE /api/auth/factors/:id").map((c) => c.body)).toEqual([
      { password: "wrong-one", end_other_sessions: false },
      { code: "123456", end_other_sessions: true },
    ]);
    await screen.findByText("Two-factor authentication is off");
  });
});
