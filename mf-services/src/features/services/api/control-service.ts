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
 * provider; failures come back as `provider_failed` with 'Failed to {action} service'.
 */
export const controlService = ({ id, action, password }: ControlServiceInput) =>
  api.post(
    `/api/services/${encodeURIComponent(id)}/actions/${action}`,
    action === "reset-password" ? { password } : {},
    ActionResult,
  );

export const useControlService = () => useMutation({ mutationFn: controlService });
