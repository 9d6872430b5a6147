import { Hono } from "hono";
import {
  type DriftItem,
  DriftReport,
  ProviderJobList,
  type ProviderJobRow,
  ProviderTemplates,
  planMessages,
} from "../../contracts/admin.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { HttpError } from "../platform/http-error.ts";
import { ProviderError } from "../provider/provider-error.ts";
import { adminDoc } from "./admin-doc.ts";
import { iso } from "./admin-rows.ts";

/** Admin: the server provider as staff see it (mounted at /admin/provider). */
export function adminProviderRoutes(deps: Deps) {
  const { sql } = deps;
  return new Hono<AppEnv>()
    .get(
      "/templates",
      adminDoc({
        operationId: "adminListProviderTemplates",
        summary: "The systems the provider can install (the product plan's template)",
        response: ProviderTemplates,
        errors: [502],
      }),
      async (c) => {
        try {
          return c.json({ templates: await deps.provider.templates() }, 200);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          throw new HttpError(502, ErrorCode.providerFailed, planMessages.providerUnavailable);
        }
      },
    )
    .get(
      "/drift",
      adminDoc({
        operationId: "adminProviderDrift",
        summary:
          "Servers the provider has that no service knows, and services whose server is gone (never acted on automatically)",
        response: DriftReport,
      }),
      async (c) => {
        const rows = await sql<
          (Omit<DriftItem, "first_seen" | "last_seen"> & { first_seen: Date; last_seen: Date })[]
        >`
          select d.kind, d.vm_id, d.service_id, p.email, d.first_seen, d.last_seen
          from provider_drift d
            left join services s on s.id = d.service_id left join profiles p on p.id = s.user_id
          where d.resolved_at is null
          order by d.first_seen desc, d.vm_id
          limit 500`;
        const [check] = await sql<[{ checked_at: Date | null }?]>`
          select checked_at from provider_drift_checks where id = 1`;
        return c.json(
          {
            items: rows.map((r) => ({
              ...r,
              first_seen: iso(r.first_seen),
              last_seen: iso(r.last_seen),
            })),
            checked_at: check?.checked_at ? iso(check.checked_at) : null,
          },
          200,
        );
      },
    )
    .get(
      "/jobs",
      adminDoc({
        operationId: "adminFailingProviderJobs",
        summary:
          "Provider jobs that keep failing (3 tries or more) or failed for good, newest first",
        response: ProviderJobList,
      }),
      async (c) => {
        const rows = await sql<
          (Omit<ProviderJobRow, "run_after" | "created_at"> & {
            run_after: Date;
            created_at: Date;
          })[]
        >`
          select id, kind, state, service_id, vm_id, attempts, last_error, run_after, created_at
          from provider_jobs
          where state = 'failed' or (state = 'pending' and attempts >= 3)
          order by updated_at desc
          limit 200`;
        return c.json(
          {
            jobs: rows.map((r) => ({
              ...r,
              run_after: iso(r.run_after),
              created_at: iso(r.created_at),
            })),
          },
          200,
        );
      },
    );
}
