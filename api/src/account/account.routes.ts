import { Hono } from "hono";
import { accountMessages, Profile, SetLocaleBody } from "../../contracts/account.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { recordAudit } from "../audit/audit.ts";
import { requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { notFound } from "../platform/http-error.ts";
import { describe, validate } from "../platform/openapi.ts";

export function accountRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/profile",
      describe({
        operationId: "getProfile",
        summary:
          "The caller's profile with the account the session acts on, the caller's role there and its credits balance (null, null and 0.00 when it acts on none)",
        tags: ["account"],
        response: Profile,
        errors: [404],
      }),
      requireAuth(deps),
      async (c) => {
        const [row] = await deps.sql<
          {
            id: string;
            username: string;
            email: string;
            credits: string;
            created_at: Date;
            locale: Locale | null;
          }[]
        >`
        select p.id, p.username, p.email, p.created_at, p.locale,
          coalesce((select a.credits from profiles a where a.id = ${c.get("auth").accountId}), 0)::text
            as credits
        from profiles p where p.id = ${c.get("auth").userId}`;
        if (!row) throw notFound(accountMessages.profileNotFound);
        const { accountId, role } = c.get("auth");
        return c.json(
          {
            ...row,
            created_at: row.created_at.toISOString(),
            account_id: accountId,
            role: accountId ? role : null,
          },
          200,
        );
      },
    )
    .put(
      "/locale",
      describe({
        operationId: "setLocale",
        summary: "Save the caller's language (pages, mails, invoices issued from now on)",
        description:
          "One of `en`, `de`, `fr`, `nl`. Error messages follow `Accept-Language` first, then this choice.",
        tags: ["account"],
        errors: [404],
      }),
      requireAuth(deps),
      validate("json", SetLocaleBody),
      async (c) => {
        const userId = c.get("auth").userId;
        const { locale } = c.req.valid("json");
        await deps.sql.begin(async (tx) => {
          const [before] = await tx<{ locale: Locale | null }[]>`
          select locale from profiles where id = ${userId} for update`;
          if (!before) throw notFound(accountMessages.profileNotFound);
          if (before.locale === locale) return;
          await tx`update profiles set locale = ${locale} where id = ${userId}`;
          await recordAudit(tx, {
            actorId: userId,
            action: "account.locale",
            entity: "profile",
            entityId: userId,
            before,
            after: { locale },
          });
        });
        return c.body(null, 204);
      },
    );
}
