import type { AccountRole } from "@contracts/members.ts";
import { useProfile } from "./get-profile";

/**
 * What a page may offer, by the caller's role in the account the session acts on. The API's table
 * (api/src/auth/token-scopes.ts) decides and refuses the rest with 403 `account_role`; this only
 * hides buttons a role could not use. Keep the two in step.
 */
export type AccountAction =
  /** Buy in the shop, renew, turn auto-renew on or off. */
  | "order"
  /** Top up the balance (charge credits), pay, edit billing details. */
  | "topUp"
  /** Change a service's plan or cancel it: money moves, so billing's. */
  | "changePlan"
  /** Start, stop, restart, reinstall, console, reverse DNS, backups. */
  | "controlServers"
  /** Open and answer support tickets. */
  | "support"
  /** Invite, change roles, remove members; make and revoke API tokens. */
  | "manageMembers";

const ALLOWED: Record<AccountAction, readonly AccountRole[]> = {
  order: ["owner", "billing"],
  topUp: ["owner", "billing"],
  changePlan: ["owner", "billing"],
  controlServers: ["owner", "technical"],
  support: ["owner", "billing", "technical"],
  manageMembers: ["owner"],
};

/**
 * Whether `role` may do `action`. `null`: the session acts on no account (nothing allowed);
 * `undefined`: not known yet, or an API from before roles: allowed (the API still decides), so a
 * page never hides what its caller may do.
 */
export function can(role: AccountRole | null | undefined, action: AccountAction): boolean {
  if (role === undefined) return true;
  if (role === null) return false;
  return ALLOWED[action].includes(role);
}

/** The caller's role in the account the session acts on (from the profile; see can()). */
export function useAccountRole(): AccountRole | null | undefined {
  return useProfile().data?.role;
}

/**
 * can() for the caller: whether a page should offer `action`, and `undefined` while the profile
 * that names the role is still loading. A control is shown when this is true, so it never shows
 * for that moment and then vanishes; a line saying why the role cannot is shown when it is false
 * (`=== false`), so it never shows to a caller who may. A profile that failed to load, or an API
 * from before roles, allows it: the API still decides.
 */
export function useCan(action: AccountAction): boolean | undefined {
  const profile = useProfile();
  if (profile.isPending) return undefined;
  return can(profile.data?.role, action);
}
