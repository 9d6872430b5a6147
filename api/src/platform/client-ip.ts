import type { Context } from "hono";
import type { Config } from "./config.ts";

/**
 * The caller's address. Behind trusted proxies (TRUST_PROXY), the rightmost X-Forwarded-For entry
 * that our own proxies did not add: each proxy appends the address it received the request from,
 * so with TRUST_PROXY_HOPS proxies in front of the API the client is the hops-th entry from the
 * right. Entries further left were written by the client itself and can say anything. Without
 * trusted proxies: the socket's peer.
 */
export function clientIp(
  c: Context,
  config: Pick<Config, "TRUST_PROXY" | "TRUST_PROXY_HOPS">,
): string {
  if (config.TRUST_PROXY) {
    const chain = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const client = chain[Math.max(0, chain.length - config.TRUST_PROXY_HOPS)];
    if (client) return client;
  }
  const info = (c.env as { remoteAddr?: Deno.NetAddr } | undefined)?.remoteAddr;
  return info?.hostname ?? "unknown";
}
