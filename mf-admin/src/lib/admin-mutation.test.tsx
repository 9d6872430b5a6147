import { queryClient, queryKeys } from "@hosting-portal/shared-ui";
import { resetPortalState } from "@hosting-portal/shared-ui/testing";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useAdminMutation } from "./admin-mutation";

/** What the customer pages and the admin tables of one browser may hold, by name. */
const cached: Record<string, QueryKey> = {
  "shop VPS list": queryKeys.products.byType("vps"),
  "shop dedicated list": queryKeys.products.byType("dedicated"),
  "My Orders": queryKeys.orders.mine,
  "My Services": queryKeys.services.mine,
  "a service page": queryKeys.services.one("5d6e7f80-9a0b-4c1d-8e2f-3a4b5c6d7e8f"),
  "top bar balance": queryKeys.account.profile,
  transactions: queryKeys.account.transactions(50),
  "admin products": queryKeys.products.admin,
  "admin orders": queryKeys.orders.admin,
  "admin services": queryKeys.services.admin,
  "admin users": queryKeys.users.admin,
  // The pages an admin list has loaded: invalidated, they refetch in place.
  "admin user pages, searched": [...queryKeys.users.admin, "pages", { q: "alice" }],
  "admin service pages, filtered": [...queryKeys.services.admin, "pages", { status: "active" }],
  "audit log": queryKeys.audit.admin,
  "signed-in user": queryKeys.auth.user,
  "second factors": queryKeys.mfa.factors,
  "billing config": queryKeys.billing.config,
};

afterEach(resetPortalState);

describe("useAdminMutation", () => {
  it("after any admin write, marks stale what the customer pages and the admin tables show", async () => {
    for (const key of Object.values(cached)) queryClient.setQueryData(key, { cached: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useAdminMutation(async (id: string) => ({ id }), "Failed to update order"),
      { wrapper },
    );

    await act(() => result.current.mutateAsync("an order"));

    const stale = Object.entries(cached)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(
      Object.keys(cached).filter(
        (name) => !["signed-in user", "second factors", "billing config"].includes(name),
      ),
    );
  });
});
