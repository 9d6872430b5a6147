import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
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

  it("marks the queries of a changed topic stale and leaves the others alone", () => {
    const client = new QueryClient();
    client.setQueryData(["services", "mine"], []);
    client.setQueryData(["shop", "orders"], []);
    client.setQueryData(["account", "profile"], {});
    applyDataChangedEvent(client, { topic: "services" });
    expect(client.getQueryState(["services", "mine"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["shop", "orders"])?.isInvalidated).toBe(false);
    applyDataChangedEvent(client, { topic: "orders" });
    expect(client.getQueryState(["shop", "orders"])?.isInvalidated).toBe(true);
    applyDataChangedEvent(client, { topic: "account" });
    expect(client.getQueryState(["account", "profile"])?.isInvalidated).toBe(false);
  });
});
