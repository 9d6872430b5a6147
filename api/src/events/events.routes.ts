import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod/mini";
import type { ReadyEvent } from "../../contracts/account.ts";
import { requireAuth, sessionState } from "../auth/middleware.ts";
import { sessionCache } from "../auth/session-cache.ts";
import { liveUpdateStreams } from "../metrics/metrics.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe } from "../platform/openapi.ts";
import type { UserEvent } from "../platform/ports.ts";

/** The stream as text: `event:` ready, profile or changed, `data:` JSON, `: keepalive` comments. */
const EventStream = z.string();

/**
 * The stream's session is checked again this often, and at once when sessions change (sign-out,
 * ending a session, suspension, a password reset or change): a stream outlives its access token,
 * and must not keep delivering the profile to a session that has ended. The wait doubles as the
 * keepalive.
 */
export const RECHECK_MS = 15_000;

export function eventRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/",
    describe({
      operationId: "streamEvents",
      summary:
        "Server-sent events for the caller: `ready` once the stream follows the caller, with `quiet_ms` (for that long before it no change of the caller's was notified: what the page asked for since needs no second read), `profile` with the profile row when it changes, `changed` with the topic when one of their lists changes (services, orders, support tickets; accounts: the account's founder suspended or active again, a membership added, changed or removed); the stream closes within seconds of its session ending",
      tags: ["events"],
      response: EventStream,
      media: "text/event-stream",
    }),
    requireAuth(deps),
    (c) => {
      const { userId, sessionId } = c.get("auth");
      // The stream follows the account the session acts on (its balance, services, orders).
      const accountId = c.get("auth").accountId ?? userId;
      return streamSSE(c, async (stream) => {
        const queue: UserEvent[] = [];
        let wake: (() => void) | undefined;
        let recheck = false;
        // Counted once open, uncounted once, whichever of abort and the loop's end comes first.
        liveUpdateStreams.opened();
        let counted = true;
        const uncount = () => {
          if (counted) liveUpdateStreams.closed();
          counted = false;
        };
        const subscription = deps.events.subscribe(accountId, (event) => {
          queue.push(event);
          wake?.();
        });
        const unsubscribe = () => {
          subscription();
          uncount();
        };
        const unwatch = sessionCache.watch((change) => {
          if (change.kind !== "all" && change.id !== sessionId && change.id !== userId) return;
          recheck = true;
          wake?.();
        });
        stream.onAbort(() => {
          unsubscribe();
          unwatch();
          wake?.();
        });
        // What requireAuth would refuse now ends the stream (the client's reconnect then is refused).
        const sessionLive = async () => {
          const state = await sessionState(deps.sql, sessionId, userId).catch(() => undefined);
          return (
            state !== undefined &&
            !(state.hasVerifiedFactor && state.aal !== "aal2") &&
            // Switched away, or dropped from the account: the stream ends (the page reconnects).
            state.accountId === accountId
          );
        };
        // Taken after subscribing: a change notified before it was not streamed, and none was for
        // `quiet_ms` (the page reads again only what it asked for earlier than that).
        const ready: ReadyEvent = { quiet_ms: deps.events.quietMs(accountId) };
        await stream.writeSSE({ event: "ready", data: JSON.stringify(ready) });
        let checkedAt = Date.now();
        while (!stream.aborted) {
          if (recheck || Date.now() - checkedAt >= RECHECK_MS) {
            recheck = false;
            checkedAt = Date.now();
            if (!(await sessionLive())) break;
          }
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({ event: next.event, data: JSON.stringify(next.data) });
            continue;
          }
          let timer: ReturnType<typeof setTimeout> | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, Math.max(0, checkedAt + RECHECK_MS - Date.now()));
          });
          clearTimeout(timer);
          wake = undefined;
          if (!queue.length && !recheck && !stream.aborted) await stream.write(": keepalive\n\n");
        }
        unsubscribe();
        unwatch();
      });
    },
  );
}
