import type { AccountRole } from "../../contracts/members.ts";

/**
 * Every authenticated request needs its session row (revoked? suspended? aal?). Reading it from
 * Postgres each time doubled the database work of every read endpoint, so valid sessions are kept
 * here for a short while. Entries are dropped at once when the database says they changed
 * (triggers NOTIFY `auth_changes`, every instance LISTENs; migration 008), and the code that changes
 * a session on this instance drops them itself too, so it never waits for its own notification.
 */
export interface SessionState {
  userId: string;
  aal: "aal1" | "aal2";
  hasVerifiedFactor: boolean;
  /** The account the session acts on and the person's role there (middleware.ts). */
  accountId: string | null;
  role: AccountRole | null;
  /** Whether that account is suspended (its founder is: token-scopes.ts, suspendedAccountAllows). */
  accountSuspended: boolean;
  /** Session expiry, epoch milliseconds. */
  expiresAt: number;
}

const TTL_MS = 30_000; // the longest a change can go unseen if a notification were ever lost
const MAX_ENTRIES = 50_000;

/** What changed: one session, every session of a user, or anything (`all`, after a lost connection). */
export type SessionChange =
  | { kind: "session"; id: string }
  | { kind: "user"; id: string }
  | { kind: "all" };

class SessionCache {
  #entries = new Map<string, { state: SessionState; cachedAt: number }>();
  #generation = 0;
  #watchers = new Set<(change: SessionChange) => void>();

  /**
   * Calls `watcher` whenever sessions may have changed, here or (through the notification) on
   * another instance: an open event stream checks its session again at once. Returns the unwatch.
   */
  watch(watcher: (change: SessionChange) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  #changed(change: SessionChange): void {
    for (const watcher of this.#watchers) watcher(change);
  }

  get(sessionId: string): SessionState | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.cachedAt > TTL_MS || now >= entry.state.expiresAt) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.state;
  }

  /** Read before querying the database; `set` ignores a result that an invalidation overtook. */
  generation(): number {
    return this.#generation;
  }

  set(sessionId: string, state: SessionState, generation: number): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(sessionId, { state, cachedAt: Date.now() });
  }

  invalidateSession(sessionId: string): void {
    this.#generation++;
    this.#entries.delete(sessionId);
    this.#changed({ kind: "session", id: sessionId });
  }

  /**
   * The user's own sessions, and every session acting on the account they founded (an account's
   * id is its founder's): a founder suspended or activated suspends or activates the account for
   * its members too.
   */
  invalidateUser(userId: string): void {
    this.#generation++;
    for (const [sid, entry] of this.#entries)
      if (entry.state.userId === userId || entry.state.accountId === userId)
        this.#entries.delete(sid);
    this.#changed({ kind: "user", id: userId });
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#changed({ kind: "all" });
  }

  /** Applies one `auth_changes` payload: `session:<id>` or `user:<id>`. */
  apply(payload: string): void {
    const [kind, id] = payload.split(":");
    if (kind === "session" && id) this.invalidateSession(id);
    else if (kind === "user" && id) this.invalidateUser(id);
    else this.clear();
  }
}

/** One per process: session ids are unique, so API instances in one process can share it. */
export const sessionCache = new SessionCache();
