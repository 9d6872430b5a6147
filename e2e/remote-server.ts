import { readFile, stat } from "node:fs/promises";
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

/*
 * Real HTTP servers for the remote tests: a front server the browser talks to, which passes
 * everything to the portal except what a test makes fail, and a static server that serves a
 * remote's build from any folder, on its own origin. The failures are what a browser meets in
 * the world (status codes, bodies, sockets left open or destroyed, a port nobody listens on,
 * no CORS), and every request is counted where it arrives.
 */

/** How the server answers a path that a test made fail. */
export type Failure =
  | { status: number; body: string; contentType: string }
  | { hang: true }
  | { abort: true }
  | { body: string; contentType: string; status?: undefined };

interface Rule {
  match: (path: string) => boolean;
  failure: Failure;
}

export interface FrontServer {
  url: string;
  /** Answers paths matching `match` with `failure` until cleared. */
  fail(match: (path: string) => boolean, failure: Failure): void;
  /** Serves this object as /remotes.json (or a raw text when a string is given). */
  remotesJson(value: Record<string, string> | string | null): void;
  /** Serves paths under `prefix` from `dir` instead of the portal (a remote's build). */
  mount(prefix: string, dir: string): void;
  clear(): void;
  /** Requests seen whose path starts with `prefix`. */
  count(prefix: string): number;
  resetCounts(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".html": "text/html",
};

async function serveFile(
  res: ServerResponse,
  dir: string,
  rel: string,
  headers: Record<string, string>,
): Promise<void> {
  const file = normalize(join(dir, rel));
  if (!file.startsWith(dir)) {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(file);
    res
      .writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-cache",
        ...headers,
      })
      .end(body);
  } catch {
    res.writeHead(404, { "content-type": "text/plain", ...headers }).end("Not Found");
  }
}

/**
 * Serves a remote's build the way its static host does (deploy/static-remote.Caddyfile): hashed
 * assets cached for a year, the manifest and entry revalidated, ETags and 304s, and the CORS
 * header only when `cors`.
 */
async function serveLikeRemoteHost(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  rel: string,
  cors: boolean,
): Promise<void> {
  const file = normalize(join(dir, rel));
  const headers: Record<string, string> = cors ? { "access-control-allow-origin": "*" } : {};
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    if (!file.startsWith(dir)) throw new Error("outside");
    info = await stat(file);
  } catch {
    res.writeHead(404, { "content-type": "text/plain", ...headers }).end("Not Found");
    return;
  }
  headers["cache-control"] = rel.startsWith("/assets/")
    ? "public, max-age=31536000, immutable"
    : "no-cache";
  headers.etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  if (req.headers["if-none-match"] === headers.etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res
    .writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      ...headers,
    })
    .end(await readFile(file));
}

function answer(res: ServerResponse, req: IncomingMessage, failure: Failure): void {
  if ("hang" in failure) return; // the socket stays open and silent
  if ("abort" in failure) {
    req.socket.destroy();
    return;
  }
  res.writeHead(failure.status ?? 200, { "content-type": failure.contentType }).end(failure.body);
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }),
  );
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A deployer who points remotes.json at another origin lists it in the portal's CSP (the API
 * reads remotes.json at start, then restarts): the front server does the same for the map it
 * serves, so the browser meets the remote's own failure, not the CSP.
 */
function withRemoteOrigins(
  headers: IncomingHttpHeaders,
  remotes: Record<string, string> | string | null | undefined,
): IncomingHttpHeaders {
  const csp = headers["content-security-policy"];
  if (typeof csp !== "string" || !remotes || typeof remotes === "string") return headers;
  const origins = Object.values(remotes)
    .filter((v) => /^https?:\/\//.test(v))
    .map((v) => new URL(v).origin);
  if (!origins.length) return headers;
  const widened = csp.replace(
    /\b(script-src|connect-src|style-src)\b([^;]*)/g,
    (_m, name: string, rest: string) => `${name}${rest} ${origins.join(" ")}`,
  );
  return { ...headers, "content-security-policy": widened };
}

/** The browser's origin: the portal behind it, with failures and mounts on top. */
export async function startFrontServer(portalUrl: string): Promise<FrontServer> {
  const target = new URL(portalUrl);
  let rules: Rule[] = [];
  let mounts: { prefix: string; dir: string }[] = [];
  let remotes: Record<string, string> | string | null | undefined;
  const seen: string[] = [];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seen.push(path);
    const rule = rules.find((r) => r.match(path));
    if (rule) return answer(res, req, rule.failure);
    if (path === "/remotes.json" && remotes !== undefined) {
      if (remotes === null) return res.writeHead(404, { "content-type": "text/plain" }).end();
      const body = typeof remotes === "string" ? remotes : JSON.stringify(remotes);
      return res.writeHead(200, { "content-type": "application/json" }).end(body);
    }
    const mount = mounts.find((m) => path.startsWith(m.prefix));
    if (mount) return void serveFile(res, mount.dir, path.slice(mount.prefix.length), {});
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, withRemoteOrigins(up.headers, remotes));
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  const url = await listen(server);
  return {
    url,
    fail: (match, failure) => rules.push({ match, failure }),
    remotesJson: (value) => {
      remotes = value;
    },
    mount: (prefix, dir) => mounts.push({ prefix, dir }),
    clear: () => {
      rules = [];
      mounts = [];
      remotes = undefined;
    },
    count: (prefix) => seen.filter((p) => p.startsWith(prefix)).length,
    resetCounts: () => {
      seen.length = 0;
    },
    close: () => closeServer(server),
  };
}

/** A remote's build on an origin of its own, with or without the CORS header it needs. */
export async function startStaticServer(
  dir: string,
  opts: { cors: boolean | ((path: string) => boolean) },
): Promise<{
  url: string;
  count: () => number;
  /** Sends the CORS header from now on (or stops): the remote's team fixing its host. */
  setCors: (cors: boolean | ((path: string) => boolean)) => void;
  close: () => Promise<void>;
}> {
  let n = 0;
  let cors = opts.cors;
  const server = createServer((req, res) => {
    n++;
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const allowed = typeof cors === "function" ? cors(path) : cors;
    void serveLikeRemoteHost(req, res, dir, path, allowed);
  });
  const url = await listen(server);
  return {
    url,
    count: () => n,
    setCors: (value) => {
      cors = value;
    },
    close: () => closeServer(server),
  };
}

/** A port that was free a moment ago and that nobody listens on: connection refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}
