import type { Context } from "hono";

/** The caller's address: X-Forwarded-For only behind a trusted proxy, else the socket's peer. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const info = (c.env as { remoteAddr?: Deno.NetAddr } | undefined)?.remoteAddr;
  return info?.hostname ?? "unknown";
}
