import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";

/** Top-ups through PayPal, the PayPal webhook and the caller's transactions (issue 4). */
export function billingRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
