import { Hono } from "hono";

/**
 * A faithful stand-in for the server provider's reseller API (SPEC §7): the same
 * `PUT /datacenter/server/{reseller_id}/start|shutdown|restart|password/reset` routes, the same
 * bearer check, and an `error` field for servers it does not know.
 *
 * Which servers exist: every reseller id from 1 to 899999 is a known server, created powered on
 * the first time it is addressed; ids outside that range (0, negatives, 900000 and up) are
 * unknown, so tests and demos can reach the "unknown server" answer on purpose.
 *
 * It never logs: request bodies carry root passwords.
 */
export type PowerState = "running" | "stopped";

/** How one server (or every server, with id "*") misbehaves, for failure tests. */
export type FailureMode =
  | { kind: "error"; message?: string }
  | { kind: "status"; status: number }
  | { kind: "slow"; delayMs: number };

export const UNKNOWN_SERVER_FROM = 900_000;

export interface ProviderSim {
  url: string;
  token: string;
  /** Power state of a server; undefined until the server has been addressed. */
  power(resellerId: number): PowerState | undefined;
  /** Makes a server ("*" for all) fail in the given way until `heal` is called. */
  fail(resellerId: number | "*", mode: FailureMode): void;
  heal(resellerId?: number | "*"): void;
  /** Authorization headers the simulator has seen, newest last (tests check the bearer token). */
  readonly seenAuthorization: readonly string[];
  /** How many password resets each server has had (the passwords themselves are not kept). */
  passwordResets(resellerId: number): number;
  close(): Promise<void>;
}

interface ServerState {
  power: PowerState;
  passwordResets: number;
}

export function createProviderApp(token: string) {
  const servers = new Map<number, ServerState>();
  const failures = new Map<number | "*", FailureMode>();
  const seenAuthorization: string[] = [];

  const known = (id: number) => Number.isInteger(id) && id > 0 && id < UNKNOWN_SERVER_FROM;
  const server = (id: number) => {
    let s = servers.get(id);
    if (!s) {
      s = { power: "running", passwordResets: 0 };
      servers.set(id, s);
    }
    return s;
  };

  const app = new Hono()
    .use("/datacenter/*", async (c, next) => {
      const header = c.req.header("authorization") ?? "";
      seenAuthorization.push(header);
      if (seenAuthorization.length > 100) seenAuthorization.shift();
      if (header !== `Bearer ${token}`) return c.json({ error: "Unauthorized" }, 401);
      await next();
    })
    .use("/datacenter/server/:id/*", async (c, next) => {
      const id = Number(c.req.param("id"));
      const mode = failures.get(id) ?? failures.get("*");
      if (mode?.kind === "slow") await new Promise((r) => setTimeout(r, mode.delayMs));
      if (mode?.kind === "status") return c.json({ message: "Internal error" }, mode.status as 500);
      if (mode?.kind === "error") return c.json({ error: mode.message ?? "Operation failed" }, 200);
      if (!known(id)) return c.json({ error: `Server ${c.req.param("id")} not found` }, 404);
      await next();
    })
    .get("/datacenter/server/:id", (c) => {
      const id = Number(c.req.param("id"));
      if (!known(id)) return c.json({ error: "Server not found" }, 404);
      return c.json({ id, power: server(id).power });
    })
    .put("/datacenter/server/:id/start", (c) => {
      server(Number(c.req.param("id"))).power = "running";
      return c.json({ success: true, status: "running" });
    })
    .put("/datacenter/server/:id/shutdown", (c) => {
      server(Number(c.req.param("id"))).power = "stopped";
      return c.json({ success: true, status: "stopped" });
    })
    .put("/datacenter/server/:id/restart", (c) => {
      // A restart of a stopped server boots it, as a hypervisor reset does.
      server(Number(c.req.param("id"))).power = "running";
      return c.json({ success: true, status: "running" });
    })
    .put("/datacenter/server/:id/password/reset", async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: "Body must be JSON" }, 400);
      }
      const password = (body as { password?: unknown })?.password;
      if (typeof password !== "string" || password.length < 6) {
        return c.json({ error: "Password must be at least 6 characters" }, 422);
      }
      server(Number(c.req.param("id"))).passwordResets += 1;
      return c.json({ success: true });
    });
  app.notFound((c) => c.json({ error: "Not found" }, 404));

  return { app, servers, failures, seenAuthorization };
}

/** Serves the simulator on a port of 127.0.0.1 (0 = any free one). */
export async function startProviderSim(
  options: { token?: string; port?: number } = {},
): Promise<ProviderSim> {
  const token = options.token ?? crypto.randomUUID().replaceAll("-", "");
  const { app, servers, failures, seenAuthorization } = createProviderApp(token);
  const abort = new AbortController();
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const httpServer = Deno.serve(
    { port: options.port ?? 0, hostname: "127.0.0.1", signal: abort.signal, onListen: resolve },
    app.fetch,
  );
  const addr = await promise;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    token,
    power: (id) => servers.get(id)?.power,
    fail: (id, mode) => void failures.set(id, mode),
    heal: (id) => (id === undefined ? failures.clear() : void failures.delete(id)),
    seenAuthorization,
    passwordResets: (id) => servers.get(id)?.passwordResets ?? 0,
    async close() {
      abort.abort();
      await httpServer.finished;
    },
  };
}
