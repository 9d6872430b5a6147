import type { AdminUser, CreditAdjustmentResult } from "@contracts/admin.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  apiError,
  fieldError,
  findToast,
  type MockApi,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { alice as aliceRow } from "../testing/fixtures";
import UsersPage, { prefetch } from "./users-page";

// Built from local time parts: dates show in the viewer's time zone.
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

const adminId = "00000000-0000-4000-8000-0000000000ad";

// Newest first, as GET /api/admin/users answers.
const alice: AdminUser = {
  ...aliceRow,
  orders_count: 2,
  created_at: local(2026, 11, 20, 16, 45),
};
const bob: AdminUser = {
  id: "3c4d5e6f-7081-4923-8b4c-5d6e7f809a1b",
  username: "bob",
  email: "bob@example.com",
  credits: "0.00",
  status: "suspended",
  is_admin: false,
  orders_count: 0,
  services_count: 0,
  created_at: local(2026, 6, 1, 8, 0),
};
const admin: AdminUser = {
  id: adminId,
  username: "admin",
  email: "admin@example.com",
  credits: "0.00",
  status: "active",
  is_admin: true,
  orders_count: 0,
  services_count: 0,
  created_at: local(2025, 1, 1, 9, 0),
};

async function openPage(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi(
    { "GET /api/admin/users": { users: [alice, bob, admin] }, ...routes },
    { user: { id: adminId, username: "admin", email: "admin@example.com", is_admin: true } },
  );
  await net.signIn();
  renderPage(<UsersPage />, { path: "/admin/users" });
  await screen.findByRole("table", { name: "Users" });
  return net;
}

async function openCredits(username: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: `Credits for ${username}` }));
  const dialog = screen.getByRole("dialog", { name: `Manage credits: ${username}` });
  return { user, dialog: within(dialog) };
}

afterEach(resetPortalState);

describe("Manage Users page (SPEC §2 /admin/users)", () => {
  it("lists all users newest first with credits, status, orders/services and join date", async () => {
    await openPage();
    expect(tableRows("Users")).toEqual([
      [
        "alice alice@example.com",
        "25.00 EUR",
        "active",
        "2 / 1",
        "Nov 20, 2026 16:45",
        "CreditsMembersSuspendRemove",
      ],
      [
        "bob bob@example.com",
        "0.00 EUR",
        "suspended",
        "0 / 0",
        "Jun 01, 2026 08:00",
        "CreditsMembersActivateRemove",
      ],
      [
        "admin adminadmin@example.com",
        "0.00 EUR",
        "active",
        "0 / 0",
        "Jan 01, 2025 09:00",
        "CreditsMembers",
      ],
    ]);
  });

  // The portal's one date formatter (shared-ui formatDateTime, SPEC 'MMM dd, yyyy HH:mm'): the
  // admin's own Intl formatter used `hour12: false` (en-US's h24 cycle: "24:05", a day late).
  it("shows a join time five past midnight as 00:05 of that day", async () => {
    await openPage({
      "GET /api/admin/users": { users: [{ ...bob, created_at: local(2026, 6, 1, 0, 5) }] },
    });
    expect(tableRows("Users")[0]?.[4]).toBe("Jun 01, 2026 00:05");
  });

  it("offers no Suspend or Remove on the admin's own row", async () => {
    await openPage();
    expect(screen.getByRole("button", { name: "Credits for admin" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Suspend admin" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove admin" })).toBeNull();
    expect(screen.getByRole("button", { name: "Suspend alice" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activate bob" })).toBeTruthy();
  });

  // react-aria caches table rows per item; the row re-renders with the mutation state because it
  // is one of the table body's dependencies (shared-ui TableBody requires them).
  it("shows Suspend as pending while the status change is under way", async () => {
    const user = userEvent.setup();
    const net = await openPage({
      "PUT /api/admin/users/:id/status": () => new Promise<Response>(() => undefined),
    });
    await user.click(screen.getByRole("button", { name: "Suspend alice" }));
    await waitFor(() => expect(net.callsTo("PUT /api/admin/users/:id/status")).toHaveLength(1));
    await waitFor(
      () =>
        expect(
          screen.getByRole("button", { name: "Suspend alice" }).getAttribute("aria-disabled"),
        ).toBe("true"),
      { timeout: 500 },
    );
  });

  it("suspends a user and confirms", async () => {
    const user = userEvent.setup();
    const net = await openPage({
      "PUT /api/admin/users/:id/status": { ...alice, status: "suspended" } satisfies AdminUser,
    });
    await user.click(screen.getByRole("button", { name: "Suspend alice" }));

    const toast = within(await findToast("User suspended"));
    expect(toast.getByText("alice is signed out and cannot sign in.")).toBeTruthy();
    expect(net.callsTo("PUT /api/admin/users/:id/status").map((c) => [c.path, c.body])).toEqual([
      [`/api/admin/users/${alice.id}/status`, { status: "suspended" }],
    ]);
  });

  it("says so when the users cannot be loaded", async () => {
    const net = mockApi({
      "GET /api/admin/users": () => apiError(403, "forbidden", "Admin access required"),
    });
    await net.signIn();
    renderPage(<UsersPage />, { path: "/admin/users" });
    expect(await screen.findByText("Could not load users")).toBeTruthy();
    expect(screen.getByText("Admin access required")).toBeTruthy();
  });
});

describe("Credits dialog (SPEC §5 credit adjustment)", () => {
  it("requires an amount: 'Please enter a valid amount', and calls no API", async () => {
    const net = await openPage();
    const { user, dialog } = await openCredits("alice");
    expect(dialog.getByText("25.00 EUR")).toBeTruthy();

    await user.click(dialog.getByRole("button", { name: "Add credits" }));

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Please enter a valid amount")).toBeTruthy();
    expect(fieldError("Amount (EUR)")).toBe("Please enter a valid amount");
    expect(net.callsTo("POST /api/admin/users/:id/credits")).toHaveLength(0);
  });

  it("refuses text that is not a number", async () => {
    const net = await openPage();
    const { user, dialog } = await openCredits("alice");
    await user.type(dialog.getByLabelText("Amount (EUR)"), "ten");
    await user.click(dialog.getByRole("button", { name: "Remove credits" }));

    expect(await findToast("Validation Error")).toBeTruthy();
    expect(fieldError("Amount (EUR)")).toBe("Please enter a valid amount");
    expect(net.callsTo("POST /api/admin/users/:id/credits")).toHaveLength(0);
  });

  it.each(["-5", "0", "0.00"])("refuses %s: 'Please enter a positive number'", async (amount) => {
    const net = await openPage();
    const { user, dialog } = await openCredits("alice");
    await user.type(dialog.getByLabelText("Amount (EUR)"), amount);
    await user.click(dialog.getByRole("button", { name: "Add credits" }));

    const toast = within(await findToast("Validation Error"));
    expect(toast.getByText("Please enter a positive number")).toBeTruthy();
    expect(fieldError("Amount (EUR)")).toBe("Please enter a positive number");
    expect(net.callsTo("POST /api/admin/users/:id/credits")).toHaveLength(0);
  });

  it("clears the error while typing", async () => {
    await openPage();
    const { user, dialog } = await openCredits("alice");
    await user.click(dialog.getByRole("button", { name: "Add credits" }));
    await waitFor(() => expect(fieldError("Amount (EUR)")).toBe("Please enter a valid amount"));
    await user.type(dialog.getByLabelText("Amount (EUR)"), "1");
    expect(fieldError("Amount (EUR)")).toBe("");
  });

  it("adds credits: posts the normalised amount and shows the new balance", async () => {
    const result: CreditAdjustmentResult = {
      user: { ...alice, credits: "35.50" },
      applied: "10.50",
      transaction_id: "8d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a",
    };
    const net = await openPage({ "POST /api/admin/users/:id/credits": result });
    const { user, dialog } = await openCredits("alice");
    net.on({ "GET /api/admin/users": { users: [result.user, bob, admin] } });
    await user.type(dialog.getByLabelText("Amount (EUR)"), "10.5");
    await user.click(dialog.getByRole("button", { name: "Add credits" }));

    const toast = within(await findToast("Credits updated"));
    expect(toast.getByText("Added 10.50 EUR for alice. New balance: 35.50 EUR")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Manage credits: alice" })).toBeNull(),
    );
    const calls = net.callsTo("POST /api/admin/users/:id/credits");
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [`/api/admin/users/${alice.id}/credits`, { operation: "add", amount: "10.50" }],
    ]);
    // A key per change: a double submit or a retry is applied once by the API.
    expect(calls[0]?.headers.get("Idempotency-Key")).toMatch(/^web-[0-9a-f-]{36}$/);
    // The list is read again.
    await waitFor(() => expect(screen.getByTestId("credits-alice").textContent).toBe("35.50 EUR"));
  });

  it("removing more than the balance floors it at 0 and says so", async () => {
    const net = await openPage({
      "POST /api/admin/users/:id/credits": {
        user: { ...alice, credits: "0.00" },
        applied: "-25.00",
        transaction_id: "9e0f1a2b-3c4d-4e5f-9a6b-7c8d9e0f1a2b",
      } satisfies CreditAdjustmentResult,
    });
    const { user, dialog } = await openCredits("alice");
    await user.type(dialog.getByLabelText("Amount (EUR)"), "40");
    await user.click(dialog.getByRole("button", { name: "Remove credits" }));

    const toast = within(await findToast("Credits updated"));
    expect(
      toast.getByText("Removed 25.00 EUR for alice (balance floored at 0). New balance: 0.00 EUR"),
    ).toBeTruthy();
    expect(net.callsTo("POST /api/admin/users/:id/credits")[0]?.body).toEqual({
      operation: "remove",
      amount: "40.00",
    });
  });

  it("shows 'Failed to update credits' with the server message", async () => {
    await openPage({
      "POST /api/admin/users/:id/credits": () => apiError(404, "not_found", "User not found"),
    });
    const { user, dialog } = await openCredits("alice");
    await user.type(dialog.getByLabelText("Amount (EUR)"), "5");
    await user.click(dialog.getByRole("button", { name: "Add credits" }));

    const toast = within(await findToast("Failed to update credits"));
    expect(toast.getByText("User not found")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Manage credits: alice" })).toBeTruthy();
  });
});

describe("Manage Users page in German", () => {
  afterEach(() => setLocale("en", { remember: false }));

  it("shows the page, its table, its actions and its list texts in the page's language", async () => {
    await setLocale("de", { remember: false });
    await mockApi(
      { "GET /api/admin/users": { users: [alice, bob, admin] } },
      { user: { id: adminId, username: "admin", email: "admin@example.com", is_admin: true } },
    ).signIn();
    renderPage(<UsersPage />, { path: "/admin/users" });
    await screen.findByRole("table", { name: "Benutzer" });
    expect(screen.getByRole("heading", { name: "Benutzer verwalten" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Benutzer anlegen" })).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Benutzer durchsuchen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "alice sperren" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "bob aktivieren" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Guthaben von alice" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("3 Benutzer angezeigt");
    expect(screen.queryByText(/Manage Users|Create user|Showing/)).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Guthaben von alice" }));
    const dialog = within(screen.getByRole("dialog", { name: "Guthaben verwalten: alice" }));
    expect(dialog.getByRole("button", { name: "Guthaben hinzufügen" })).toBeTruthy();
    expect(dialog.getByLabelText("Betrag (EUR)")).toBeTruthy();
  });
});

describe("prefetch (the shell calls it before the page renders)", () => {
  it("asks for the first page of the URL's search: rendered after it, the page shows those rows at once and asks nothing again", async () => {
    const net = mockApi(
      { "GET /api/admin/users": { users: [alice], next_cursor: null } },
      { user: { id: adminId, username: "admin", email: "admin@example.com", is_admin: true } },
    );
    await net.signIn();
    await prefetch({ params: {}, search: "?q=alice" });
    renderPage(<UsersPage />, { path: "/admin/users", at: "/admin/users?q=alice" });
    // At once: no placeholder first.
    expect(tableRows("Users")).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.callsTo("GET /api/admin/users").map((c) => c.path)).toEqual([
      "/api/admin/users?q=alice&limit=50",
    ]);
  });
});
