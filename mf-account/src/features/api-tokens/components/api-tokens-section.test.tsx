import {
  findToast,
  json,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ApiTokensSection } from "./api-tokens-section";

afterEach(resetPortalState);

const TOKEN_ID = "44444444-4444-4444-8444-444444444444";
const info = (name: string, scope: string) => ({
  id: TOKEN_ID,
  name,
  scope,
  prefix: "hp_Ab3dE",
  created_at: "2026-11-26T08:00:00.000Z",
  expires_at: null,
  last_used_at: null,
  last_used_ip: null,
});

describe("ApiTokensSection", () => {
  it("creates a token with a scope and expiry, shows it once, lists it, and revokes it", async () => {
    const user = userEvent.setup();
    let tokens: ReturnType<typeof info>[] = [];
    const bodies: unknown[] = [];
    const net = mockApi({
      "GET /api/account/api-tokens": () => ({ tokens }),
      "POST /api/account/api-tokens": (req) => {
        bodies.push(req.body);
        tokens = [info("deploy", "technical")];
        return json(201, { ...tokens[0], token: "hp_Ab3dEfull-secret-token-value" });
      },
      "DELETE /api/account/api-tokens/:id": () => {
        tokens = [];
        return json(204, null);
      },
    });
    await net.signIn();
    renderPage(<ApiTokensSection />, { path: "/settings" });
    await screen.findByText("No API tokens");

    await user.click(screen.getByRole("button", { name: "Create token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create API token" });
    // The name is required, with the contract's message.
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    await within(dialog).findByText("Name is required");
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "deploy");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Scope" }), "technical");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Expires" }), "30");
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));

    const shown = await screen.findByRole("dialog", { name: "Your new API token" });
    expect(within(shown).getByRole("textbox", { name: "API token" })).toHaveProperty(
      "value",
      "hp_Ab3dEfull-secret-token-value",
    );
    expect(bodies).toEqual([{ name: "deploy", scope: "technical", expires_in_days: 30 }]);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await screen.findByRole("table", { name: "API tokens" });
    const rows = tableRows("API tokens");
    expect(rows[0]?.slice(0, 5)).toEqual([
      "deploy",
      "Technical: read, control servers",
      "hp_Ab3dE…",
      "Never",
      "Never",
    ]);
    // The token itself is nowhere on the page any more.
    expect(document.body.textContent).not.toContain("full-secret-token-value");

    await user.click(screen.getByRole("button", { name: "Revoke deploy" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke this token?" });
    await user.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await findToast("Token revoked");
    await screen.findByText("No API tokens");
  });
});
