import { type AccountAction, can, useProfile } from "@hosting-portal/shared-ui";

/**
 * Whether the caller's role lets the page offer `action` (shared-ui's `can`, the API's table),
 * and `undefined` while the profile that names the role is still loading: a control the role may
 * not use would otherwise show for that moment and then vanish (`useCan` allows everything while
 * the role is unknown). A profile that failed to load, or an API without roles, allows it: the
 * API still decides.
 */
export function useRoleAllows(action: AccountAction): boolean | undefined {
  const profile = useProfile();
  if (profile.isPending) return undefined;
  return can(profile.data?.role, action);
}
