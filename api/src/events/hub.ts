import type { DataChangedEvent } from "../../contracts/account.ts";
import { sessionCache } from "../auth/session-cache.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { EventHub, ProfileChange, UserEvent } from "../platform/ports.ts";

type Listener = (event: UserEvent) => void;

function parse<T>(channel: string, payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    log("warn", "bad notification payload", { channel });
    return undefined;
  }
}

/** How far back the hub remembers each user's last change (and so the longest `quiet_ms`). */
export const QUIET_WINDOW_MS = 60_000;

/**
 * When each user's last change was notified, for the last QUIET_WINDOW_MS only: a Map kept in
 * notification order, so the expired entries are always at its front.
 */
class RecentChanges {
  private readonly seen = new Map<string, number>();

  saw(userId: string): void {
    const now = performance.now();
    this.seen.delete(userId);
    this.seen.set(userId, now);
    for (const [id, at] of this.seen) {
      if (now - at < QUIET_WINDOW_MS) break;
      this.seen.delete(id);
    }
  }

  at(userId: string): number | undefined {
    const at = this.seen.get(userId);
    return at !== undefined && performance.now() - at < QUIET_WINDOW_MS ? at : undefined;
  }
}

/**
 * One LISTEN per API instance on each channel the triggers NOTIFY (profiles; services and
 * orders); changes fan out to the open event streams of that user on this instance. Works with
 * any number of replicas.
 */
export async function startEventHub(sql: Sql): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  const lastChange = new RecentChanges();
  // Set again whenever a LISTEN (re)starts: what was notified while it was down never arrived.
  let listeningSince = performance.now();
  const listening = () => {
    listeningSince = performance.now();
  };
  const send = (userId: string, event: UserEvent) => {
    lastChange.saw(userId);
    for (const listener of listeners.get(userId) ?? []) listener(event);
  };
  const subscription = await sql.listen(
    "profile_changes",
    (payload) => {
      const change = parse<ProfileChange>("profile_changes", payload);
      if (change) send(change.id, { event: "profile", data: change });
    },
    listening,
  );
  const dataSubscription = await sql.listen(
    "user_data_changes",
    (payload) => {
      const change = parse<DataChangedEvent & { user_id: string }>("user_data_changes", payload);
      if (change) send(change.user_id, { event: "changed", data: { topic: change.topic } });
    },
    listening,
  );
  // A reconnected listener may have missed notifications: forget every cached session then.
  const authSubscription = await sql.listen(
    "auth_changes",
    (payload) => sessionCache.apply(payload),
    () => sessionCache.clear(),
  );
  return {
    quietMs(userId) {
      const now = performance.now();
      const since = Math.max(listeningSince, lastChange.at(userId) ?? now - QUIET_WINDOW_MS);
      return Math.max(0, Math.floor(Math.min(QUIET_WINDOW_MS, now - since)));
    },
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
      await dataSubscription.unlisten();
      await authSubscription.unlisten();
    },
  };
}
