import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "../query/query-keys";
import { applyDataChangedEvent, parseSseChunk } from "./user-events";

describe("user events", () => {
  it("splits an event stream into events and keeps the unfinished rest", () => {
    const { events, rest } = parseSseChunk(
      'event: ready\ndata: {}\n\n: keepalive\n\nevent: changed\ndata: {"topic":"services"}\n\nevent: prof',
    );
    expect(events).toEqual([
      { event: "ready", data: "{}" },
      { event: "changed", data: '{"topic":"services"}' },
    ]);
    expect(rest).toBe("event: prof");
  });

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
