import postgres from "postgres";
import { log } from "./log.ts";

// Whether the database answers (requests get a 503 at once while it does not).

/**
 * Errors that mean "the database is not reachable", not "this request is wrong": postgres.js
 * connection errors, socket errors, and Postgres's connection-exception class (08), shutdown
 * (57P01-57P03) and too-many-connections (53300) codes.
 */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const code = String((err as { code?: unknown }).code ?? "");
  if (CONNECTION_CODES.has(code) || code.startsWith("08")) return true;
  // Deno's own socket errors (no `code`), e.g. when the server vanished mid-write.
  return (
    err instanceof Deno.errors.ConnectionRefused ||
    err instanceof Deno.errors.ConnectionReset ||
    err instanceof Deno.errors.BrokenPipe ||
    err instanceof Deno.errors.ConnectionAborted
  );
}

export interface DbHealth {
  readonly up: boolean;
  /** Call with any error a query raised; a connection error marks the database down. */
  report(err: unknown): void;
  close(): Promise<void>;
}

const PROBE_INTERVAL_MS = 250;

/**
 * Down on the first connection error, up again when a probe (`select 1` on a connection of its
 * own, every 250 ms while down) answers. While down, requests answer 503 at once instead of
 * queueing behind the pool's reconnect back-off.
 */
export function createHealth(url: string): DbHealth {
  let up = true;
  let closed = false;
  let probing: Promise<void> | null = null;
  const probe = async () => {
    const client = postgres(url, {
      max: 1,
      connect_timeout: 2,
      idle_timeout: 1,
      backoff: () => 0,
      onnotice: () => {},
      connection: { application_name: "hosting-portal-api-probe" },
    });
    try {
      while (!up && !closed) {
        try {
          await client`select 1`;
          up = true;
          log("warn", "database reachable again");
        } catch {
          await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
        }
      }
    } finally {
      await client.end({ timeout: 0 }).catch(() => {});
      probing = null;
    }
  };
  return {
    get up() {
      return up;
    },
    report(err) {
      if (closed || !isConnectionError(err)) return;
      if (up)
        log("error", "database unreachable", {
          code: (err as { code?: string }).code,
          error: (err as Error).message,
        });
      up = false;
      probing ??= probe();
    },
    async close() {
      closed = true;
      await probing;
    },
  };
}
