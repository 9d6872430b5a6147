import type { ChangePasswordBody } from "@contracts/auth.ts";
import { api } from "@hosting-portal/shared-ui";
import { useMutation } from "@tanstack/react-query";

/** PUT /api/auth/password → 204; a wrong current password fails with ErrorCode.wrongPassword. */
export const changePassword = (body: ChangePasswordBody) => api.put("/api/auth/password", body);

/**
 * The pattern for writes: the fetcher above plus a hook. Show SPEC §8 toasts from the caller:
 * `onSuccess: () => toast.success("Password changed successfully!")`,
 * `onError: (e) => e instanceof ApiError && e.code === ErrorCode.wrongPassword && toast.error(e.message)`.
 */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
