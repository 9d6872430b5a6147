import { session } from "../session/session-store";
import { ApiError } from "./api-error";

/** Anything with a zod-like `parse`; responses are validated against api/contracts schemas. */
export interface Parser<T> {
  parse(value: unknown): T;
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Validates the JSON response; omit for 204 responses. */
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
}

async function send(path: string, opts: RequestOptions<unknown>, token: string | null) {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: opts.method ?? "GET",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (cause) {
    if (opts.signal?.aborted) throw cause;
    throw ApiError.network(cause);
  }
}

/**
 * The one way the portal calls the API: attaches the bearer token (refreshing it when it is
 * about to expire), retries once after a 401 with a freshly refreshed token, turns error bodies
 * into ApiError and parses success bodies with the given contract schema.
 */
export async function apiRequest<T = undefined>(
  path: string,
  opts: RequestOptions<T> = {},
): Promise<T> {
  const useAuth = opts.auth ?? true;
  let token = useAuth ? await session.getAccessToken() : null;
  let res = await send(path, opts, token);
  if (res.status === 401 && useAuth && token) {
    const refreshed = await session.refresh();
    token = refreshed?.access_token ?? null;
    if (!token) throw await ApiError.fromResponse(res);
    res = await send(path, opts, token);
    // A brand-new token was rejected too: the session is gone on the server side.
    if (res.status === 401) session.clear();
  }
  if (!res.ok) throw await ApiError.fromResponse(res);
  if (res.status === 204 || !opts.schema) return undefined as T;
  return opts.schema.parse(await res.json());
}

type BodyOpts<T> = Omit<RequestOptions<T>, "method" | "body" | "schema">;

export const api = {
  get: <T>(path: string, schema: Parser<T>, opts?: BodyOpts<T>) =>
    apiRequest<T>(path, { ...opts, schema }),
  post: <T = undefined>(path: string, body?: unknown, schema?: Parser<T>, opts?: BodyOpts<T>) =>
    apiRequest<T>(path, { ...opts, method: "POST", body, schema }),
  put: <T = undefined>(path: string, body?: unknown, schema?: Parser<T>, opts?: BodyOpts<T>) =>
    apiRequest<T>(path, { ...opts, method: "PUT", body, schema }),
  patch: <T = undefined>(path: string, body?: unknown, schema?: Parser<T>, opts?: BodyOpts<T>) =>
    apiRequest<T>(path, { ...opts, method: "PATCH", body, schema }),
  delete: <T = undefined>(path: string, schema?: Parser<T>, opts?: BodyOpts<T>) =>
    apiRequest<T>(path, { ...opts, method: "DELETE", schema }),
};
