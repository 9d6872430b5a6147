import assert from "node:assert/strict";
import { Hono } from "hono";
import { clientIp } from "./client-ip.ts";
import { errorOf, startTestApi, test } from "./testing.ts";

/** What the API takes for the caller's address, given what reached it. */
async function seenAs(forwardedFor: string | undefined, trust: boolean, hops = 1): Promise<string> {
  const app = new Hono().get("/", (c) =>
    c.text(clientIp(c, { TRUST_PROXY: trust, TRUST_PROXY_HOPS: hops })),
  );
  const headers: Record<string, string> = forwardedFor ? { "x-forwarded-for": forwardedFor } : {};
  const res = await app.fetch(new Request("http://portal.test/", { headers }), {
    remoteAddr: { transport: "tcp", hostname: "10.0.0.5", port: 4000 },
  });
  return await res.text();
}

test("client address: the rightmost X-Forwarded-For entry our proxies did not add", async () => {
  // The client sent "X-Forwarded-For: 1.1.1.1"; our one proxy appended the address it saw.
  assert.equal(await seenAs("1.1.1.1, 203.0.113.9", true), "203.0.113.9");
  // A CDN in front of our proxy: the CDN appends the client, our proxy appends the CDN.
  assert.equal(await seenAs("1.1.1.1, 203.0.113.9, 198.51.100.7", true, 2), "203.0.113.9");
  // Fewer entries than hops: the leftmost is the best there is.
  assert.equal(await seenAs("203.0.113.9", true, 2), "203.0.113.9");
  // Not behind a trusted proxy: the header is the client's own word and is ignored.
  assert.equal(await seenAs("1.1.1.1", false), "10.0.0.5");
  assert.equal(await seenAs(undefined, true), "10.0.0.5");
});

test("a forged X-Forwarded-For does not escape the per-address sign-in limit", async () => {
  const api = await startTestApi({ TRUST_PROXY: "true", AUTH_RATE_LIMIT_PER_IP: "3" });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.fetch("/api/auth/sign-in", {
        method: "POST",
        // A new made-up address each time on the left; the proxy's own entry stays the caller's.
        headers: { "x-forwarded-for": `192.0.2.${i}, 203.0.113.9` },
        json: { email: `nobody${i}@example.com`, password: "wrong-password" },
      });
      statuses.push(res.status);
      if (res.status === 429) assert.equal((await errorOf(res)).code, "rate_limited");
      else await res.body?.cancel();
    }
    assert.deepEqual(statuses, [400, 400, 400, 429, 429]);
  } finally {
    await api.close();
  }
});
