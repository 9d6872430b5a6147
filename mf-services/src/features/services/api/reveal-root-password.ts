import { RootPassword } from "@contracts/services.ts";
import { api } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";

/**
 * POST /api/services/:id/root-password → the root password the provider set, answered once:
 * afterwards 404 `not_found` (serviceMessages.noRootPassword). A POST, not a GET, because
 * reading it changes the server's state (it forgets the password).
 */
export const revealRootPassword = (id: string) =>
  api.post(`/api/services/${encodeURIComponent(id)}/root-password`, {}, RootPassword);

/**
 * The answer lives in this mutation's state only while the panel showing it is mounted:
 * `gcTime: 0` drops it from the shared mutation cache as soon as no component observes it
 * (the default would keep a root password in page memory for five more minutes).
 */
export const useRevealRootPassword = () =>
  useMutation({ mutationFn: revealRootPassword, gcTime: 0 });
