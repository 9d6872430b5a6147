import { getContext } from "hono/context-storage";
import type { AppEnv } from "../platform/context.ts";
import { log } from "../platform/log.ts";

/** The security trail's events; each is one JSON log line `security: <event>`. */
export type SecurityEvent =
  | "sign_in"
  | "sign_in_failed"
  | "refresh_token_reused"
  | "mfa_failed"
  | "password_changed"
  | "password_change_failed"
  | "password_reset"
  | "rate_limited";

const FAILURES = new Set<SecurityEvent>([
  "sign_in_failed",
  "refresh_token_reused",
  "mfa_failed",
  "password_change_failed",
  "rate_limited",
]);

export type SecurityRecord = {
  event: SecurityEvent;
  request_id?: string;
  client_ip?: string;
  user_id?: string;
  session_id?: string;
  [key: string]: unknown;
};

const listeners = new Set<(record: SecurityRecord) => void>();

/** Follows the trail in this process (tests; an alerting hook); returns the unsubscribe. */
export function onSecurityEvent(listener: (record: SecurityRecord) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Writes one security event with the request it happened in (request id, client address), so an
 * operator can follow an attack across lines and instances. Never pass passwords or tokens.
 */
export function securityEvent(
  event: SecurityEvent,
  fields: { user_id?: string; session_id?: string; [key: string]: unknown } = {},
): void {
  let request: { request_id?: string; client_ip?: string } = {};
  try {
    const c = getContext<AppEnv>();
    request = { request_id: c.get("requestId"), client_ip: c.get("clientIp") };
  } catch {
    // Outside a request (a job): no request to name.
  }
  const record: SecurityRecord = { event, ...request, ...fields };
  log(FAILURES.has(event) ? "warn" : "info", `security: ${event}`, record);
  for (const listener of listeners) listener(record);
}
