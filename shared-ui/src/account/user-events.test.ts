import { Profile } from "@contracts/account.ts";
import { ServiceList } from "@contracts/services.ts";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../query/query-keys";
import { api } from "../session/session-api";
import { apiError, mockApi } from "../testing/mock-api";
import { resetPortalState } from "../testing/reset";
import { applyDataChangedEvent, followUserEvents } from "./user-events";

afterEach(() => {
  vi.useRealTimers();
  resetPortalState();
});

/** A text/event-stream answer delivering `text` as UTF-8 cut at the given byte offsets. */
function eventStream(text: string, cuts: number[]): Response {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i + 1 < bounds.length; i++) {
          controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
        }
        controller.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}

/** Byte offsets just after each occurrence of `marker` (and one inside the first multi-byte character). */
function cutsAt(text: string, markers: string[]): number[] {
  const encoder = new TextEncoder();
  const cuts = markers.map((m) => encoder.encode(text.slice(0, text.indexOf(m) + m.length)).length);
  const accent = text.indexOf("é");
  if (accent >= 0) cuts.push(encoder.encode(text.slice(0, accent)).length + 1);
  return [...new Set(cuts)].sort((x, y) => x - y);
}

const userId = "00000000-0000-4000-8000-000000000001";
const profile: Profile = {
  id: userId,
  username: "customer",
  email: "customer@example.com",
  credits: "0.00",
  created_at: "2025-01-01T00:00:00Z",
};

describe("following the event stream", () => {
  it("applies events whose lines, fields and characters are cut across chunks", async () => {
    const text =
      ": connected\r\n\r\n" +
      `event: profile\r\ndata: {"id":"${userId}","username":"josé","credits":"42.00"}\r\n\r\n` +
      'event: changed\ndata: {"topic":"services"}\n\n';
    const net = mockApi({
      "GET /api/events": () =>
        eventStream(text, cutsAt(text, ["event: pro", '"user', "\r", "chan"])),
    });
    await net.signIn();
    const client = new QueryClient();
    client.setQueryData(queryKeys.account.profile, profile);
    client.setQueryData(queryKeys.services.mine, []);
    client.setQueryData(queryKeys.orders.mine, []);
    const controller = new AbortController();
    void followUserEvents(controller.signal, client);
    await vi.waitFor(() =>
      expect(client.getQueryData(queryKeys.account.profile)).toEqual({
        ...profile,
        username: "josé",
        credits: "42.00",
      }),
    );
    await vi.waitFor(() =>
      expect(client.getQueryState(queryKeys.services.mine)?.isInvalidated).toBe(true),
    );
    expect(client.getQueryState(queryKeys.orders.mine)?.isInvalidated).toBe(false);
    controller.abort();
    const [call] = net.callsTo("GET /api/events");
    expect(call?.headers.get("authorization")).toBe("Bearer test-access-token");
    expect(call?.headers.get("accept")).toBe("text/event-stream");
  });

  it("on `ready`, reads again only what was asked for before the caller's data went quiet", async () => {
    const net = mockApi({
      "GET /api/events": () => eventStream('event: ready\ndata: {"quiet_ms":150}\n\n', []),
      "GET /api/account/profile": () => Response.json(profile),
      "GET /api/services": () => Response.json({ services: [] }),
    });
    await net.signIn();
    const client = new QueryClient();
    // What the page's own first reads left in the cache: the services before the last change,
    // the profile after it.
    client.setQueryData(queryKeys.services.mine, await api.get("/api/services", ServiceList));
    await new Promise((resolve) => setTimeout(resolve, 400));
    client.setQueryData(queryKeys.account.profile, await api.get("/api/account/profile", Profile));
    client.setQueryData(queryKeys.orders.mine, { pages: [{ orders: [] }], pageParams: [null] });
    const controller = new AbortController();
    void followUserEvents(controller.signal, client);
    await vi.waitFor(() =>
      expect(client.getQueryState(queryKeys.services.mine)?.isInvalidated).toBe(true),
    );
    // Asked for within the quiet time: current. Orders were not asked for by this page: read again.
    expect(client.getQueryState(queryKeys.account.profile)?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.orders.mine)?.isInvalidated).toBe(true);
    controller.abort();
  });

  it("on a `ready` without `quiet_ms` (an older API), reads everything again", async () => {
    const net = mockApi({
      "GET /api/events": () => eventStream("event: ready\ndata: {}\n\n", []),
      "GET /api/account/profile": () => Response.json(profile),
    });
    await net.signIn();
    const client = new QueryClient();
    client.setQueryData(queryKeys.account.profile, await api.get("/api/account/profile", Profile));
    const controller = new AbortController();
    void followUserEvents(controller.signal, client);
    await vi.waitFor(() =>
      expect(client.getQueryState(queryKeys.account.profile)?.isInvalidated).toBe(true),
    );
    controller.abort();
  });

  it("connects again with a refreshed token after a 401, through the API client", async () => {
    let answered = 0;
    const net = mockApi({
      "GET /api/events": () =>
        answered++ === 0
          ? apiError(401, "unauthorized", "Token expired")
          : eventStream(
              `event: profile\ndata: {"id":"${userId}","username":"c","credits":"7.00"}\n\n`,
              [],
            ),
    });
    await net.signIn();
    // Seconds later: a token received this moment would be taken as another tab's fresh refresh.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_000);
    const client = new QueryClient();
    client.setQueryData(queryKeys.account.profile, profile);
    const controller = new AbortController();
    void followUserEvents(controller.signal, client);
    await vi.waitFor(() =>
      expect(client.getQueryData<Profile>(queryKeys.account.profile)?.credits).toBe("7.00"),
    );
    controller.abort();
    expect(net.callsTo("GET /api/events").map((c) => c.headers.get("authorization"))).toEqual([
      "Bearer test-access-token",
      "Bearer test-access-token-2",
    ]);
    expect(net.callsTo("POST /api/auth/refresh")).toHaveLength(1);
  });

  it("stops when no one is signed in", async () => {
    const net = mockApi({
      "GET /api/events": () => apiError(401, "unauthorized", "Not signed in"),
    });
    const controller = new AbortController();
    await followUserEvents(controller.signal, new QueryClient());
    expect(controller.signal.aborted).toBe(false);
    expect(net.callsTo("GET /api/events")).toHaveLength(1);
  });
});

describe("user events", () => {
  it("marks the queries of a changed topic stale and leaves the others alone", async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.services.mine, []);
    client.setQueryData(queryKeys.orders.mine, []);
    client.setQueryData(queryKeys.account.profile, {});
    client.setQueryData(queryKeys.services.one("s1"), {});
    client.setQueryData(queryKeys.services.admin, []);
    await applyDataChangedEvent(client, { topic: "services" });
    expect(client.getQueryState(queryKeys.services.mine)?.isInvalidated).toBe(true);
    // An open service page shows the caller's service too; the admin table is not the caller's.
    expect(client.getQueryState(queryKeys.services.one("s1"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.services.admin)?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.orders.mine)?.isInvalidated).toBe(false);
    await applyDataChangedEvent(client, { topic: "orders" });
    expect(client.getQueryState(queryKeys.orders.mine)?.isInvalidated).toBe(true);
    await applyDataChangedEvent(client, { topic: "account" });
    expect(client.getQueryState(queryKeys.account.profile)?.isInvalidated).toBe(false);
  });

  it("reads the person's accounts and the account's members again on `accounts`, not the profile", async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.account.memberships, { accounts: [] });
    client.setQueryData(queryKeys.account.members, { members: [] });
    client.setQueryData(queryKeys.account.profile, {});
    await applyDataChangedEvent(client, { topic: "accounts" });
    expect(client.getQueryState(queryKeys.account.memberships)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.account.members)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.account.profile)?.isInvalidated).toBe(false);
  });

  it("reads again after a change that comes while the first fetch is under way", async () => {
    const client = new QueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.services.mine,
      queryFn: async () => {
        calls += 1;
        const answer = calls;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return answer;
      },
    });
    const shown: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => {
      if (result.data !== undefined && shown.at(-1) !== result.data) shown.push(result.data);
    });
    // The first fetch may have read the database before the change: its answer is shown (the
    // page is not held back) and then replaced by a fresh read.
    await applyDataChangedEvent(client, { topic: "services" });
    await vi.waitFor(() => expect(shown).toEqual([1, 2]));
    unsubscribe();
  });
});
