import * as jose from "jose";
import type { Deps } from "../platform/context.ts";

/**
 * 256-bit random link token (base64url). Stored only as its SHA-256 (tokens.ts `hashToken`) and,
 * in the mail's outbox row until it is sent, sealed (mail/outbox.ts `sealLinkToken`).
 */
export function newLinkToken(): string {
  return jose.base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
}

/** An absolute link into the portal (PUBLIC_URL), e.g. `portalLink(config, "/auth/login")`. */
export function portalLink(
  config: Deps["config"],
  path: string,
  params: Record<string, string> = {},
): string {
  const url = new URL(path, config.PUBLIC_URL);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
