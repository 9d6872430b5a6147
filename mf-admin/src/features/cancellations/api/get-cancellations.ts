import { AdminCancellationList } from "@contracts/plan-changes.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";

/** GET /api/admin/cancellations: the latest 200, newest first, with the customer's reason. */
export const useCancellations = () =>
  useQuery({
    queryKey: [...queryKeys.orders.all, "cancellations"],
    queryFn: ({ signal }) => api.get("/api/admin/cancellations", AdminCancellationList, { signal }),
  });
