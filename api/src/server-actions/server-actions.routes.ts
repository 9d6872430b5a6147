import { Hono } from "hono";
import {
  ActionAccepted,
  BackupList,
  ConsoleAddress,
  ReinstallBody,
  ReinstallState,
  RestoreBody,
  ReverseDnsBody,
  ReverseDnsList,
  Templates,
} from "../../contracts/server-actions.ts";
import { ServiceParams } from "../../contracts/services.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import {
  createBackup,
  getReinstall,
  listBackups,
  listReverseDns,
  listTemplates,
  openConsole,
  restoreBackup,
  setReverseDns,
  startReinstall,
} from "./server-actions.service.ts";

/** Under /api/services: a customer's own VPS beyond start, stop, restart and password. */
export function serverActionRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const params = validate("param", ServiceParams);
  const tags = ["services"];
  // Every route here answers only for the caller's own active VPS.
  const owner = [403, 404] as const;
  return new Hono<AppEnv>()
    .get(
      "/:id/templates",
      describe({
        operationId: "listServerTemplates",
        summary: "The systems the provider can install on this VPS",
        tags,
        response: Templates,
        errors: [...owner, 502],
      }),
      auth,
      params,
      async (c) => c.json(await listTemplates(deps, accountOf(c), c.req.valid("param").id), 200),
    )
    .get(
      "/:id/reinstall",
      describe({
        operationId: "getServerReinstall",
        summary: "The VPS's latest reinstall and its progress (null when there never was one)",
        tags,
        response: ReinstallState,
        errors: [...owner],
      }),
      auth,
      params,
      async (c) => c.json(await getReinstall(deps, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/:id/reinstall",
      describe({
        operationId: "reinstallServer",
        summary:
          "Wipes the VPS's disk and installs the chosen system (confirm: the service's first 8 characters). Runs as a job: follow it with getServerReinstall; the new root password is then shown once by revealRootPassword. 409 while one runs",
        tags,
        status: 202,
        response: ActionAccepted,
        errors: [422, ...owner, 409, 429, 502],
      }),
      auth,
      params,
      validate("json", ReinstallBody),
      async (c) =>
        c.json(
          await startReinstall(deps, accountOf(c), c.req.valid("param").id, c.req.valid("json")),
          202,
        ),
    )
    .post(
      "/:id/console",
      describe({
        operationId: "openServerConsole",
        summary:
          "A short-lived noVNC address of the VPS's console at the provider: open it at once; it is not stored",
        tags,
        response: ConsoleAddress,
        errors: [...owner, 429, 502],
      }),
      auth,
      params,
      async (c) => {
        c.header("cache-control", "no-store");
        return c.json(await openConsole(deps, accountOf(c), c.req.valid("param").id), 200);
      },
    )
    .get(
      "/:id/reverse-dns",
      describe({
        operationId: "listServerReverseDns",
        summary:
          "The VPS's IPv4 addresses with the PTR names the provider reports (reported: false when it reports none)",
        tags,
        response: ReverseDnsList,
        errors: [...owner, 502],
      }),
      auth,
      params,
      async (c) => c.json(await listReverseDns(deps, accountOf(c), c.req.valid("param").id), 200),
    )
    .put(
      "/:id/reverse-dns",
      describe({
        operationId: "setServerReverseDns",
        summary:
          "Sets the PTR name of one of the VPS's IPv4 addresses; an empty name puts the provider's default back",
        tags,
        response: ActionAccepted,
        errors: [422, ...owner, 409, 429, 502],
      }),
      auth,
      params,
      validate("json", ReverseDnsBody),
      async (c) =>
        c.json(
          await setReverseDns(deps, accountOf(c), c.req.valid("param").id, c.req.valid("json")),
          200,
        ),
    )
    .get(
      "/:id/backups",
      describe({
        operationId: "listServerBackups",
        summary: "The VPS's backups at the provider, newest first, and whether one is running",
        tags,
        response: BackupList,
        errors: [...owner, 502],
      }),
      auth,
      params,
      async (c) => c.json(await listBackups(deps, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/:id/backups",
      describe({
        operationId: "createServerBackup",
        summary: "Takes a backup of the VPS now (409 while a backup operation runs)",
        tags,
        status: 202,
        response: ActionAccepted,
        errors: [...owner, 409, 429, 502],
      }),
      auth,
      params,
      async (c) => c.json(await createBackup(deps, accountOf(c), c.req.valid("param").id), 202),
    )
    .post(
      "/:id/backups/restore",
      describe({
        operationId: "restoreServerBackup",
        summary:
          "Replaces the VPS's disk with a backup (confirm: the service's first 8 characters; 409 while a backup operation runs)",
        tags,
        status: 202,
        response: ActionAccepted,
        errors: [422, ...owner, 409, 429, 502],
      }),
      auth,
      params,
      validate("json", RestoreBody),
      async (c) =>
        c.json(
          await restoreBackup(deps, accountOf(c), c.req.valid("param").id, c.req.valid("json")),
          202,
        ),
    );
}
