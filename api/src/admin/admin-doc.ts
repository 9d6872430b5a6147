import { describe } from "../platform/openapi.ts";

/**
 * describe() for an admin route: tagged "admin" and documented as admin-only, which it is, since
 * admin.routes.ts puts requireAuth + requireAdmin in front of every admin route.
 */
export const adminDoc = (doc: Omit<Parameters<typeof describe>[0], "tags" | "access">) =>
  describe({ ...doc, tags: ["admin"], access: "admin" });
