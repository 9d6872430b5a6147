import {
  AdminTicket,
  AdminTicketList,
  Attachment,
  CannedAnswerList,
  type NewTicketBody,
  StaffList,
  Ticket,
  TicketList,
} from "@contracts/support.ts";
import { ApiError, api, queryKeys, session } from "@hosting-portal/shared-ui";

/** Calls of the support routes. The caller's keys sit under `support.mine`, which the live `support` topic rereads. */
export const mineKeys = {
  list: [...queryKeys.support.mine, "list"] as const,
  one: (id: string) => [...queryKeys.support.mine, "ticket", id] as const,
};
export const adminKeys = {
  /** Prefix of every filtered queue page: what a staff action invalidates. */
  queues: [...queryKeys.support.admin, "queue"] as const,
  queue: (filters: Record<string, string>) =>
    [...queryKeys.support.admin, "queue", filters] as const,
  one: (id: string) => [...queryKeys.support.admin, "ticket", id] as const,
  canned: [...queryKeys.support.admin, "canned"] as const,
  staff: [...queryKeys.support.admin, "staff"] as const,
};

export const getMyTickets = (cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: "50" });
  if (cursor) params.set("cursor", cursor);
  return api.get(`/api/support/tickets?${params}`, TicketList, { signal });
};
export const getMyTicket = (id: string, signal?: AbortSignal) =>
  api.get(`/api/support/tickets/${encodeURIComponent(id)}`, Ticket, { signal });
export const openTicket = (body: NewTicketBody) => api.post("/api/support/tickets", body, Ticket);
export const replyTicket = (id: string, message: string, attachment_ids: string[]) =>
  api.post(
    `/api/support/tickets/${encodeURIComponent(id)}/replies`,
    { message, attachment_ids },
    Ticket,
  );
export const closeTicket = (id: string) =>
  api.post(`/api/support/tickets/${encodeURIComponent(id)}/close`, undefined, Ticket);

/**
 * POST /api/support/attachments: the body is the file itself (the API client only sends JSON), with
 * the session's bearer token; the API decides the type from the content.
 */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const send = (token: string | null) =>
    fetch(`/api/support/attachments?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/octet-stream",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    });
  let res = await send(await session.getAccessToken());
  if (res.status === 401) res = await send((await session.refresh())?.access_token ?? null);
  if (!res.ok) throw await ApiError.fromResponse(res);
  return Attachment.parse(await res.json());
}

export const getQueue = (
  filters: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ limit: "50" });
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  if (cursor) params.set("cursor", cursor);
  return api.get(`/api/admin/support/tickets?${params}`, AdminTicketList, { signal });
};
export const getStaffTicket = (id: string, signal?: AbortSignal) =>
  api.get(`/api/admin/support/tickets/${encodeURIComponent(id)}`, AdminTicket, { signal });
const staffPath = (id: string, what: string) =>
  `/api/admin/support/tickets/${encodeURIComponent(id)}/${what}`;
export const staffReply = (id: string, message: string) =>
  api.post(staffPath(id, "replies"), { message }, AdminTicket);
export const staffNote = (id: string, message: string) =>
  api.post(staffPath(id, "notes"), { message }, AdminTicket);
export const staffClose = (id: string) => api.post(staffPath(id, "close"), undefined, AdminTicket);
export const staffAssign = (id: string, assignee_id: string | null) =>
  api.put(staffPath(id, "assignee"), { assignee_id }, AdminTicket);
export const getCanned = (signal?: AbortSignal) =>
  api.get("/api/admin/support/canned-answers", CannedAnswerList, { signal });
export const getStaff = (signal?: AbortSignal) =>
  api.get("/api/admin/support/staff", StaffList, { signal });
