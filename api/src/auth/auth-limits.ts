import type { Deps } from "../platform/context.ts";
import type { Limit } from "./rate-limit.ts";

/**
 * The limits of an auth action: per client address, and with an account (an address as typed, or
 * a user id) per account and client address, plus a slower cap per account over an hour. Keyed by
 * address too, so whoever hammers an account from elsewhere does not lock out its owner.
 */
export function authLimits(
  deps: Pick<Deps, "config">,
  action: string,
  ip: string,
  account?: string,
): Limit[] {
  const windowSeconds = deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  // Every page load and every tab exchanges the refresh cookie, so refresh gets ten times
  // the per-IP budget; its tokens are 128-bit random, the limit only bounds load.
  const perIp = deps.config.AUTH_RATE_LIMIT_PER_IP * (action === "refresh" ? 10 : 1);
  const limits: Limit[] = [{ key: `${action}:ip:${ip}`, max: perIp, windowSeconds }];
  if (account) {
    limits.push(
      {
        key: `${action}:account-ip:${account}:${ip}`,
        max: deps.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
        windowSeconds,
      },
      {
        key: `${action}:account:${account}`,
        max: deps.config.AUTH_RATE_LIMIT_PER_ACCOUNT_HOURLY,
        windowSeconds: 3600,
      },
    );
  }
  return limits;
}
