import { Profile } from "@contracts/account.ts";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api/api-error";
import { api } from "../session/session-api";
import { session } from "../session/session-store";
import { apiError, json, mockApi } from "./mock-api";
import { resetPortalState } from "./reset";

const profile = {
  id: "00000000-0000-4000-8000-000000000001",
  username: "customer",
  email: "customer@example.com",
  credits: "12.50",
  created_at: "2025-01-01T00:00:00Z",
};

afterEach(resetPortalState);

describe("mockApi", () => {
  it("signs in through the session store and answers with the bearer token attached", async () => {
    const net = mockApi({ "GET /api/account/profile": profile }, { user: { is_admin: true } });
    const user = await net.signIn();
    expect(user.is_admin).toBe(true);
    expect(session.getUser()?.email).toBe("customer@example.com");

    expect(await api.get("/api/account/profile", Profile)).toEqual(profile);
    const [call] = net.callsTo("GET /api/account/profile");
    expect(call?.headers.get("authorization")).toBe("Bearer test-access-token");
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/auth/sign-in",
      "GET /api/account/profile",
    ]);
  });

  it("matches :params and exact query strings first; later routes win", async () => {
    const raw = { parse: (v: unknown) => v };
    const net = mockApi({
      "GET /api/shop/products?type=vps": { products: ["vps"] },
      "GET /api/shop/products": { products: ["any"] },
      "POST /api/shop/orders/:id/renew": (req) => json(201, { id: req.params.id, body: req.body }),
    });
    await net.signIn();
    expect(await api.get("/api/shop/products?type=vps", raw)).toEqual({ products: ["vps"] });
    expect(await api.get("/api/shop/products?type=dedicated", raw)).toEqual({ products: ["any"] });
    net.on({ "GET /api/shop/products?type=vps": { products: ["vps", "new"] } });
    expect(await api.get("/api/shop/products?type=vps", raw)).toEqual({ products: ["vps", "new"] });
    expect(await api.post("/api/shop/orders/abc-123/renew", { x: 1 }, raw)).toEqual({
      id: "abc-123",
      body: { x: 1 },
    });
    expect(net.callsTo("GET /api/shop/products?type=vps")).toHaveLength(2);
  });

  it("answers unknown routes with a 404 and records them", async () => {
    const net = mockApi();
    await net.signIn();
    const err = await api.get("/api/nowhere", Profile).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect(net.unhandled.map((r) => r.path)).toEqual(["/api/nowhere"]);
  });

  it("passes error bodies through as ApiError", async () => {
    const net = mockApi({
      "POST /api/shop/orders": () =>
        apiError(402, "insufficient_credits", "You don't have enough credits for this order."),
    });
    await net.signIn();
    await expect(api.post("/api/shop/orders", {})).rejects.toMatchObject({
      status: 402,
      code: "insufficient_credits",
      message: "You don't have enough credits for this order.",
    });
  });

  it("resetPortalState signs out and restores fetch", async () => {
    const net = mockApi();
    await net.signIn();
    resetPortalState();
    expect(session.getSession()).toBeNull();
    expect(globalThis.fetch).not.toBe(net.fetch);
  });
});
