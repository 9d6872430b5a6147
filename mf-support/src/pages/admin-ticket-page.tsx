import type { AdminTicket } from "@contracts/support.ts";
import { supportCategoryLabels } from "@contracts/support.ts";
import { Link, useParams } from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  formatDateTime,
  formatEur,
  Page,
  PageHeader,
} from "@hosting-portal/shared-ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  adminKeys,
  getCanned,
  getStaff,
  getStaffTicket,
  staffAssign,
  staffClose,
  staffNote,
  staffReply,
} from "../features/tickets/api";
import { Conversation } from "../features/tickets/conversation";
import { TicketStatus } from "../features/tickets/status";

const duration = (seconds: number | null) => {
  if (seconds === null) return "—";
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
};

/** /admin/support/:id: a ticket with internal notes, the customer beside it, and staff actions. */
export default function AdminTicketPage() {
  const id = useParams().id ?? "";
  const client = useQueryClient();
  const ticket = useQuery({
    queryKey: adminKeys.one(id),
    queryFn: ({ signal }) => getStaffTicket(id, signal),
  });
  const canned = useQuery({
    queryKey: adminKeys.canned,
    queryFn: ({ signal }) => getCanned(signal),
  });
  const staff = useQuery({ queryKey: adminKeys.staff, queryFn: ({ signal }) => getStaff(signal) });
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const apply = async (t: AdminTicket) => {
    client.setQueryData(adminKeys.one(id), t);
    await client.invalidateQueries({ queryKey: adminKeys.queues });
  };
  const act = useMutation({
    mutationFn: (action: "reply" | "note" | "close") =>
      action === "reply"
        ? staffReply(id, text)
        : action === "note"
          ? staffNote(id, text)
          : staffClose(id),
    onSuccess: async (t, action) => {
      if (action !== "close") setText("");
      setError(null);
      await apply(t);
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : "Failed"),
  });
  const assign = useMutation({
    mutationFn: (assignee: string | null) => staffAssign(id, assignee),
    onSuccess: apply,
  });
  if (ticket.isPending) return <Page>Loading…</Page>;
  if (ticket.isError)
    return (
      <Page>
        <PageHeader title="Ticket not found" />
        <Link to="/admin/support">Back to the queue</Link>
      </Page>
    );
  const t = ticket.data;
  return (
    <Page>
      <PageHeader
        title={t.subject}
        description={`${supportCategoryLabels[t.category]} · ${t.email} · opened ${formatDateTime(t.created_at)}`}
      />
      <p>
        <TicketStatus status={t.status} /> <Link to="/admin/support">Queue</Link>
      </p>
      <div style={{ display: "grid", gridTemplateColumns: "minmax(0,2fr) minmax(0,1fr)", gap: 16 }}>
        <div>
          <Card title="Conversation">
            <Conversation messages={t.messages} staffView />
          </Card>
          <Card title="Answer">
            {canned.data && canned.data.answers.length > 0 && (
              <label style={{ display: "block" }}>
                Canned answer{" "}
                <select
                  value=""
                  onChange={(e) => {
                    const a = canned.data.answers.find((x) => x.id === e.target.value);
                    if (a) setText(a.body);
                  }}
                >
                  <option value="">Choose…</option>
                  {canned.data.answers.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label style={{ display: "block" }}>
              Message
              <textarea
                name="staff-message"
                rows={6}
                style={{ display: "block", width: "100%" }}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </label>
            {error && <p role="alert">{error}</p>}
            <Button onPress={() => act.mutate("reply")} isDisabled={act.isPending || !text.trim()}>
              Reply to customer
            </Button>{" "}
            <Button
              variant="secondary"
              onPress={() => act.mutate("note")}
              isDisabled={act.isPending || !text.trim()}
            >
              Add internal note
            </Button>{" "}
            {t.status !== "closed" && (
              <Button
                variant="secondary"
                onPress={() => act.mutate("close")}
                isDisabled={act.isPending}
              >
                Close ticket
              </Button>
            )}
          </Card>
        </div>
        <div>
          <Card title="Ticket">
            <label>
              Assignee{" "}
              <select
                value={t.assignee_id ?? ""}
                onChange={(e) => assign.mutate(e.target.value || null)}
              >
                <option value="">Unassigned</option>
                {staff.data?.staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.username}
                  </option>
                ))}
              </select>
            </label>
            <dl>
              <dt>Time to first answer</dt>
              <dd>{duration(t.first_answer_seconds)}</dd>
              <dt>Time to close</dt>
              <dd>{duration(t.close_seconds)}</dd>
            </dl>
          </Card>
          <Card title="Customer">
            <p>
              {t.username} ({t.email})
            </p>
            <p>Balance: {formatEur(t.customer.credits)}</p>
            <h3>Services</h3>
            <ul>
              {t.customer.services.map((s) => (
                <li key={s.id}>
                  {s.service_type.toUpperCase()} {s.id.slice(0, 8)} · {s.service_status}
                </li>
              ))}
            </ul>
            <h3>Orders</h3>
            <ul>
              {t.customer.orders.map((o) => (
                <li key={o.id}>
                  {o.product_name} · {o.status} · expires {formatDateTime(o.expire_date)}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </Page>
  );
}
