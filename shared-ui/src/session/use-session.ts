import type { Session, User } from "@contracts/auth.ts";
import { useEffect, useSyncExternalStore } from "react";
import { type AuthListener, session } from "./session-store";

const subscribe = (cb: () => void) => session.subscribe(() => cb());

/** The current session (null when signed out); re-renders on every auth event. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, () => session.getSession());
}

/** True while the session is being restored from the refresh cookie at start (SPEC §4 'loading'). */
export function useSessionLoading(): boolean {
  return useSyncExternalStore(subscribe, () => session.isLoading());
}

export function useUser(): User | null {
  return useSession()?.user ?? null;
}

/** Runs `listener` on INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED and MFA_CHALLENGE_VERIFIED. */
export function useAuthEvents(listener: AuthListener): void {
  useEffect(() => session.subscribe(listener), [listener]);
}
