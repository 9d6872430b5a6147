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
  Select,
  Skeleton,
  TextField,
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
import * as styles from "./support.css";

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
  if (ticket.isPending)
    return (
      <Page>
        <Skeleton height="240px" />
      </Page>
    );
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
      <p className={styles.status}>
        <TicketStatus status={t.status} /> <Link to="/admin/support">Queue</Link>
      </p>
      <div className={styles.staffColumns}>
        <div className={styles.stack}>
          <Card title="Conversation" as="section">
            <Conversation messages={t.messages} staffView />
          </Card>
          <Card title="Answer" as="section">
            <div className={styles.form}>
              {canned.data && canned.data.answers.length > 0 && (
                <Select
                  label="Canned answer"
                  value=""
                  onValueChange={(value) => {
                    const answer = canned.data.answers.find((x) => x.id === value);
                    if (answer) setText(answer.body);
                  }}
                >
                  <option value="">Choose…</option>
                  {canned.data.answers.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
                </Select>
              )}
              <TextField
                label="Message"
                name="staff-message"
                multiline
                rows={6}
                value={text}
                onChange={setText}
              />
              {error && (
                <p role="alert" className={styles.error}>
                  {error}
                </p>
              )}
              <div className={styles.actions}>
                <Button
                  onPress={() => act.mutate("reply")}
                  isDisabled={act.isPending || !text.trim()}
                >
                  Reply to customer
                </Button>
                <Button
                  variant="secondary"
                  onPress={() => act.mutate("note")}
                  isDisabled={act.isPending || !text.trim()}
                >
                  Add internal note
                </Button>
                {t.status !== "closed" && (
                  <Button
                    variant="secondary"
                    onPress={() => act.mutate("close")}
                    isDisabled={act.isPending}
                  >
                    Close ticket
                  </Button>
                )}
              </div>
            </div>
          </Card>
        </div>
        <div className={styles.stack}>
          <Card title="Ticket" as="section">
            <div className={styles.form}>
              <Select
                label="Assignee"
                value={t.assignee_id ?? ""}
                onValueChange={(value) => assign.mutate(value || null)}
              >
                <option value="">Unassigned</option>
                {staff.data?.staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.username}
                  </option>
                ))}
              </Select>
              <dl className={styles.facts}>
                <dt>Time to first answer</dt>
                <dd>{duration(t.first_answer_seconds)}</dd>
                <dt>Time to close</dt>
                <dd>{duration(t.close_seconds)}</dd>
              </dl>
            </div>
          </Card>
          <Card title="Customer" as="section">
            <dl className={styles.facts}>
              <dt>Name</dt>
              <dd>
                {t.username} ({t.email})
              </dd>
              <dt>Balance</dt>
              <dd>{formatEur(t.customer.credits)}</dd>
            </dl>
            <h3 className={styles.subheading}>Services</h3>
            {t.customer.services.length === 0 ? (
              <p className={styles.muted}>None</p>
            ) : (
              <ul className={styles.plainList}>
                {t.customer.services.map((s) => (
                  <li key={s.id}>
                    {s.service_type.toUpperCase()} {s.id.slice(0, 8)} · {s.service_status}
                  </li>
                ))}
              </ul>
            )}
            <h3 className={styles.subheading}>Orders</h3>
            {t.customer.orders.length === 0 ? (
              <p className={styles.muted}>None</p>
            ) : (
              <ul className={styles.plainList}>
                {t.customer.orders.map((o) => (
                  <li key={o.id}>
                    {o.product_name} · {o.status} · expires {formatDateTime(o.expire_date)}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </Page>
  );
}
