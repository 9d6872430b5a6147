import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";

/** Products, purchase, the caller's orders and renewal (issue 5). */
export function shopRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
