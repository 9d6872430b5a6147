import type { AccountRole } from "@contracts/members.ts";
import type { Service } from "@contracts/services.ts";
import { profileQueryOptions, queryClient } from "@hosting-portal/shared-ui";
import {
  mockApi,
  renderPage,
  resetPortalState,
  testProfile,
} from "@hosting-portal/shared-ui/testing";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SideNav } from "./side-nav";

const service = (id: string, service_status: Service["service_status"]): Service => ({
  id,
  user_id: "00000000-0000-4000-8000-000000000001",
  service_type: "vps",
  service_status,
  ipv4: service_status === "active" ? "203.0.113.10" : null,
  ram: "4",
  cpu: "2",
  storage: "80",
  reseller_id: service_status === "active" ? 104233 : null,
  order_id: null,
  created_at: "2026-10-23T14:05:00Z",
  root_password_pending: false,
});

async function openNav(services: Service[]) {
  const net = mockApi({ "GET /api/services": { services } });
  await net.signIn();
  renderPage(<SideNav />, { path: "/dashboard" });
  return within(screen.getByRole("navigation", { name: "Main" }));
}

afterEach(resetPortalState);

describe("Side navigation 'My Services' (SPEC §2)", () => {
  it("marks active services green and every other state red, naming the state for screen readers", async () => {
    const nav = await openNav([
      service("11111111-0000-4000-8000-000000000001", "active"),
      service("22222222-0000-4000-8000-000000000002", "provisioning"),
      service("33333333-0000-4000-8000-000000000003", "suspended"),
      service("44444444-0000-4000-8000-000000000004", "failed"),
    ]);
    // jsdom's name computation drops the space a browser keeps before the hidden state text.
    const entry = async (id: string, state: string) =>
      nav.findByRole("link", { name: new RegExp(`^VPS-${id}\\s?\\(${state}\\)$`) });
    const dot = (link: HTMLElement) =>
      link.querySelector("[data-status]")?.getAttribute("data-status");

    const active = await entry("11111111", "Active");
    expect(active.getAttribute("href")).toBe("/service/11111111-0000-4000-8000-000000000001");
    expect(dot(active)).toBe("active");
    expect(dot(await entry("22222222", "Provisioning"))).toBe("inactive");
    expect(dot(await entry("33333333", "Suspended"))).toBe("inactive");
    expect(dot(await entry("44444444", "Failed"))).toBe("inactive");
    expect(nav.queryByText(/not active/)).toBeNull();
  });

  it("leaves terminated services out (the dashboard keeps them as history)", async () => {
    const nav = await openNav([
      service("11111111-0000-4000-8000-000000000001", "active"),
      service("55555555-0000-4000-8000-000000000005", "terminated"),
    ]);
    expect(await nav.findByRole("link", { name: /^VPS-11111111\s?\(Active\)$/ })).toBeTruthy();
    expect(nav.queryByRole("link", { name: /55555555/ })).toBeNull();
  });

  it("says 'No services yet' when only terminated services are left", async () => {
    const nav = await openNav([service("55555555-0000-4000-8000-000000000005", "terminated")]);
    expect(await nav.findByText("No services yet")).toBeTruthy();
  });
});

describe("Side navigation by the role in the account", () => {
  async function entriesOf(role: AccountRole) {
    const net = mockApi({
      "GET /api/services": { services: [] },
      "GET /api/account/profile": testProfile({ role }),
    });
    await net.signIn();
    // The profile is known (the top bar has read it): what the navigation settles on.
    await queryClient.fetchQuery(profileQueryOptions());
    renderPage(<SideNav />, { path: "/dashboard" });
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    await nav.findByRole("link", { name: "Transactions" });
    return [
      nav.queryByRole("link", { name: "Charge Credits" }) && "charge credits",
      nav.queryByRole("button", { name: "Products" }) && "products",
      nav.queryByRole("link", { name: "Orders" }) && "orders",
    ].filter(Boolean);
  }

  it.each([
    ["owner", ["charge credits", "products", "orders"]],
    ["billing", ["charge credits", "products", "orders"]],
    ["technical", ["orders"]],
    ["read_only", ["orders"]],
  ] as const)("offers the %s role %j", async (role, expected) => {
    expect(await entriesOf(role)).toEqual(expected);
  });

  it("leaves Charge Credits and the products out until the profile names the role", async () => {
    let answer: (profile: object) => void = () => {};
    const net = mockApi({
      "GET /api/services": { services: [] },
      "GET /api/account/profile": () => new Promise<object>((resolve) => (answer = resolve)),
    });
    await net.signIn();
    renderPage(<SideNav />, { path: "/dashboard" });
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    await nav.findByRole("link", { name: "Transactions" });
    expect(nav.queryByRole("link", { name: "Charge Credits" })).toBeNull();
    expect(nav.queryByRole("button", { name: "Products" })).toBeNull();
    answer(testProfile({ role: "billing" }));
    expect(await nav.findByRole("link", { name: "Charge Credits" })).toBeTruthy();
    expect(nav.getByRole("button", { name: "Products" })).toBeTruthy();
  });
});
