import { useNavigate } from "@hosting-portal/router";
import { queryKeys } from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { reportServiceError } from "../service-errors";

/**
 * The service page's error handling for these actions: the SPEC toast, and back to the dashboard
 * when the service can no longer be opened (someone else's, suspended).
 */
export function useReportServiceError() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (err: unknown) => {
    if (reportServiceError(err).leave) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.services.mine });
      navigate("/dashboard", { replace: true });
    }
  };
}
