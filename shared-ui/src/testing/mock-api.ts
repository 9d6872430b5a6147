import type { User } from "@contracts/auth.ts";
import { type Mock, vi } from "vitest";
import { session } from "../session/session-store";
import { testSession, testUser } from "./session";

/** One request the code under test sent, as the stub saw it. */
export interface MockRequest {
  method: string;
  /** Pathname plus query string, e.g. "/api/shop/products?type=vps". */
  path: string;
  url: URL;
  /** Values of `:name` segments of the matched route. */
  params: Record<string, string>;
  headers: Headers;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
}

/** A Response, or any other value to answer 200 with as JSON. */
export type RouteAnswer = Response | object | string | number | boolean | null;
export type RouteHandler = (req: MockRequest) => RouteAnswer | Promise<RouteAnswer>;
/**
 * Keys are "METHOD /path": `:name` matches one segment; a key with a query string must match the
 * query exactly (and wins over one without), one without matches any query. Values are handlers
 * or fixed JSON bodies.
 */
export type Routes = Record<string, RouteHandler | RouteAnswer>;

export interface MockApiOptions {
  /** The user the stubbed sign-in and refresh endpoints sign in (default: a customer). */
  user?: Partial<User>;
}

export interface MockApi {
  /** The signed-in user the auth endpoints answer with. */
  readonly user: User;
  /** Every request, in order (auth endpoints included). */
  readonly calls: MockRequest[];
  /** Requests no route answered (they got a 404 `not_found`). */
  readonly unhandled: MockRequest[];
  /** The stub installed as globalThis.fetch. */
  readonly fetch: Mock<typeof fetch>;
  /** Requests to one route key, e.g. `callsTo("POST /api/shop/orders")`. */
  callsTo(route: string): MockRequest[];
  /** Adds or replaces routes (e.g. to answer differently the second time). */
  on(routes: Routes): void;
  /** Signs `user` in through the session store's own POST /api/auth/sign-in. */
  signIn(): Promise<User>;
}

/** A JSON response, like the API's. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/** The API's one error body (`ErrorBody` in api/contracts/errors.ts). */
export const apiError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

interface CompiledRoute {
  key: string;
  method: string;
  pattern: RegExp;
  names: string[];
  withQuery: boolean;
  answer: RouteHandler | RouteAnswer;
}

function compile(key: string, answer: RouteHandler | RouteAnswer): CompiledRoute {
  const space = key.indexOf(" ");
  if (space <= 0) throw new Error(`mockApi: route "${key}" must read "METHOD /path"`);
  const method = key.slice(0, space).toUpperCase();
  const path = key.slice(space + 1).trim();
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        return "([^/?]+)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return {
    key: `${method} ${path}`,
    method,
    pattern: new RegExp(`^${source}$`),
    names,
    withQuery: path.includes("?"),
    answer,
  };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== "string") return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

async function toResponse(answer: RouteAnswer): Promise<Response> {
  if (answer instanceof Response) return answer.clone();
  return json(200, answer);
}

/**
 * Replaces globalThis.fetch (vi.stubGlobal; `resetPortalState` or vi.unstubAllGlobals undoes
 * it) with a stub that answers per route. The session endpoints are answered out of the box:
 * sign-in and refresh with a session of `options.user`, sign-out with 204.
 */
export function mockApi(routes: Routes = {}, options: MockApiOptions = {}): MockApi {
  const user = testUser(options.user);
  const compiled = new Map<string, CompiledRoute>();
  const add = (more: Routes) => {
    for (const [key, answer] of Object.entries(more)) {
      const route = compile(key, answer);
      compiled.delete(route.key);
      compiled.set(route.key, route);
    }
  };
  add({
    "POST /api/auth/sign-in": () => json(200, testSession({ user })),
    "POST /api/auth/refresh": () =>
      json(200, testSession({ user, access_token: "test-access-token-2" })),
    "POST /api/auth/sign-out": () => json(204, null),
    "GET /api/auth/user": { user },
  });
  add(routes);

  const calls: MockRequest[] = [];
  const unhandled: MockRequest[] = [];
  const matched = new Map<MockRequest, string>();

  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, "http://localhost");
    const method = (
      init?.method ?? (input instanceof Request ? input.method : "GET")
    ).toUpperCase();
    const req: MockRequest = {
      method,
      path: url.pathname + url.search,
      url,
      params: {},
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      body: parseBody(init?.body),
    };
    calls.push(req);
    // A route naming the query string beats one that does not; otherwise the later route wins,
    // so `on()` can replace an earlier answer for the same URL.
    const candidates = [...compiled.values()].reverse();
    candidates.sort((a, b) => Number(b.withQuery) - Number(a.withQuery));
    for (const route of candidates) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(route.withQuery ? req.path : url.pathname);
      if (!m) continue;
      route.names.forEach((name, i) => {
        req.params[name] = decodeURIComponent(m[i + 1] ?? "");
      });
      matched.set(req, route.key);
      const answer =
        typeof route.answer === "function"
          ? await (route.answer as RouteHandler)(req)
          : route.answer;
      return toResponse(answer);
    }
    unhandled.push(req);
    return apiError(404, "not_found", `mockApi: no route for ${method} ${req.path}`);
  });
  vi.stubGlobal("fetch", stub);

  return {
    user,
    calls,
    unhandled,
    fetch: stub as unknown as Mock<typeof fetch>,
    callsTo: (route) => {
      const key = compile(route, null).key;
      return calls.filter((c) => matched.get(c) === key);
    },
    on: add,
    signIn: async () => {
      const s = await session.signIn({
        email: user.email,
        password: "password123",
        remember: true,
      });
      return s.user;
    },
  };
}
