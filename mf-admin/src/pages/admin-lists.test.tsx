/*
 * The admin pages' lists: the search and filters live in the URL and reach the API, the lists
 * come a page at a time with "Load more" and a count, an action refreshes the loaded pages in
 * place, and a search that finds nothing says so (apart from the SPEC's empty-list text).
 */
import type { AdminService, AdminUser } from "@contracts/admin.ts";
import { useLocation, useNavigate } from "@hosting-portal/router";
import {
  apiError,
  findToast,
  listQueries,
  mockApi,
  pagedList,
  type Routes,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_LOADED_PAGES } from "../lib/admin-list";
import { SEARCH_DEBOUNCE_MS } from "../lib/admin-list-view";
import ServicesPage from "./services-page";
import UsersPage from "./users-page";

const user = (n: number): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  username: `user${n}`,
  email: `user${n}@example.com`,
  credits: "0.00",
  status: "active",
  is_admin: false,
  orders_count: 0,
  services_count: 0,
  created_at: "2026-11-20T16:45:00Z",
});

const service = (n: number, status: AdminService["service_status"] = "active"): AdminService => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  user_id: user(n).id,
  username: `user${n}`,
  email: `user${n}@example.com`,
  service_type: "vps",
  service_status: status,
  ipv4: `198.51.100.${n}`,
  ram: "4",
  cpu: "2",
  storage: "80",
  reseller_id: 1000 + n,
  order_id: null,
  created_at: "2026-11-20T17:00:00Z",
  provider_error: null,
});

/** The router's location as the page sees it (the shell's router, here a MemoryRouter). */
const at: { search: string; navigate: (delta: number) => void } = {
  search: "",
  navigate: () => undefined,
};
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  at.search = location.search;
  at.navigate = (to) => void navigate(to);
  return null;
}

async function open(page: ReactElement, path: string, url: string, routes: Routes) {
  const net = mockApi(routes, {
    user: { is_admin: true, username: "admin", email: "admin@example.com" },
  });
  await net.signIn();
  renderPage(
    <>
      {page}
      <Probe />
    </>,
    { path, at: url },
  );
  return net;
}

/** The list query of each GET to `route`, without the page size: what the page asked for. */
const asked = listQueries;

/** A list API over `rows`, two rows a page, the cursor being the next row's index. */
const paged = <T,>(rows: () => T[], key: string) => pagedList(key, rows, { pageSize: 2 });

afterEach(resetPortalState);

describe("search and filters in the URL", () => {
  it("a search in the URL (a shared link) reaches the API and fills the field", async () => {
    const net = await open(<UsersPage />, "/admin/users", "/admin/users?q=user2", {
      "GET /api/admin/users": { users: [user(2)], next_cursor: null },
    });
    await screen.findByRole("table", { name: "Users" });
    expect(asked(net, "GET /api/admin/users")).toEqual(["q=user2"]);
    expect((screen.getByLabelText("Search users") as HTMLInputElement).value).toBe("user2");
  });

  it("typing searches once after a pause, writes ?q= and Back returns to the whole list", async () => {
    const net = await open(<UsersPage />, "/admin/users", "/admin/users", {
      "GET /api/admin/users": (req) => ({
        users: req.url.searchParams.get("q") ? [user(7)] : [user(1), user(7)],
      }),
    });
    await screen.findByRole("table", { name: "Users" });
    const typist = userEvent.setup();
    await typist.type(screen.getByLabelText("Search users"), "user7@");

    await waitFor(() => expect(at.search).toBe("?q=user7%40"));
    await waitFor(() => expect(tableRows("Users")).toHaveLength(1));
    // One request for the pause, none per keystroke.
    expect(asked(net, "GET /api/admin/users")).toEqual(["", "q=user7%40"]);

    // Refining the search replaces the history entry: one Back leads to the unsearched list.
    await typist.type(screen.getByLabelText("Search users"), "example");
    await waitFor(() => expect(at.search).toBe("?q=user7%40example"));
    act(() => at.navigate(-1));
    await waitFor(() => expect(at.search).toBe(""));
    await waitFor(() => expect(tableRows("Users")).toHaveLength(2));
    expect((screen.getByLabelText("Search users") as HTMLInputElement).value).toBe("");
  });

  it("does not search before the typing pauses", async () => {
    const net = await open(<UsersPage />, "/admin/users", "/admin/users", {
      "GET /api/admin/users": { users: [user(1)] },
    });
    await screen.findByRole("table", { name: "Users" });
    await userEvent.setup().type(screen.getByLabelText("Search users"), "us");
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 2));
    expect(at.search).toBe("");
    expect(asked(net, "GET /api/admin/users")).toEqual([""]);
  });

  it("a filter writes ?status= and the API gets it with the search", async () => {
    const net = await open(<ServicesPage />, "/admin/services", "/admin/services?q=198.51", {
      "GET /api/admin/services": { services: [service(1)] },
    });
    await screen.findByRole("table", { name: "Services" });
    await userEvent.setup().selectOptions(screen.getByLabelText("Filter by status"), "suspended");
    await waitFor(() => expect(at.search).toBe("?q=198.51&status=suspended"));
    await waitFor(() =>
      expect(asked(net, "GET /api/admin/services")).toEqual([
        "q=198.51",
        "q=198.51&status=suspended",
      ]),
    );
  });

  it("ignores a filter value the API would refuse", async () => {
    const net = await open(<ServicesPage />, "/admin/services", "/admin/services?status=deleted", {
      "GET /api/admin/services": { services: [service(1)] },
    });
    await screen.findByRole("table", { name: "Services" });
    expect(asked(net, "GET /api/admin/services")).toEqual([""]);
  });
});

describe("pages: Load more and the count", () => {
  it("Load more appends the next page, asking with its cursor and the same search", async () => {
    const users = [1, 2, 3, 4, 5].map(user);
    const net = await open(<UsersPage />, "/admin/users", "/admin/users?q=user", {
      "GET /api/admin/users": paged(() => users, "users"),
    });
    await screen.findByRole("table", { name: "Users" });
    expect(screen.getByRole("status").textContent).toBe("Showing 2 users (more available)");

    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Showing 4 users (more available)"),
    );
    await clicks.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Showing 5 users"));

    expect(tableRows("Users").map((r) => r[0])).toEqual(
      users.map((u) => `${u.username} ${u.email}`),
    );
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(asked(net, "GET /api/admin/users")).toEqual([
      "q=user",
      "q=user&cursor=2",
      "q=user&cursor=4",
    ]);
  });

  it(`stops loading after ${MAX_LOADED_PAGES} pages and asks for a search instead`, async () => {
    const users = Array.from({ length: MAX_LOADED_PAGES * 2 + 1 }, (_, i) => user(i + 1));
    await open(<UsersPage />, "/admin/users", "/admin/users", {
      "GET /api/admin/users": paged(() => users, "users"),
    });
    await screen.findByRole("table", { name: "Users" });
    const clicks = userEvent.setup({ delay: null });
    for (let page = 2; page <= MAX_LOADED_PAGES; page++) {
      await clicks.click(screen.getByRole("button", { name: "Load more" }));
      await waitFor(() => expect(tableRows("Users")).toHaveLength(page * 2));
    }
    expect(screen.getByRole("status").textContent).toBe(
      `Showing the first ${MAX_LOADED_PAGES * 2} users. Search or filter to find the others.`,
    );
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    // Ten round trips through the real query client: slow on a busy machine.
  }, 20_000);

  it("a failed Load more keeps the rows shown and offers Retry", async () => {
    const users = [1, 2, 3].map(user);
    const net = await open(<UsersPage />, "/admin/users", "/admin/users", {
      "GET /api/admin/users": paged(() => users, "users"),
    });
    await screen.findByRole("table", { name: "Users" });
    net.on({
      "GET /api/admin/users": (req) =>
        req.url.searchParams.has("cursor")
          ? apiError(422, "validation", "limit must be at most 200")
          : paged(() => users, "users")(req),
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load users: limit must be at most 200");
    expect(tableRows("Users")).toHaveLength(2);
    net.on({ "GET /api/admin/users": paged(() => users, "users") });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(tableRows("Users")).toHaveLength(2);
  });
});

describe("an action keeps the loaded pages", () => {
  it("suspending a service of page 2 refreshes both pages in place", async () => {
    const services = [1, 2, 3].map((n) => service(n));
    const net = await open(<ServicesPage />, "/admin/services", "/admin/services", {
      "GET /api/admin/services": paged(() => services, "services"),
      "PUT /api/admin/services/:id/status": (req) => {
        const i = services.findIndex((s) => s.id === req.params.id);
        services[i] = { ...services[i]!, service_status: "suspended" };
        return services[i]!;
      },
    });
    await screen.findByRole("table", { name: "Services" });
    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(tableRows("Services")).toHaveLength(3));

    await clicks.click(screen.getByRole("button", { name: "Suspend service 198.51.100.3" }));
    expect(await findToast("Service suspended")).toBeTruthy();

    // Both loaded pages are read again, with their cursors; the list never went back to page 1.
    await waitFor(() =>
      expect(asked(net, "GET /api/admin/services")).toEqual(["", "cursor=2", "", "cursor=2"]),
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Activate service 198.51.100.3" })).toBeTruthy(),
    );
    expect(tableRows("Services").map((r) => r[3])).toEqual(["active", "active", "suspended"]);
    expect(screen.getByRole("status").textContent).toBe("Showing 3 services");
  });
});

describe("a search that finds nothing", () => {
  it('says No users match "xyz". and Clear search shows the whole list again', async () => {
    const net = await open(<UsersPage />, "/admin/users", "/admin/users?q=xyz", {
      "GET /api/admin/users": (req) => ({
        users: req.url.searchParams.get("q") ? [] : [user(1)],
      }),
    });
    expect(await screen.findByText('No users match "xyz".')).toBeTruthy();
    expect(screen.queryByText("No users yet")).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Clear search" }));
    await waitFor(() => expect(tableRows("Users")).toHaveLength(1));
    expect(at.search).toBe("");
    expect((screen.getByLabelText("Search users") as HTMLInputElement).value).toBe("");
    expect(asked(net, "GET /api/admin/users")).toEqual(["q=xyz", ""]);
  });

  it("names the filters when only a filter finds nothing", async () => {
    await open(<ServicesPage />, "/admin/services", "/admin/services?type=dedicated", {
      "GET /api/admin/services": { services: [] },
    });
    expect(await screen.findByText("No services match these filters.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeTruthy();
  });

  it("keeps the SPEC's empty text for a list that is empty without a search", async () => {
    await open(<UsersPage />, "/admin/users", "/admin/users", {
      "GET /api/admin/users": { users: [] },
    });
    expect(await screen.findByText("No users yet")).toBeTruthy();
    expect(screen.queryByText(/match/)).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
