import {
  Session,
  type SignInBody,
  type SignUpBody,
  type User,
  UserResponse,
} from "@contracts/auth.ts";
import { ApiError } from "../api/api-error";
import { pageSingleton } from "../singleton";

export type AuthEvent =
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "MFA_CHALLENGE_VERIFIED";
export type AuthListener = (event: AuthEvent, session: Session | null) => void;

const STORAGE_KEY = "portal:session";
/**
 * A cookie without Max-Age dies with the browser session. A session signed in without
 * 'Remember me' is only honoured while this marker exists (SPEC §2, issue 3).
 */
const BROWSER_MARKER = "portal_browser_session";
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_S = 60;
const MAX_RETRY_DELAY_MS = 60_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function hasBrowserMarker(): boolean {
  return document.cookie.split(";").some((c) => c.trim().startsWith(`${BROWSER_MARKER}=`));
}

function setBrowserMarker(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a session cookie is the only browser-lifetime marker that survives reloads but not a restart.
  document.cookie = `${BROWSER_MARKER}=1; path=/; SameSite=Lax`;
}

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = Session.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function postJson(path: string, body: unknown, token?: string): Promise<Response> {
  try {
    return await fetch(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
}

/**
 * The one session of the portal (SPEC §3–§4): persisted in localStorage, refreshed shortly
 * before expiry, removed when a refresh fails for good. Tabs share it through the storage event
 * and serialise refreshes with a Web Lock, because the API rotates refresh tokens and treats
 * reuse of a rotated one as theft (revoking the whole session).
 */
export class SessionStore {
  private session: Session | null = null;
  private readonly listeners = new Set<AuthListener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<Session | null> | null = null;
  private retryDelayMs = 2_000;
  private started = false;

  /** Loads the stored session; idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const stored = readStored();
    if (stored && this.isUsable(stored)) {
      this.session = stored;
      if (!stored.remember) setBrowserMarker();
      this.schedule();
    } else if (stored) {
      this.write(null);
    }
    window.addEventListener("storage", this.onStorage);
  }

  private isUsable(s: Session): boolean {
    if (s.refresh_expires_at <= nowSeconds()) return false;
    // Not remembered and the browser was closed since sign-in: the session ends here.
    if (!s.remember && !hasBrowserMarker()) return false;
    return true;
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

  private write(s: Session | null): void {
    try {
      if (s) localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage can be full or disabled; the in-memory session still works for this tab.
    }
  }

  private set(s: Session | null, event: AuthEvent): void {
    this.session = s;
    this.write(s);
    this.schedule();
    this.emit(event);
  }

  private onStorage = (e: StorageEvent): void => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    const next = readStored();
    const prev = this.session;
    this.session = next;
    this.schedule();
    if (!next && prev) this.emit("SIGNED_OUT");
    else if (next && !prev) this.emit("SIGNED_IN");
    else if (next && prev && next.user.id !== prev.user.id) this.emit("SIGNED_IN");
    else if (next && prev) this.emit("TOKEN_REFRESHED");
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
    const s = this.session;
    if (!s) return null;
    if (s.expires_at - nowSeconds() > 10) return s.access_token;
    const next = await this.refresh();
    return next?.access_token ?? null;
  }

  /**
   * Exchanges the refresh token. Retryable failures (network, 5xx) keep the session and try
   * again with backoff; anything else (e.g. 401 session_expired) signs out.
   */
  refresh(): Promise<Session | null> {
    this.inflight ??= this.refreshLocked().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private refreshLocked(): Promise<Session | null> {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks) return this.doRefresh();
    // TS's lib types request() as Promise<Promise<T>>; at runtime the inner promise is adopted.
    return locks.request("portal:session-refresh", () =>
      this.doRefresh(),
    ) as unknown as Promise<Session | null>;
  }

  private async doRefresh(): Promise<Session | null> {
    const before = this.session;
    if (!before) return null;
    // Another tab may have rotated the token while we waited for the lock: adopt its result.
    const stored = readStored();
    if (!stored) {
      this.set(null, "SIGNED_OUT");
      return null;
    }
    if (
      stored.refresh_token !== before.refresh_token &&
      stored.expires_at - nowSeconds() > REFRESH_MARGIN_S
    ) {
      this.session = stored;
      this.schedule();
      this.emit("TOKEN_REFRESHED");
      return stored;
    }
    let res: Response;
    try {
      res = await postJson("/api/auth/refresh", { refresh_token: stored.refresh_token });
    } catch (err) {
      this.retryLater();
      throw err;
    }
    if (res.ok) {
      const next = Session.parse(await res.json());
      this.retryDelayMs = 2_000;
      this.set(next, "TOKEN_REFRESHED");
      return next;
    }
    const err = await ApiError.fromResponse(res);
    if (err.retryable) {
      this.retryLater();
      throw err;
    }
    this.set(null, "SIGNED_OUT");
    return null;
  }

  private retryLater(): void {
    this.schedule(this.retryDelayMs);
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, MAX_RETRY_DELAY_MS);
  }

  /**
   * Password sign-in. When the user has a verified factor (issue 8) the returned aal1 session has
   * `mfa_required` and is NOT adopted: the API refuses it everywhere but the factor challenge and
   * verify calls, so the caller runs the second step with it and then calls `completeMfa`.
   */
  async signIn(body: SignInBody): Promise<Session> {
    const res = await postJson("/api/auth/sign-in", body);
    if (!res.ok) throw await ApiError.fromResponse(res);
    const s = Session.parse(await res.json());
    if (s.mfa_required) return s;
    if (!s.remember) setBrowserMarker();
    this.set(s, "SIGNED_IN");
    return s;
  }

  /** Adopts the aal2 session pair a successful factor verify returned (SPEC §4 event). */
  completeMfa(next: Session): void {
    const signingIn = this.session?.user.id !== next.user.id;
    if (!next.remember) setBrowserMarker();
    if (signingIn) {
      this.set(next, "SIGNED_IN");
    } else {
      this.session = next;
      this.write(next);
      this.schedule();
    }
    this.emit("MFA_CHALLENGE_VERIFIED");
  }

  async signUp(body: SignUpBody): Promise<User> {
    const res = await postJson("/api/auth/signup", body);
    if (!res.ok) throw await ApiError.fromResponse(res);
    return UserResponse.parse(await res.json()).user;
  }

  /** Ends the session locally at once; telling the API is best effort. */
  async signOut(): Promise<void> {
    const token = this.session?.access_token;
    if (!this.session) return;
    this.set(null, "SIGNED_OUT");
    if (token) await postJson("/api/auth/sign-out", undefined, token).catch(() => undefined);
  }

  /** Drops the session without calling the API (it already rejected the token). */
  clear(): void {
    if (this.session) this.set(null, "SIGNED_OUT");
  }

  /** Keeps the stored user (e.g. is_admin) in step with GET /api/auth/user. */
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
    this.listeners.clear();
    window.removeEventListener("storage", this.onStorage);
  }
}

/** The one session store of the page. */
export const session: SessionStore = pageSingleton("__portalSession", () => new SessionStore());
