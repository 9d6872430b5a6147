import {
  Session,
  type SignInBody,
  type SignUpBody,
  type User,
  UserResponse,
} from "@contracts/auth.ts";
import { ApiError } from "../api/api-error";
import { createApiClient } from "../api/client";
import { pageSingleton } from "../singleton";

export type AuthEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "MFA_CHALLENGE_VERIFIED";
export type AuthListener = (event: AuthEvent, session: Session | null) => void;

/** Tabs of the portal tell each other about sign-in, refresh and sign-out on this channel. */
const CHANNEL = "portal:session";
/** Held while the refresh cookie is exchanged, so two tabs never rotate it at once. */
const REFRESH_LOCK = "portal:session-refresh";
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_S = 60;
const MAX_RETRY_DELAY_MS = 60_000;
/**
 * A counter, not a secret: bumped in localStorage by the tab that rotated the cookie, so a tab that
 * waited for the lock knows the new token is on its way on the channel.
 */
const ROTATION_MARK = "portal:session-rotation";
/** A token received this recently is not exchanged again (another tab just did). */
const JUST_RECEIVED_MS = 2_000;
/** How long a tab waits for that token before rotating the cookie itself. */
const TAB_MESSAGE_WAIT_MS = 2_000;
/** Attempts to restore the session at start when the API is briefly unreachable. */
const RESTORE_ATTEMPTS = 3;

type TabMessage = { type: "session"; event: AuthEvent; session: Session } | { type: "signed-out" };

function readRotationMark(): string | null {
  try {
    return localStorage.getItem(ROTATION_MARK) ?? "";
  } catch {
    return null;
  }
}

function markRotation(): void {
  try {
    localStorage.setItem(
      ROTATION_MARK,
      String((Number(localStorage.getItem(ROTATION_MARK)) || 0) + 1),
    );
  } catch {
    // No storage: the other tabs fall back to the channel alone.
  }
}

/**
 * The shell's index.html starts the first refresh itself, in an inline script, while its scripts
 * are still downloading (the same call under the same lock and rotation mark as doRefresh), and
 * leaves the answer here. Taken once: by the restore at start.
 */
export const EARLY_REFRESH_GLOBAL = "__portalSessionRefresh";

function takeEarlyRefresh(): Promise<Response> | undefined {
  const holder = globalThis as Record<string, unknown>;
  const early = holder[EARLY_REFRESH_GLOBAL];
  delete holder[EARLY_REFRESH_GLOBAL];
  return early instanceof Promise ? (early as Promise<Response>) : undefined;
}

/**
 * The early refresh's answer as authApi.send gives one (a 2xx, anything else thrown as ApiError);
 * undefined when there is none or it never reached the API (then the store asks itself).
 */
async function earlyAnswer(early: Promise<Response> | undefined): Promise<Response | undefined> {
  const res = await early?.catch(() => undefined);
  if (!res) return undefined;
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The auth endpoints are called without the session's bearer token: the refresh cookie (HttpOnly,
 * Path=/api/auth, sent by the browser on these same-origin calls) is their credential.
 */
const authApi = createApiClient();

/**
 * The one session of the portal (SPEC §3–§4), kept out of reach of scripts: the refresh
 * token is an HttpOnly cookie the API sets and rotates; the access token lives in this object's
 * memory only, never in storage. At start the session is restored by exchanging the cookie
 * (`loading` until then); it is refreshed shortly before expiry and removed when a refresh fails
 * for good. Tabs share it through a BroadcastChannel and serialise refreshes with a Web Lock,
 * because the API rotates the refresh token and treats reuse of a rotated one as theft.
 */
export class SessionStore {
  private session: Session | null = null;
  private readonly listeners = new Set<AuthListener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<Session | null> | null = null;
  private retryDelayMs = 2_000;
  private started = false;
  private loading = false;
  private restored: Promise<void> = Promise.resolve();
  private channel: BroadcastChannel | null = null;
  /** When (this tab's clock) the current session arrived. */
  private receivedAt = 0;
  /** Callers waiting for the next session another tab announces (see doRefresh). */
  private readonly tabWaiters = new Set<(s: Session | null) => void>();

  /** Restores the session from the refresh cookie; idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (e: MessageEvent<TabMessage>) => this.onTabMessage(e.data);
    }
    this.loading = true;
    this.restored = this.restore().finally(() => {
      this.loading = false;
      this.emit("INITIAL_SESSION");
    });
  }

  private async restore(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.refresh({ initial: true });
        return;
      } catch {
        // Network or 5xx: the cookie may well be valid, try again shortly before giving up.
        if (attempt >= RESTORE_ATTEMPTS) return;
        await sleep(500 * 2 ** attempt);
      }
    }
  }

  /** True between start() and the end of the first session restore. */
  isLoading(): boolean {
    return this.loading;
  }

  /** Resolves once the session restored at start is known (signed in or not). */
  ready(): Promise<void> {
    return this.restored;
  }

  getSession(): Session | null {
    return this.session;
  }

  getUser(): User | null {
    return this.session?.user ?? null;
  }

  subscribe = (listener: AuthListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(event: AuthEvent): void {
    for (const l of this.listeners) l(event, this.session);
  }

  private tell(message: TabMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (page unloading): the other tabs learn at their next refresh.
    }
  }

  /** Adopts `s` in this tab and tells the other tabs. */
  private set(s: Session | null, event: AuthEvent): void {
    this.session = s;
    this.receivedAt = Date.now();
    this.schedule();
    this.emit(event);
    this.tell(s ? { type: "session", event, session: s } : { type: "signed-out" });
  }

  private onTabMessage = (message: TabMessage): void => {
    const prev = this.session;
    const wake = (s: Session | null) => {
      for (const waiter of [...this.tabWaiters]) waiter(s);
    };
    if (message.type === "signed-out") {
      wake(null);
      if (!prev) return;
      this.session = null;
      this.schedule();
      this.emit("SIGNED_OUT");
      return;
    }
    const parsed = Session.safeParse(message.session);
    if (!parsed.success) return;
    this.session = parsed.data;
    this.receivedAt = Date.now();
    wake(parsed.data);
    this.retryDelayMs = 2_000;
    this.schedule();
    if (!prev || prev.user.id !== parsed.data.user.id) this.emit("SIGNED_IN");
    else if (message.event === "SIGNED_IN" || message.event === "INITIAL_SESSION") {
      this.emit("TOKEN_REFRESHED");
    } else this.emit(message.event);
  };

  private schedule(delayMs?: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const s = this.session;
    if (!s) return;
    const due = delayMs ?? Math.max(0, (s.expires_at - REFRESH_MARGIN_S - nowSeconds()) * 1000);
    this.timer = setTimeout(() => {
      this.refresh().catch(() => undefined);
    }, due);
  }

  /** A valid access token, refreshed first when it is about to expire; null when signed out. */
  async getAccessToken(): Promise<string | null> {
    if (this.loading) await this.restored;
    const s = this.session;
    if (!s) return null;
    if (s.expires_at - nowSeconds() > 10) return s.access_token;
    const next = await this.refresh();
    return next?.access_token ?? null;
  }

  /**
   * Exchanges the refresh cookie for a new access token (the API rotates the cookie). Retryable
   * failures (network, 5xx) keep the session and try again with backoff; anything else (e.g. 401
   * session_expired) signs out.
   */
  refresh(options: { initial?: boolean } = {}): Promise<Session | null> {
    this.inflight ??= this.refreshLocked(options.initial ?? false).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private refreshLocked(initial: boolean): Promise<Session | null> {
    const before = this.session;
    // Already exchanged by index.html under the lock: only its answer is left to read.
    const early = initial ? takeEarlyRefresh() : undefined;
    if (early) return this.doRefresh(before, initial, null, early);
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks) return this.doRefresh(before, initial, null);
    const seen = readRotationMark();
    // TS's lib types request() as Promise<Promise<T>>; at runtime the inner promise is adopted.
    return locks.request(REFRESH_LOCK, () =>
      this.doRefresh(before, initial, seen),
    ) as unknown as Promise<Session | null>;
  }

  /** The next session another tab announces, or null after `ms` (or on a sign-out). */
  private nextTabSession(ms: number): Promise<Session | null> {
    return new Promise((resolve) => {
      const done = (s: Session | null) => {
        clearTimeout(timer);
        this.tabWaiters.delete(done);
        resolve(s);
      };
      const timer = setTimeout(() => done(null), ms);
      this.tabWaiters.add(done);
    });
  }

  private async doRefresh(
    before: Session | null,
    initial: boolean,
    seenMark: string | null,
    early?: Promise<Response>,
  ): Promise<Session | null> {
    // Another tab refreshed (or signed in) while we waited for the lock: its fresh token came on
    // the channel, and exchanging the cookie again would only rotate it once more.
    // A token this tab received moments ago also counts: the other tab's news may have arrived
    // before this call was made (and storage updates between tabs can lag behind the channel).
    // Measured on this tab's clock: the server's timestamps would be off by any clock skew.
    const fresh = (s: Session | null): boolean => {
      if (!s || s.expires_at - nowSeconds() <= REFRESH_MARGIN_S) return false;
      if (s.access_token !== before?.access_token) return true;
      return s === this.session && Date.now() - this.receivedAt < JUST_RECEIVED_MS;
    };
    const known = this.session;
    if (known && fresh(known)) return known;
    // It rotated the cookie but its message is still on the way (a background tab's tasks can
    // lag): wait for it rather than rotate again.
    if (seenMark !== null && readRotationMark() !== seenMark) {
      const announced = await this.nextTabSession(TAB_MESSAGE_WAIT_MS);
      if (announced && fresh(announced)) return announced;
    }
    const current = this.session;
    if (!initial && !current) return null;
    let res: Response;
    try {
      // Without an early answer the call goes out at once, in this same turn, as it always did.
      const earlyRes = early ? await earlyAnswer(early) : undefined;
      res = earlyRes ?? (await authApi.send("/api/auth/refresh", { method: "POST" }));
    } catch (err) {
      // Anything but a network failure or 5xx (e.g. 401 session_expired) ends the session.
      if (err instanceof ApiError && !err.retryable) {
        if (this.session) this.set(null, "SIGNED_OUT");
        return null;
      }
      if (!initial) this.retryLater();
      throw err;
    }
    // 204: no refresh cookie at all, a visitor (the API answers that without an error status).
    if (res.status === 204) {
      if (this.session) this.set(null, "SIGNED_OUT");
      return null;
    }
    const next = Session.parse(await res.json());
    markRotation();
    this.retryDelayMs = 2_000;
    // A cookie of a sign-in still waiting for its second factor is no session yet.
    if (next.mfa_required) {
      if (this.session) this.set(null, "SIGNED_OUT");
      return null;
    }
    if (initial && !this.session) {
      // Restored at start: announced once, as INITIAL_SESSION, when loading ends.
      this.session = next;
      this.receivedAt = Date.now();
      this.schedule();
      this.tell({ type: "session", event: "INITIAL_SESSION", session: next });
      return next;
    }
    const event = this.session?.user.id === next.user.id ? "TOKEN_REFRESHED" : "SIGNED_IN";
    this.set(next, event);
    return next;
  }

  private retryLater(): void {
    this.schedule(this.retryDelayMs);
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, MAX_RETRY_DELAY_MS);
  }

  /**
   * Password sign-in; the API sets the refresh cookie. When the user has a verified factor
   * the returned aal1 session has `mfa_required` and is NOT adopted: the API refuses it
   * everywhere but the factor challenge and verify calls, so the caller runs the second step with
   * it and then calls `completeMfa`.
   */
  async signIn(body: SignInBody): Promise<Session> {
    const s = await authApi.post("/api/auth/sign-in", body, Session);
    if (s.mfa_required) return s;
    this.set(s, "SIGNED_IN");
    return s;
  }

  /** Adopts the aal2 session a successful factor verify returned (its cookie is set; SPEC §4 event). */
  completeMfa(next: Session): void {
    const signingIn = this.session?.user.id !== next.user.id;
    if (signingIn) this.set(next, "SIGNED_IN");
    else {
      this.session = next;
      this.receivedAt = Date.now();
      this.schedule();
      this.tell({ type: "session", event: "MFA_CHALLENGE_VERIFIED", session: next });
    }
    this.emit("MFA_CHALLENGE_VERIFIED");
  }

  async signUp(body: SignUpBody): Promise<User> {
    return (await authApi.post("/api/auth/signup", body, UserResponse)).user;
  }

  /**
   * Ends the session on the API (which also clears the refresh cookie), then here and in every
   * tab. Waiting for the API means a reload right after cannot bring the session back from the
   * cookie; an unreachable API still signs out locally.
   */
  async signOut(): Promise<void> {
    const token = this.session?.access_token;
    if (!this.session) return;
    await authApi
      .post("/api/auth/sign-out", undefined, undefined, { bearer: token })
      .catch(() => undefined);
    if (this.session) this.set(null, "SIGNED_OUT");
  }

  /** Drops the session without calling the API (it already rejected the token). */
  clear(): void {
    if (this.session) this.set(null, "SIGNED_OUT");
  }

  /** Keeps the user (e.g. is_admin) in step with GET /api/auth/user. */
  updateUser(user: User): void {
    const s = this.session;
    if (!s || s.user.id !== user.id) return;
    if (JSON.stringify(s.user) === JSON.stringify(user)) return;
    this.set({ ...s, user }, "USER_UPDATED");
  }

  /** For tests: forget everything this instance holds. */
  reset(): void {
    clearTimeout(this.timer);
    this.session = null;
    this.inflight = null;
    this.started = false;
    this.loading = false;
    this.restored = Promise.resolve();
    this.listeners.clear();
    this.channel?.close();
    this.channel = null;
  }
}

/** The one session store of the page. */
export const session: SessionStore = pageSingleton("__portalSession", () => new SessionStore());
