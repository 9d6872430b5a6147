import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv, Deps } from "../context.ts";
import { describe } from "../openapi.ts";
import { requireAuth } from "../auth/middleware.ts";
import type { ProfileChange } from "./hub.ts";

const KEEPALIVE_MS = 25_000;

export function eventRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/",
    describe({ summary: "Server-sent events for the caller: `profile` when the profile row changes", tags: ["events"] }),
    requireAuth(deps),
    (c) => {
      const { userId } = c.get("auth");
      return streamSSE(c, async (stream) => {
        const queue: ProfileChange[] = [];
        let wake: (() => void) | undefined;
        const unsubscribe = deps.events.subscribe(userId, (change) => {
          queue.push(change);
          wake?.();
        });
        stream.onAbort(() => {
          unsubscribe();
          wake?.();
        });
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (!stream.aborted) {
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({ event: "profile", data: JSON.stringify(next) });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, KEEPALIVE_MS);
          });
          wake = undefined;
          if (!queue.length && !stream.aborted) await stream.write(": keepalive\n\n");
        }
        unsubscribe();
      });
    },
  );
}
