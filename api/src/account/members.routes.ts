import { Hono } from "hono";
import { z } from "zod/mini";
import {
  AcceptedInvitation,
  AccountList,
  AdminAccountMembers,
  ChangeMemberRoleBody,
  Invitation,
  InvitationParams,
  InvitationPreview,
  InvitationTokenBody,
  InviteMemberBody,
  Member,
  MemberList,
  MemberParams,
  SwitchAccountBody,
} from "../../contracts/members.ts";
import { actorOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import {
  acceptInvitation,
  adminAccountMembers,
  changeMemberRole,
  inviteMember,
  listMembers,
  listMyAccounts,
  previewInvitation,
  removeMember,
  revokeInvitation,
  switchAccount,
} from "./members.service.ts";

/**
 * Settings → Members (mounted under /api/account/members): requireAuth has checked the caller's
 * role in the session's account (auth/token-scopes.ts: only an owner changes members; any member
 * reads the list and may leave). No API token reaches these routes.
 */
export function memberRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["account"];
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "listMembers",
        summary:
          "The members of the session's account with their roles, and (for an owner) the open invitations",
        tags,
        response: MemberList,
      }),
      auth,
      async (c) =>
        c.json(await listMembers(deps.sql, { ...actorOf(c), role: c.get("auth").role }), 200),
    )
    .post(
      "/invitations",
      describe({
        operationId: "inviteMember",
        summary:
          "Invite a person by email with a role (owner only): the mail's link works once, for 7 days; the owners are told. At most 20 invitations per account and hour (429)",
        tags,
        response: Invitation,
        status: 201,
        errors: [409, 429],
      }),
      auth,
      validate("json", InviteMemberBody),
      async (c) => {
        return c.json(await inviteMember(deps, actorOf(c), c.req.valid("json")), 201);
      },
    )
    .delete(
      "/invitations/:id",
      describe({
        operationId: "revokeInvitation",
        summary: "Withdraw an open invitation (owner only): its link stops working",
        tags,
        errors: [404],
      }),
      auth,
      validate("param", InvitationParams),
      async (c) => {
        await revokeInvitation(deps, actorOf(c), c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .post(
      "/leave",
      describe({
        operationId: "leaveAccount",
        summary:
          "Leave the session's account (any role; the last owner cannot): the owners are told",
        tags,
        errors: [409],
      }),
      auth,
      async (c) => {
        await removeMember(deps, actorOf(c), c.get("auth").userId);
        return c.body(null, 204);
      },
    )
    .patch(
      "/:userId",
      describe({
        operationId: "changeMemberRole",
        summary:
          "Give a member another role (owner only; an account keeps at least one owner): the owners and the member are told",
        tags,
        response: Member,
        errors: [404, 409],
      }),
      auth,
      validate("param", MemberParams),
      validate("json", ChangeMemberRoleBody),
      async (c) => {
        return c.json(
          await changeMemberRole(
            deps,
            actorOf(c),
            c.req.valid("param").userId,
            c.req.valid("json").role,
          ),
          200,
        );
      },
    )
    .delete(
      "/:userId",
      describe({
        operationId: "removeMember",
        summary:
          "Remove a member (owner only; an account keeps at least one owner): refused at once on every instance; the owners and the member are told",
        tags,
        errors: [404, 409],
      }),
      auth,
      validate("param", MemberParams),
      async (c) => {
        await removeMember(deps, actorOf(c), c.req.valid("param").userId);
        return c.body(null, 204);
      },
    );
}

/** The accounts a person belongs to, and switching the session between them (/api/account/accounts). */
export function myAccountRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["account"];
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "listMyAccounts",
        summary:
          "The accounts the caller belongs to with their role in each; `active` marks the one this session acts on",
        tags,
        response: AccountList,
      }),
      auth,
      async (c) => {
        const { userId, accountId } = c.get("auth");
        return c.json({ accounts: await listMyAccounts(deps.sql, userId, accountId) }, 200);
      },
    )
    .post(
      "/switch",
      describe({
        operationId: "switchAccount",
        summary:
          "Make this browser session act on another account the caller belongs to (from its next request on)",
        tags,
        errors: [404],
      }),
      auth,
      validate("json", SwitchAccountBody),
      async (c) => {
        await switchAccount(deps.sql, c.get("auth"), c.req.valid("json").account_id);
        return c.body(null, 204);
      },
    );
}

/** The invitation link's page (/api/invitations): what it offers, and accepting it. */
export function invitationRoutes(deps: Deps) {
  const tags = ["account"];
  return new Hono<AppEnv>()
    .post(
      "/preview",
      describe({
        operationId: "previewInvitation",
        summary:
          "What an invitation link offers (account name, role, address, expiry); the token travels in the body, never in a URL",
        tags,
        access: "public",
        response: InvitationPreview,
        errors: [400],
      }),
      validate("json", InvitationTokenBody),
      async (c) => c.json(await previewInvitation(deps.sql, c.req.valid("json").token), 200),
    )
    .post(
      "/accept",
      describe({
        operationId: "acceptInvitation",
        summary:
          "Accept an invitation sent to the caller's address: the link is spent and the caller joins the account with its role; the owners are told",
        tags,
        response: AcceptedInvitation,
        errors: [400, 409],
      }),
      requireAuth(deps),
      validate("json", InvitationTokenBody),
      async (c) =>
        c.json(await acceptInvitation(deps, c.get("auth").userId, c.req.valid("json").token), 200),
    );
}

const AccountIdParams = z.object({ id: z.uuid("Account not found") });

/**
 * The admin's view of an account's members (/api/admin/accounts; mounted by adminRoutes, behind
 * its guard).
 */
export function adminAccountRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/:id/members",
    describe({
      operationId: "adminListAccountMembers",
      summary:
        "An account's members with their roles and its open invitations (an account's id is its founder's user id)",
      tags: ["admin"],
      access: "admin",
      response: AdminAccountMembers,
      errors: [404],
    }),
    validate("param", AccountIdParams),
    async (c) => c.json(await adminAccountMembers(deps.sql, c.req.valid("param").id), 200),
  );
}
