import type { PageLocation, PageRoute } from "@contracts/remote-registry.ts";
import { mockApi, resetPortalState } from "@hosting-portal/shared-ui/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type PageModule, prefetchPageData } from "./page-module";

/** A page module whose prefetch records the locations it was asked for. */
function pageWithPrefetch(prefetch?: (l: PageLocation) => Promise<unknown>) {
  const calls: PageLocation[] = [];
  const mod: PageModule = {
    default: () => null,
    prefetch: async (location) => {
      calls.push(location);
      return prefetch?.(location);
    },
  };
  return { mod, calls };
}

const signedIn = (isAdmin: boolean) => mockApi({}, { user: { is_admin: isAdmin } }).signIn();

const servicePage: PageRoute = { path: "/service/:id", id: "mf_a/ServicePage", admin: false };
const usersPage: PageRoute = { path: "/admin/users", id: "mf_b/UsersPage", admin: true };
const atUsers = { pathname: "/admin/users", search: "" };

afterEach(resetPortalState);

describe("prefetchPageData", () => {
  it("hands the page its route's parameters and the URL's query string", async () => {
    await signedIn(false);
    const { mod, calls } = pageWithPrefetch();
    await prefetchPageData(servicePage, mod, { pathname: "/service/abc", search: "?range=day" });
    expect(calls).toEqual([{ params: { id: "abc" }, search: "?range=day" }]);
  });

  it("asks nothing for a visitor, nor for an admin page and a non-admin", async () => {
    const { mod, calls } = pageWithPrefetch();
    await prefetchPageData(servicePage, mod, { pathname: "/service/abc", search: "" });
    await signedIn(false);
    await prefetchPageData(usersPage, mod, atUsers);
    expect(calls).toHaveLength(0);
    resetPortalState();
    await signedIn(true);
    await prefetchPageData(usersPage, mod, atUsers);
    expect(calls).toHaveLength(1);
  });

  it("settles, without rejecting, when the page's prefetch throws", async () => {
    await signedIn(false);
    const { mod, calls } = pageWithPrefetch(() => Promise.reject(new Error("boom")));
    await expect(
      prefetchPageData(servicePage, mod, { pathname: "/service/abc", search: "" }),
    ).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
