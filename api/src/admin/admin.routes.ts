import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";

/** The admin domain: users and credits, services, products, orders, audit log (issue 7). */
export function adminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
