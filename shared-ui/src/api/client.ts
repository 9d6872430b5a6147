import { ApiError } from "./api-error";
import { recordAskedAt } from "./read-times";

/** Anything with a zod-like `parse`; responses are validated against api/contracts schemas. */
export interface Parser<T> {
  parse(value: unknown): T;
}

/**
 * Where the client gets its bearer token. The client is given one rather than importing the
 * session, so the session store can call the auth endpoints through this same client
 * (`session/session-api.ts` joins the two).
 */
export interface TokenProvider {
  /** A valid access token (refreshed first when it is about to expire); null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** A new access token after the API refused the current one; null when the session is gone. */
  refresh(): Promise<{ access_token: string } | null>;
  /** Called when even a freshly refreshed token is refused: the session is gone on the server. */
  clear(): void;
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Validates the JSON response; omit for 204 responses. */
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true). */
  auth?: boolean;
  /**
   * Send this token instead of the session's, with no refresh on 401: the pending aal1 token of
   * the sign-in's second step, which the session store does not hold.
   */
  bearer?: string;
  headers?: Record<string, string>;
  cache?: RequestCache;
}

export interface ApiClientOptions {
  /**
   * Prefix of every path. Empty: the API is served at /api on the portal's own origin in every
   * deployment, and must be, since the refresh cookie is SameSite=Strict and scoped to /api/auth.
   */
  baseUrl?: string;
  /** The bearer tokens; without one, calls carry no token unless `bearer` is given. */
  tokens?: TokenProvider;
  /** The page's language, sent as Accept-Language: the API writes its messages in it. */
  locale?: () => string;
}

type BodyOpts<T> = Omit<RequestOptions<T>, "method" | "body" | "schema">;

/**
 * The one way the browser calls the API. Every call goes to `baseUrl + path` with the page's
 * credentials mode (same-origin: the refresh cookie travels only to the auth routes, and the
 * browser's own Origin and Sec-Fetch-Site headers are what the API's CSRF guard checks), JSON in
 * and out, the bearer token of `tokens` (refreshed and retried once after a 401), every failure
 * as one ApiError carrying the contract's error code, and success bodies parsed with the given
 * contract schema.
 */
export function createApiClient({ baseUrl = "", tokens, locale }: ApiClientOptions = {}) {
  async function exchange(path: string, opts: RequestOptions<unknown>, token: string | null) {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    if (locale && !("accept-language" in headers)) headers["accept-language"] = locale();
    try {
      return await fetch(`${baseUrl}${path}`, {
        method: opts.method ?? "GET",
        credentials: "same-origin",
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
        cache: opts.cache,
      });
    } catch (cause) {
      if (opts.signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
  }

  /** The response of a successful call (a 2xx); any other answer is thrown as ApiError. */
  async function send(path: string, opts: RequestOptions<unknown> = {}): Promise<Response> {
    const session = opts.bearer === undefined && (opts.auth ?? true) ? tokens : undefined;
    let token = opts.bearer ?? (session ? await session.getAccessToken() : null);
    let res = await exchange(path, opts, token);
    if (res.status === 401 && session && token) {
      const refreshed = await session.refresh();
      token = refreshed?.access_token ?? null;
      if (!token) throw await ApiError.fromResponse(res);
      res = await exchange(path, opts, token);
      // A brand-new token was rejected too: the session is gone on the server side.
      if (res.status === 401) session.clear();
    }
    if (!res.ok) throw await ApiError.fromResponse(res);
    return res;
  }

  async function request<T = undefined>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const sentAt = performance.now();
    const res = await send(path, opts);
    if (res.status === 204 || !opts.schema) return undefined as T;
    const body = opts.schema.parse(await res.json());
    recordAskedAt(body, sentAt);
    return body;
  }

  return {
    /** For bodies that are not one JSON document (the event stream): the checked response. */
    send,
    request,
    get: <T>(path: string, schema: Parser<T>, opts?: BodyOpts<T>) =>
      request<T>(path, { ...opts, schema }),
    post: <T = undefined>(path: string, body?: unknown, schema?: Parser<T>, opts?: BodyOpts<T>) =>
      request<T>(path, { ...opts, method: "POST", body, schema }),
    put: <T = undefined>(path: string, body?: unknown, schema?: Parser<T>, opts?: BodyOpts<T>) =>
      request<T>(path, { ...opts, method: "PUT", body, schema }),
    patch: <T = undefined>(path: string, body?: unknown, schema?: Parser<T>, opts?: BodyOpts<T>) =>
      request<T>(path, { ...opts, method: "PATCH", body, schema }),
    delete: <T = undefined>(path: string, schema?: Parser<T>, opts?: BodyOpts<T>) =>
      request<T>(path, { ...opts, method: "DELETE", schema }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
