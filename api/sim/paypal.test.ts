import assert from "node:assert/strict";
import {
  rawMember,
  SIM_CLIENT_ID,
  SIM_CLIENT_SECRET,
  SIM_WEBHOOK_ID,
  startPayPalSim,
} from "./paypal.ts";

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });

test("paypal sim: Orders v2 shapes, errors and PayPal-Request-Id replays over real HTTP", async () => {
  const sim = await startPayPalSim();
  try {
    const bad = await fetch(`${sim.url}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa("x:y")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    assert.equal(bad.status, 401);
    await bad.body?.cancel();

    const tokenRes = await fetch(`${sim.url}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${SIM_CLIENT_ID}:${SIM_CLIENT_SECRET}`)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    const token = await tokenRes.json();
    assert.equal(token.token_type, "Bearer");
    const h = (extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${token.access_token}`,
      "content-type": "application/json",
      ...extra,
    });

    const noAuth = await fetch(`${sim.url}/v2/checkout/orders`, { method: "POST", body: "{}" });
    assert.equal(noAuth.status, 401);
    await noAuth.body?.cancel();

    const body = JSON.stringify({
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: "EUR", value: "25.00" } }],
    });
    // Prefer: return=minimal is PayPal's default: id, status and links only.
    const minimal = await (
      await fetch(`${sim.url}/v2/checkout/orders`, { method: "POST", headers: h(), body })
    ).json();
    assert.deepEqual(Object.keys(minimal).sort(), ["id", "links", "status"]);
    const created = await fetch(`${sim.url}/v2/checkout/orders`, {
      method: "POST",
      headers: h({ "paypal-request-id": "req-1", prefer: "return=representation" }),
      body,
    });
    assert.equal(created.status, 201);
    const order = await created.json();
    assert.equal(order.status, "CREATED");
    assert.equal(order.intent, "CAPTURE");
    assert.deepEqual(order.purchase_units[0].amount, { currency_code: "EUR", value: "25.00" });
    assert.ok(order.links.some((l: { rel: string }) => l.rel === "approve"));
    const replayed201 = await fetch(`${sim.url}/v2/checkout/orders`, {
      method: "POST",
      headers: h({ "paypal-request-id": "req-1", prefer: "return=representation" }),
      body,
    });
    assert.equal(replayed201.status, 200, "a replayed request id answers 200, not 201");
    assert.equal((await replayed201.json()).id, order.id);

    const capture = (requestId?: string, id = order.id) =>
      fetch(`${sim.url}/v2/checkout/orders/${id}/capture`, {
        method: "POST",
        headers: h({
          prefer: "return=representation",
          ...(requestId ? { "paypal-request-id": requestId } : {}),
        }),
        body: "{}",
      });
    const notApproved = await capture();
    assert.equal(notApproved.status, 422);
    assert.equal((await notApproved.json()).details[0].issue, "ORDER_NOT_APPROVED");

    const missing = await capture(undefined, "NOPE");
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).name, "RESOURCE_NOT_FOUND");

    const approve = await fetch(order.links.find((l: { rel: string }) => l.rel === "approve").href);
    assert.equal(approve.status, 200);
    await approve.body?.cancel();

    const first = await capture("cap-1");
    assert.equal(first.status, 201);
    const captured = await first.json();
    assert.equal(captured.status, "COMPLETED");
    const cap = captured.purchase_units[0].payments.captures[0];
    assert.equal(cap.status, "COMPLETED");
    assert.deepEqual(cap.amount, { currency_code: "EUR", value: "25.00" });

    const replayedRes = await capture("cap-1");
    assert.equal(replayedRes.status, 200);
    const replayed = await replayedRes.json();
    assert.equal(replayed.purchase_units[0].payments.captures[0].id, cap.id);
    assert.ok(
      cap.links.some(
        (l: { rel: string; href: string }) =>
          l.rel === "up" && l.href.endsWith(`/orders/${order.id}`),
      ),
    );
    const again = await capture("cap-2");
    assert.equal(again.status, 422);
    assert.equal((await again.json()).details[0].issue, "ORDER_ALREADY_CAPTURED");

    const read = await (
      await fetch(`${sim.url}/v2/checkout/orders/${order.id}`, { headers: h() })
    ).json();
    assert.equal(read.purchase_units[0].payments.captures[0].id, cap.id);
  } finally {
    await sim.close();
  }
});

test("paypal sim: webhook signatures verify only when genuine", async () => {
  const sim = await startPayPalSim();
  const received: { headers: Headers; body: string }[] = [];
  const abort = new AbortController();
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const sink = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: abort.signal, onListen: resolve },
    async (req) => {
      received.push({ headers: req.headers, body: await req.text() });
      return new Response(null, { status: 200 });
    },
  );
  const addr = await promise;
  try {
    const tokenRes = await fetch(`${sim.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${SIM_CLIENT_ID}:${SIM_CLIENT_SECRET}`)}` },
      body: "grant_type=client_credentials",
    });
    const { access_token } = await tokenRes.json();
    const created = await (
      await fetch(`${sim.url}/v2/checkout/orders`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}` },
        body: JSON.stringify({
          intent: "CAPTURE",
          purchase_units: [{ amount: { currency_code: "EUR", value: "5.00" } }],
        }),
      })
    ).json();
    sim.controls.approve(created.id);
    await (
      await fetch(`${sim.url}/v2/checkout/orders/${created.id}/capture`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}` },
      })
    ).body?.cancel();
    const url = `http://127.0.0.1:${addr.port}/hook`;
    await (await sim.controls.sendCaptureWebhook(url, created.id)).body?.cancel();
    await (await sim.controls.sendCaptureWebhook(url, created.id, { forge: true })).body?.cancel();
    // As PayPal's SDKs do: the delivery's raw text spliced into the request.
    const verify = async (r: { headers: Headers; body: string }, reserialise = false) => {
      const fields = JSON.stringify({
        auth_algo: r.headers.get("paypal-auth-algo"),
        cert_url: r.headers.get("paypal-cert-url"),
        transmission_id: r.headers.get("paypal-transmission-id"),
        transmission_sig: r.headers.get("paypal-transmission-sig"),
        transmission_time: r.headers.get("paypal-transmission-time"),
        webhook_id: SIM_WEBHOOK_ID,
      });
      const event = reserialise ? JSON.stringify(JSON.parse(r.body)) : r.body;
      const res = await fetch(`${sim.url}/v1/notifications/verify-webhook-signature`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: `${fields.slice(0, -1)},"webhook_event":${event}}`,
      });
      return (await res.json()).verification_status;
    };
    assert.equal(received.length, 2);
    assert.equal(JSON.parse(received[0]!.body).event_type, "PAYMENT.CAPTURE.COMPLETED");
    assert.equal(await verify(received[0]!), "SUCCESS");
    assert.equal(
      await verify(received[0]!, true),
      "FAILURE",
      "a re-serialised event fails, as with PayPal",
    );
    assert.equal(await verify(received[1]!), "FAILURE");
  } finally {
    abort.abort();
    await sink.finished;
    await sim.close();
  }
});

test("paypal sim: rawMember finds a member's exact text", () => {
  const text =
    '{"a": 1, "webhook_event": {\n  "id": "WH-1", "x": [1, {"y": "}"}], "v": 1.0\n}, "z": "w"}';
  assert.equal(
    rawMember(text, "webhook_event"),
    '{\n  "id": "WH-1", "x": [1, {"y": "}"}], "v": 1.0\n}',
  );
  assert.equal(rawMember(text, "z"), '"w"');
  assert.equal(rawMember(text, "a"), "1");
  assert.equal(rawMember(text, "id"), null, "only top-level members");
  return Promise.resolve();
});
