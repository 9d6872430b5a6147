import { ActionResult, type ServiceAction } from "@contracts/services.ts";
import { api } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";

export interface ControlServiceInput {
  id: string;
  action: ServiceAction;
  /** Only for "reset-password": the new root password, sent once and never stored here. */
  password?: string;
}

/**
 * POST /api/services/:id/actions/{start|stop|restart|reset-password}. The API talks to the
 * provider; failures come back as `provider_failed` with 'Failed to {action} service'. A
 * password reset answers `password` when the provider chose another one than the one sent.
 */
export const controlService = ({ id, action, password }: ControlServiceInput) =>
  api.post(
    `/api/services/${encodeURIComponent(id)}/actions/${action}`,
    action === "reset-password" ? { password } : {},
    ActionResult,
  );

/**
 * `gcTime: 0`: a finished mutation keeps its variables (the new root password) and its answer
 * (the provider's password, when it chose another) in the shared mutation cache for five
 * minutes by default; this drops them once the controls no longer observe it.
 */
export const useControlService = () => useMutation({ mutationFn: controlService, gcTime: 0 });
