import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi } from "../testing/mock-api";
import { resetPortalState } from "../testing/reset";
import { can, useAccountRole, useCan } from "./account-role";

afterEach(() => resetPortalState());

describe("can", () => {
  it("follows the API's role table", () => {
    const table = {
      owner: ["order", "topUp", "changePlan", "controlServers", "support", "manageMembers"],
      billing: ["order", "topUp", "changePlan", "support"],
      technical: ["controlServers", "support"],
      read_only: [],
    } as const;
    const actions = [
      "order",
      "topUp",
      "changePlan",
      "controlServers",
      "support",
      "manageMembers",
    ] as const;
    for (const [role, allowed] of Object.entries(table))
      for (const action of actions)
        expect(can(role as keyof typeof table, action), `${role} ${action}`).toBe(
          (allowed as readonly string[]).includes(action),
        );
  });

  it("allows everything while the role is unknown and nothing without an account", () => {
    expect(can(undefined, "order")).toBe(true);
    expect(can(null, "order")).toBe(false);
    expect(can(null, "controlServers")).toBe(false);
  });
});

describe("useCan", () => {
  it("is undefined while the profile loads, then the role's answer; a failed profile allows", async () => {
    let answer: ((value: Response) => void) | undefined;
    mockApi({
      "GET /api/account/profile": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCan("order"), { wrapper });
    await waitFor(() => expect(answer).toBeDefined());
    expect(result.current).toBeUndefined();
    answer?.(
      Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 }),
    );
    await waitFor(() => expect(result.current).toBe(true));
  });
});

describe("useAccountRole", () => {
  it("reads the role from the profile", async () => {
    mockApi({
      "GET /api/account/profile": {
        id: "00000000-0000-4000-8000-000000000001",
        username: "tech",
        email: "tech@example.com",
        credits: "0.00",
        created_at: "2026-01-01T00:00:00.000Z",
        locale: null,
        account_id: "00000000-0000-4000-8000-000000000002",
        role: "technical",
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ role: useAccountRole(), order: useCan("order"), control: useCan("controlServers") }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.role).toBe("technical"));
    expect(result.current.order).toBe(false);
    expect(result.current.control).toBe(true);
  });
});
