import type { Sql } from "../db.ts";
import { log } from "../log.ts";
import { sessionCache } from "../auth/session-cache.ts";

export interface ProfileChange {
  id: string;
  username: string;
  credits: string;
}
type Listener = (change: ProfileChange) => void;

export interface EventHub {
  subscribe(userId: string, listener: Listener): () => void;
  close(): Promise<void>;
}

/**
 * One LISTEN per API instance on the channel the profiles trigger NOTIFYs; changes fan out to the
 * open event streams of that user on this instance. Works with any number of replicas.
 */
export async function startEventHub(sql: Sql): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  const subscription = await sql.listen("profile_changes", (payload) => {
    let change: ProfileChange;
    try {
      change = JSON.parse(payload) as ProfileChange;
    } catch {
      log("warn", "bad profile_changes payload");
      return;
    }
    for (const listener of listeners.get(change.id) ?? []) listener(change);
  });
  // A reconnected listener may have missed notifications: forget every cached session then.
  const authSubscription = await sql.listen("auth_changes", (payload) => sessionCache.apply(payload), () =>
    sessionCache.clear());
  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    close: async () => {
      await subscription.unlisten();
      await authSubscription.unlisten();
    },
  };
}
