import { act, cleanup } from "@testing-library/react";
import { vi } from "vitest";
import { queryClient } from "../query/query-client";
import { session } from "../session/session-store";
import { toast } from "../Toast/toast-queue";

/**
 * Puts the page-wide singletons back between tests: unmounts, drops toasts (they outlive the
 * test on their timeout otherwise), ends the session, empties the query and mutation caches and
 * restores the real fetch. Use as `afterEach(resetPortalState)`.
 */
export function resetPortalState(): void {
  cleanup();
  act(() => toast.clear());
  session.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
}
