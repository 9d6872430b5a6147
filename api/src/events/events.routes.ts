import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../context.ts";
import { describe } from "../openapi.ts";
import type { UserEvent } from "../ports.ts";

/** The stream as text: `event:` ready, profile or changed, `data:` JSON, `: keepalive` comments. */
const EventStream = z.string();

const KEEPALIVE_MS = 25_000;

export function eventRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/",
    describe({
      operationId: "streamEvents",
      summary:
        "Server-sent events for the caller: `profile` with the profile row when it changes, `changed` with the topic (services, orders) when one of their lists changes",
      tags: ["events"],
      response: EventStream,
      media: "text/event-stream",
    }),
    requireAuth(deps),
    (c) => {
      const { userId } = c.get("auth");
      return streamSSE(c, async (stream) => {
        const queue: UserEvent[] = [];
        let wake: (() => void) | undefined;
        const unsubscribe = deps.events.subscribe(userId, (event) => {
          queue.push(event);
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
            await stream.writeSSE({ event: next.event, data: JSON.stringify(next.data) });
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
