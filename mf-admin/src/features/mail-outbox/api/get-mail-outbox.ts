import { MailOutboxList, type MailState } from "@contracts/mail-outbox.ts";
import { api } from "@hosting-portal/shared-ui";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

const PAGE = 50;

export const mailOutboxKey = (state: MailState | null) => ["admin", "mail-outbox", state] as const;

export const getMailOutbox = (
  state: MailState | null,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (state) query.set("state", state);
  if (cursor) query.set("cursor", cursor);
  return api.get(`/api/admin/mail-outbox?${query}`, MailOutboxList, { signal });
};

export const mailOutboxQueryOptions = (state: MailState | null) =>
  infiniteQueryOptions({
    queryKey: mailOutboxKey(state),
    queryFn: ({ pageParam, signal }) => getMailOutbox(state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Delivery states change on their own (the worker): keep the view current while it is open.
    refetchInterval: 10_000,
  });

/** The outbox, newest first, 50 at a time, optionally one state only. */
export const useMailOutbox = (state: MailState | null) =>
  useInfiniteQuery(mailOutboxQueryOptions(state));
