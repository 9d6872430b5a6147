import { Link, useParams } from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  Page,
  PageHeader,
  Skeleton,
  TextField,
  useCan,
} from "@hosting-portal/shared-ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  closeTicket,
  getMyTicket,
  mineKeys,
  replyTicket,
  uploadAttachment,
} from "../features/tickets/api";
import { Conversation } from "../features/tickets/conversation";
import { CustomerTicketStatus } from "../features/tickets/status";
import { messages, useT } from "../i18n";
import * as styles from "./support.css";

/**
 * /support/:id: one of the caller's tickets. Its query sits under `support.mine`, so a staff
 * reply arrives live: the shell's event stream rereads it on the `support` topic. A read-only
 * member reads it without the reply form (the API refuses replies and closing from that role).
 */
export default function TicketPage() {
  const tr = useT();
  const mayWrite = useCan("support");
  const id = useParams().id ?? "";
  const client = useQueryClient();
  const ticket = useQuery({
    queryKey: mineKeys.one(id),
    queryFn: ({ signal }) => getMyTicket(id, signal),
  });
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const done = async () => {
    await client.invalidateQueries({ queryKey: mineKeys.list });
  };
  const reply = useMutation({
    mutationFn: async () => {
      const ids = [];
      for (const f of files) ids.push((await uploadAttachment(f)).id);
      return replyTicket(id, message, ids);
    },
    onSuccess: async (t) => {
      client.setQueryData(mineKeys.one(id), t);
      setMessage("");
      setFiles([]);
      await done();
    },
    onError: (err) =>
      setError(err instanceof ApiError ? err.message : messages.t("ticket.notSent")),
  });
  const close = useMutation({
    mutationFn: () => closeTicket(id),
    onSuccess: async (t) => {
      client.setQueryData(mineKeys.one(id), t);
      await done();
    },
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
        <Link to="/support">{tr("ticket.back")}</Link>
      </Page>
    );
  const t = ticket.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (message.trim()) reply.mutate();
  };
  return (
    <Page>
      <PageHeader title={t.subject} description={tr(`category.${t.category}`)} />
      <p className={styles.status}>
        <CustomerTicketStatus status={t.status} /> <Link to="/support">{tr("ticket.all")}</Link>
      </p>
      <Card title={tr("ticket.conversation")}>
        <Conversation messages={t.messages} />
      </Card>
      {t.status !== "closed" && mayWrite === false && <p role="note">{tr("roleCannotWrite")}</p>}
      {t.status !== "closed" && mayWrite && (
        <Card title={tr("ticket.reply")}>
          <form onSubmit={submit} aria-label={tr("ticket.reply")} className={styles.form}>
            <TextField
              label={tr("ticket.yourReply")}
              name="reply"
              multiline
              rows={5}
              value={message}
              onChange={setMessage}
            />
            <label className={styles.files}>
              {tr("attachments")}
              <input
                type="file"
                multiple
                accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain"
                onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              />
            </label>
            {error && (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <div className={styles.actions}>
              <Button type="submit" isPending={reply.isPending}>
                {tr("ticket.send")}
              </Button>
              <Button
                variant="secondary"
                onPress={() => close.mutate()}
                isDisabled={close.isPending}
              >
                {tr("ticket.close")}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </Page>
  );
}
