import assert from "node:assert/strict";
import type { AdminService } from "../../contracts/admin.ts";
import { json, makeAdmin, signUpAndIn, startTestApi, type TestApi, test } from "../testing.ts";

interface StreamEvent {
  event: string;
  data: unknown;
}

/** Opens GET /api/events for `token`; `next()` resolves with the next event or rejects after 5 s. */
async function openEvents(api: TestApi, token: string) {
  const res = await api.fetch("/api/events", { token, headers: { accept: "text/event-stream" } });
  assert.equal(res.status, 200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pending: StreamEvent[] = [];
  async function next(): Promise<StreamEvent> {
    const timeout = AbortSignal.timeout(5_000);
    while (!pending.length) {
      const read = reader.read();
      const result = await Promise.race([
        read,
        new Promise<never>((_, reject) =>
          timeout.addEventListener("abort", () => reject(new Error("no event in 5 s"))),
        ),
      ]);
      if (result.done) throw new Error("stream ended");
      buffer += result.value;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) pending.push({ event, data: JSON.parse(data) });
      }
    }
    return pending.shift()!;
  }
  assert.equal((await next()).event, "ready");
  return { next, close: () => reader.cancel() };
}

test("events: a user's stream says when their services or orders change, and only theirs", async () => {
  const api = await startTestApi();
  try {
    const admin = await signUpAndIn(api, `adm${crypto.randomUUID().slice(0, 8)}`);
    await makeAdmin(api, admin.user.id);
    const customer = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    const stream = await openEvents(api, customer.access_token);

    let reseller = 4711;
    const createService = async (userId: string) => {
      const res = await api.fetch("/api/admin/services", {
        method: "POST",
        token: admin.access_token,
        json: {
          user_id: userId,
          service_type: "vps",
          ipv4: "203.0.113.7",
          ram: "4",
          cpu: "2",
          storage: "80",
          reseller_id: String(reseller++),
        },
      });
      assert.equal(res.status, 201);
      return await json<AdminService>(res);
    };

    // Another user's service says nothing on this stream: the next event is this user's own.
    await createService(other.user.id);
    const service = await createService(customer.user.id);
    assert.deepEqual(await stream.next(), { event: "changed", data: { topic: "services" } });

    const suspend = await api.fetch(`/api/admin/services/${service.id}/status`, {
      method: "PUT",
      token: admin.access_token,
      json: { status: "suspended" },
    });
    assert.equal(suspend.status, 200);
    assert.deepEqual(await stream.next(), { event: "changed", data: { topic: "services" } });

    // An order row (as the shop or the expiry job writes it) says `orders`.
    const [product] = await api.sql<{ id: string }[]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values ('Events VPS', 0, '1', '1', '10', '1 Gbit/s', 'Included', 'vps') returning id`;
    await api.sql`insert into orders (user_id, product_id, expire_date, status)
      values (${customer.user.id}, ${product!.id}, now() + interval '30 days', 'active')`;
    assert.deepEqual(await stream.next(), { event: "changed", data: { topic: "orders" } });

    // Profile changes still come as `profile` events carrying the new balance.
    await api.sql`update profiles set credits = 12.5 where id = ${customer.user.id}`;
    const profile = await stream.next();
    assert.equal(profile.event, "profile");
    assert.equal((profile.data as { credits: string }).credits, "12.50");
    await stream.close();
  } finally {
    await api.close();
  }
});
