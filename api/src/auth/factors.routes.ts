import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";

/** Multi-factor authentication: TOTP and passkeys (issue 8). */
export function factorRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
