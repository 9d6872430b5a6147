import type { AccountRole } from "@contracts/members.ts";
import {
  mockApi,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ticketId, ticketOf } from "../testing/fixtures";
import SupportPage from "./support-page";
import TicketPage from "./ticket-page";

/*
 * The support pages offer what the caller's role may do (api/src/auth/token-scopes.ts): owners,
 * billing and technical members open and answer tickets; a read-only member reads them only.
 */

const id = ticketId;
const ticket = ticketOf({ status: "waiting_customer" });
const refusal = "Your role in this account does not allow opening or answering tickets";

async function as(role: AccountRole, profile: () => unknown = () => testProfile({ role })) {
  const net = mockApi({
    "GET /api/account/profile": profile,
    "GET /api/support/tickets": { tickets: [], next_cursor: null },
    "GET /api/support/tickets/:id": ticket,
    "GET /api/services": { services: [] },
  });
  await net.signIn();
}

/** What each page offers once it has settled on the role. */
async function offered(): Promise<string[]> {
  const list = renderPage(<SupportPage />, { path: "/support" });
  await screen.findByText("No tickets yet");
  await screen.findByText(new RegExp(`^(${refusal}|Open ticket)$`));
  const seen: (string | null)[] = [
    screen.queryByRole("form", { name: "New ticket" }) && "new ticket",
    screen.queryByText("Open a ticket below when you need help.") && "empty hint",
  ];
  list.unmount();
  renderPage(<TicketPage />, { path: "/support/:id", at: `/support/${id}` });
  await screen.findByText("It stopped.");
  await screen.findByText(new RegExp(`^(${refusal}|Send reply)$`));
  seen.push(
    screen.queryByRole("button", { name: "Send reply" }) && "reply",
    screen.queryByRole("button", { name: "Close ticket" }) && "close",
    screen.queryByText(refusal) && "why not",
  );
  return seen.filter((x): x is string => Boolean(x));
}

afterEach(resetPortalState);

describe("the support pages by role", () => {
  it.each([
    ["owner", ["new ticket", "empty hint", "reply", "close"]],
    ["billing", ["new ticket", "empty hint", "reply", "close"]],
    ["technical", ["new ticket", "empty hint", "reply", "close"]],
    ["read_only", ["why not"]],
  ] as const)("offer the %s role %j", async (role, expected) => {
    await as(role);
    expect(await offered()).toEqual(expected);
  });

  it("show no ticket form while the role is not known yet, so a read-only member never sees one flash", async () => {
    let answer: (profile: unknown) => void = () => {};
    await as("read_only", () => new Promise((resolve) => (answer = resolve)));
    renderPage(<SupportPage />, { path: "/support" });
    await screen.findByText("No tickets yet");
    expect(screen.queryByRole("form", { name: "New ticket" })).toBeNull();
    expect(screen.queryByText(refusal)).toBeNull();
    answer(testProfile({ role: "read_only" }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "New ticket" })).toBeNull();
  });
});
