import { AdminCancellationList } from "@contracts/plan-changes.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";

/** Under `orders.all`: a cancellation or its undo changes an order, and this list with it. */
const cancellationsKey = [...queryKeys.orders.all, "cancellations"] as const;

/** GET /api/admin/cancellations: the latest 200, newest first, with the customer's reason. */
export const useCancellations = () =>
  useQuery({
    queryKey: cancellationsKey,
    queryFn: ({ signal }) => api.get("/api/admin/cancellations", AdminCancellationList, { signal }),
  });
