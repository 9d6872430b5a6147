import type { DataChangedEvent } from "../../contracts/account.ts";
import { sessionCache } from "../auth/session-cache.ts";
import type { Sql } from "../db.ts";
import { log } from "../log.ts";
import type { EventHub, ProfileChange, UserEvent } from "../ports.ts";

type Listener = (event: UserEvent) => void;

function parse<T>(channel: string, payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    log("warn", "bad notification payload", { channel });
    return undefined;
  }
}

/**
 * One LISTEN per API instance on each channel the triggers NOTIFY (profiles; services and
 * orders); changes fan out to the open event streams of that user on this instance. Works with
 * any number of replicas.
 */
export async function startEventHub(sql: Sql): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  const send = (userId: string, event: UserEvent) => {
    for (const listener of listeners.get(userId) ?? []) listener(event);
  };
  const subscription = await sql.listen("profile_changes", (payload) => {
    const change = parse<ProfileChange>("profile_changes", payload);
    if (change) send(change.id, { event: "profile", data: change });
  });
  const dataSubscription = await sql.listen("user_data_changes", (payload) => {
    const change = parse<DataChangedEvent & { user_id: string }>("user_data_changes", payload);
    if (change) send(change.user_id, { event: "changed", data: { topic: change.topic } });
  });
  // A reconnected listener may have missed notifications: forget every cached session then.
  const authSubscription = await sql.listen(
    "auth_changes",
    (payload) => sessionCache.apply(payload),
    () => sessionCache.clear(),
  );
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
      await dataSubscription.unlisten();
      await authSubscription.unlisten();
    },
  };
}
