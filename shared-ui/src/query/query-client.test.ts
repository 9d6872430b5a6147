import type { UserResponse } from "@contracts/auth.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../session/session-store";
import { json, mockApi } from "../testing/mock-api";
import { resetPortalState } from "../testing/reset";
import { testSession } from "../testing/session";
import { queryClient } from "./query-client";
import { queryKeys } from "./query-keys";

afterEach(resetPortalState);

const cachedUser = () => queryClient.getQueryData<UserResponse>(queryKeys.auth.user)?.user;

describe("queryClient and the session", () => {
  it("holds the user record every session brings, so the frame does not read it again", async () => {
    const net = mockApi();
    const user = await net.signIn();
    expect(cachedUser()).toEqual(user);
    // The frame's read of the record (five minutes' staleTime) is answered from the cache.
    await queryClient.ensureQueryData({
      queryKey: queryKeys.auth.user,
      queryFn: () => Promise.reject(new Error("asked the API")),
      staleTime: 5 * 60_000,
    });
    expect(net.callsTo("GET /api/auth/user")).toEqual([]);

    // A refreshed session's record replaces it (an admin flag granted meanwhile).
    net.on({
      "POST /api/auth/refresh": () => json(200, testSession({ user: { ...user, is_admin: true } })),
    });
    // Past the moment in which the store treats its token as just received (no second rotation).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_000);
    await session.refresh();
    vi.useRealTimers();
    expect(cachedUser()?.is_admin).toBe(true);

    await session.signOut();
    expect(cachedUser()).toBeUndefined();
  });
});
