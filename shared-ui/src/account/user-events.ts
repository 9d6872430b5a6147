import {
  DataChangedEvent,
  type Profile,
  ProfileChangedEvent,
  ReadyEvent,
} from "@contracts/account.ts";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type EventSourceMessage, EventSourceParserStream } from "eventsource-parser/stream";
import { useEffect } from "react";
import { ApiError } from "../api/api-error";
import { askedAtOf } from "../api/read-times";
import { queryClient as defaultClient } from "../query/query-client";
import { queryKeys } from "../query/query-keys";
import { api } from "../session/session-api";
import { useSession } from "../session/use-session";

const MAX_BACKOFF_MS = 30_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** Resolves once no query under `queryKey` is fetching. */
function fetchesSettled(client: QueryClient, queryKey: QueryKey): Promise<void> {
  if (!client.isFetching({ queryKey })) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching({ queryKey })) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Reads `queryKey` again. A fetch already under way may have read the database before the change,
 * and React Query folds an invalidation into a first fetch still under way; so its answer is let
 * onto the screen first and then read again in the background.
 */
async function reread(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await fetchesSettled(client, queryKey);
  await client.invalidateQueries({ queryKey });
}

export async function applyProfileEvent(client: QueryClient, data: unknown): Promise<void> {
  const parsed = ProfileChangedEvent.safeParse(data);
  if (!parsed.success) return;
  const key = queryKeys.account.profile;
  // The event is newer than any fetch under way: apply it after that fetch's answer.
  await fetchesSettled(client, key);
  const current = client.getQueryData<Profile>(key);
  if (current && current.id === parsed.data.id) {
    client.setQueryData<Profile>(key, { ...current, ...parsed.data });
  } else {
    await client.invalidateQueries({ queryKey: key });
  }
}

/**
 * Which queries show each topic of a `changed` event (the keys of the caller's own lists, from
 * the shared contract in query-keys.ts): `services.mine` also covers every open service page.
 */
const queriesOfTopic: Record<DataChangedEvent["topic"], readonly QueryKey[]> = {
  services: [queryKeys.services.mine],
  orders: [queryKeys.orders.mine],
  support: [queryKeys.support.mine],
  accounts: [queryKeys.account.memberships, queryKeys.account.members],
};

export async function applyDataChangedEvent(client: QueryClient, data: unknown): Promise<void> {
  const parsed = DataChangedEvent.safeParse(data);
  if (!parsed.success) return;
  await Promise.all(queriesOfTopic[parsed.data.topic].map((queryKey) => reread(client, queryKey)));
}

/**
 * The server sends `ready` once it follows this user, with `quiet_ms`: anything that changed before
 * (while the page loaded, or while disconnected) was not streamed, and nothing did for `quiet_ms`.
 * What the stream keeps live is read again unless the page asked for it within that time (its
 * request was sent after the last change, so its answer holds it): on a cold load the page's own
 * first reads are, so each is asked for once. Without `quiet_ms` (an older API) all is read again.
 */
async function rereadFollowed(client: QueryClient, quietMs: number | undefined): Promise<void> {
  const currentFrom =
    quietMs === undefined ? Number.POSITIVE_INFINITY : performance.now() - quietMs;
  const keys = [queryKeys.account.profile, ...Object.values(queriesOfTopic).flat()];
  await Promise.all(
    keys.map(async (queryKey) => {
      await fetchesSettled(client, queryKey);
      const stale = client
        .getQueryCache()
        .findAll({ queryKey })
        .filter((query) => !((askedAtOf(query.state.data) ?? -1) >= currentFrom));
      await Promise.all(
        stale.map((query) => client.invalidateQueries({ queryKey: query.queryKey, exact: true })),
      );
    }),
  );
}

function quietMsOf(data: string): number | undefined {
  const parsed = ReadyEvent.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data.quiet_ms : undefined;
}

/** What a message of the stream means for the cache; a malformed one is skipped (the next carries the full state). */
function applyEvent(client: QueryClient, message: EventSourceMessage): void {
  try {
    if (message.event === "ready") void rereadFollowed(client, quietMsOf(message.data));
    else if (message.event === "profile") void applyProfileEvent(client, JSON.parse(message.data));
    else if (message.event === "changed")
      void applyDataChangedEvent(client, JSON.parse(message.data));
  } catch {
    // Not JSON: skipped, see above.
  }
}

/**
 * Follows GET /api/events: `profile` events go into the profile query, so the balance in the top
 * bar changes live; `changed` events refetch the caller's services or orders; `ready` rereads
 * all of them. Through the API client rather than EventSource, which cannot send the
 * Authorization header; eventsource-parser reads the text/event-stream. Reconnects with
 * exponential backoff until `signal` aborts, and stops when no one is signed in.
 */
export async function followUserEvents(
  signal: AbortSignal,
  client: QueryClient = defaultClient,
): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const res = await api.send("/api/events", {
        headers: { accept: "text/event-stream" },
        cache: "no-store",
        signal,
      });
      if (res.body) {
        attempt = 0;
        const reader = res.body
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(new EventSourceParserStream())
          .getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          applyEvent(client, value);
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      // Refused even after the client's refresh: signed out. useUserEvents starts again on sign-in.
      if (err instanceof ApiError && err.status === 401) return;
    }
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) + Math.random() * 500;
    attempt += 1;
    await sleep(delay, signal);
  }
}

/** Keeps the profile, services and orders queries live while someone is signed in. */
export function useUserEvents(): void {
  const userId = useSession()?.user.id;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void followUserEvents(controller.signal);
    return () => controller.abort();
  }, [userId]);
}
