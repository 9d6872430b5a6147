import type { AdminTicket } from "@contracts/support.ts";
import { Link, useParams } from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  formatDateTime,
  formatEur,
  formatNumber,
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
import { messages, useT } from "../i18n";
import * as styles from "./support.css";

/** One decimal in the page's language, without grouping, so English reads as toFixed did. */
const tenths = (value: number) =>
  formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });

const duration = (seconds: number | null, t: typeof messages.t) => {
  if (seconds === null) return "—";
  if (seconds < 3600)
    return t("staff.duration.minutes", {
      minutes: formatNumber(Math.max(1, Math.round(seconds / 60))),
    });
  if (seconds < 86_400) return t("staff.duration.hours", { hours: tenths(seconds / 3600) });
  return t("staff.duration.days", { days: tenths(seconds / 86_400) });
};

/** /admin/support/:id: a ticket with internal notes, the customer beside it, and staff actions. */
export default function AdminTicketPage() {
  const tr = useT();
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
    mutationFn: ({ action, message }: { action: "reply" | "note" | "close"; message: string }) =>
      action === "reply"
        ? staffReply(id, message)
        : action === "note"
          ? staffNote(id, message)
          : staffClose(id),
    onSuccess: async (t, { action, message }) => {
      // Only the text that was sent is cleared: one typed while it was on its way stays.
      if (action !== "close") setText((now) => (now === message ? "" : now));
      setError(null);
      await apply(t);
    },
    onError: (err) =>
      setError(err instanceof ApiError ? err.message : messages.t("staff.ticket.failed")),
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
        <PageHeader title={tr("ticket.notFound")} />
        <Link to="/admin/support">{tr("staff.ticket.backToQueue")}</Link>
      </Page>
    );
  const t = ticket.data;
  return (
    <Page>
      <PageHeader
        title={<span translate="no">{t.subject}</span>}
        description={tr("staff.ticket.description", {
          category: tr(`category.${t.category}`),
          email: t.email,
          date: formatDateTime(t.created_at),
        })}
      />
      <p className={styles.status}>
        <TicketStatus status={t.status} />{" "}
        <Link to="/admin/support">{tr("staff.ticket.queue")}</Link>
      </p>
      <div className={styles.staffColumns}>
        <div className={styles.stack}>
          <Card title={tr("ticket.conversation")} as="section">
            <Conversation messages={t.messages} staffView />
          </Card>
          <Card title={tr("staff.ticket.answer")} as="section">
            <div className={styles.form}>
              {canned.data && canned.data.answers.length > 0 && (
                <Select
                  label={tr("staff.ticket.canned")}
                  value=""
                  onValueChange={(value) => {
                    const answer = canned.data.answers.find((x) => x.id === value);
                    if (answer) setText(answer.body);
                  }}
                >
                  <option value="">{tr("staff.ticket.choose")}</option>
                  {canned.data.answers.map((a) => (
                    <option key={a.id} value={a.id} translate="no">
                      {a.title}
                    </option>
                  ))}
                </Select>
              )}
              <TextField
                label={tr("new.message")}
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
                  onPress={() => act.mutate({ action: "reply", message: text })}
                  isDisabled={act.isPending || !text.trim()}
                >
                  {tr("staff.ticket.reply")}
                </Button>
                <Button
                  variant="secondary"
                  onPress={() => act.mutate({ action: "note", message: text })}
                  isDisabled={act.isPending || !text.trim()}
                >
                  {tr("staff.ticket.note")}
                </Button>
                {t.status !== "closed" && (
                  <Button
                    variant="secondary"
                    onPress={() => act.mutate({ action: "close", message: text })}
                    isDisabled={act.isPending}
                  >
                    {tr("ticket.close")}
                  </Button>
                )}
              </div>
            </div>
          </Card>
        </div>
        <div className={styles.stack}>
          <Card title={tr("staff.ticket.card")} as="section">
            <div className={styles.form}>
              <Select
                label={tr("staff.assignee")}
                value={t.assignee_id ?? ""}
                onValueChange={(value) => assign.mutate(value || null)}
              >
                <option value="">{tr("staff.unassigned")}</option>
                {staff.data?.staff.map((s) => (
                  <option key={s.id} value={s.id} translate="no">
                    {s.username}
                  </option>
                ))}
              </Select>
              <dl className={styles.facts}>
                <dt>{tr("staff.ticket.firstAnswer")}</dt>
                <dd>{duration(t.first_answer_seconds, tr)}</dd>
                <dt>{tr("staff.ticket.toClose")}</dt>
                <dd>{duration(t.close_seconds, tr)}</dd>
              </dl>
            </div>
          </Card>
          <Card title={tr("staff.customer")} as="section">
            <dl className={styles.facts}>
              <dt>{tr("staff.customer.name")}</dt>
              <dd translate="no">
                {t.username} ({t.email})
              </dd>
              <dt>{tr("staff.customer.balance")}</dt>
              <dd>{formatEur(t.customer.credits)}</dd>
            </dl>
            <h3 className={styles.subheading}>{tr("staff.customer.services")}</h3>
            {t.customer.services.length === 0 ? (
              <p className={styles.muted}>{tr("staff.customer.none")}</p>
            ) : (
              <ul className={styles.plainList}>
                {t.customer.services.map((s) => (
                  <li key={s.id}>
                    {tr("staff.customer.service", {
                      type: s.service_type.toUpperCase(),
                      id: s.id.slice(0, 8),
                      status: s.service_status,
                    })}
                  </li>
                ))}
              </ul>
            )}
            <h3 className={styles.subheading}>{tr("staff.customer.orders")}</h3>
            {t.customer.orders.length === 0 ? (
              <p className={styles.muted}>{tr("staff.customer.none")}</p>
            ) : (
              <ul className={styles.plainList}>
                {t.customer.orders.map((o) => (
                  <li key={o.id}>
                    {tr("staff.customer.order", {
                      product: o.product_name,
                      status: o.status,
                      date: formatDateTime(o.expire_date),
                    })}
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
