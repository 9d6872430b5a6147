import { supportCategoryLabels } from "@contracts/support.ts";
import { Link, useParams } from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  Page,
  PageHeader,
  Skeleton,
  TextField,
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
import { TicketStatus } from "../features/tickets/status";
import * as styles from "./support.css";

/**
 * /support/:id: one of the caller's tickets. Its query sits under `support.mine`, so a staff
 * reply arrives live: the shell's event stream rereads it on the `support` topic.
 */
export default function TicketPage() {
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
    onError: (err) => setError(err instanceof ApiError ? err.message : "The reply was not sent"),
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
        <PageHeader title="Ticket not found" />
        <Link to="/support">Back to your tickets</Link>
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
      <PageHeader title={t.subject} description={supportCategoryLabels[t.category]} />
      <p className={styles.status}>
        <TicketStatus status={t.status} /> <Link to="/support">All tickets</Link>
      </p>
      <Card title="Conversation">
        <Conversation messages={t.messages} />
      </Card>
      {t.status !== "closed" && (
        <Card title="Reply">
          <form onSubmit={submit} aria-label="Reply" className={styles.form}>
            <TextField
              label="Your reply"
              name="reply"
              multiline
              rows={5}
              value={message}
              onChange={setMessage}
            />
            <label className={styles.files}>
              Attachments (images, PDF or text, up to 5 MB each)
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
                Send reply
              </Button>
              <Button
                variant="secondary"
                onPress={() => close.mutate()}
                isDisabled={close.isPending}
              >
                Close ticket
              </Button>
            </div>
          </form>
        </Card>
      )}
    </Page>
  );
}
