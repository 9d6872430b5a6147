import { Hono } from "hono";
import { accountMessages } from "../../contracts/account.ts";
import { NotificationSettings } from "../../contracts/notifications.ts";
import { recordAudit } from "../audit/audit.ts";
import { requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { notFound } from "../platform/http-error.ts";
import { describe, validate } from "../platform/openapi.ts";

async function readSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db<NotificationSettings[]>`
    select notify_reminders as reminders, notify_receipts as receipts from profiles where id = ${userId}`;
  if (!row) throw notFound(accountMessages.profileNotFound);
  return row;
}

/** The caller's email choices (mounted under /api/account/notifications). */
export function notificationRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "getNotificationSettings",
        summary: "The caller's email choices (reminders, receipts)",
        tags: ["account"],
        response: NotificationSettings,
        errors: [404],
      }),
      requireAuth(deps),
      async (c) => c.json(await readSettings(deps.sql, c.get("auth").userId), 200),
    )
    .put(
      "/",
      describe({
        operationId: "saveNotificationSettings",
        summary: "Save the caller's email choices; security mails always go",
        tags: ["account"],
        response: NotificationSettings,
        errors: [404],
      }),
      requireAuth(deps),
      validate("json", NotificationSettings),
      async (c) => {
        const userId = c.get("auth").userId;
        const next = c.req.valid("json");
        const saved = await deps.sql.begin(async (tx) => {
          const before = await readSettings(tx, userId);
          await tx`
            update profiles set notify_reminders = ${next.reminders}, notify_receipts = ${next.receipts}
            where id = ${userId}`;
          await recordAudit(tx, {
            actorId: userId,
            action: "account.notifications",
            entity: "profile",
            entityId: userId,
            before,
            after: next,
          });
          return next;
        });
        return c.json(saved, 200);
      },
    );
}
