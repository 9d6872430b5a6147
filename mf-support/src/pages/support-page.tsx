import {
  NewTicketBody,
  SUPPORT_CATEGORIES,
  type SupportCategory,
  supportCategoryLabels,
} from "@contracts/support.ts";
import { Link, useNavigate } from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  EmptyState,
  formatDateTime,
  Page,
  PageHeader,
  TextField,
} from "@hosting-portal/shared-ui";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { getMyTickets, mineKeys, openTicket, uploadAttachment } from "../features/tickets/api";
import { TicketStatus } from "../features/tickets/status";

function NewTicketForm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [subject, setSubject] = useState("");
  const [category, setCategory] = useState<SupportCategory>("technical");
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async () => {
      const body = { subject, category, message };
      const parsed = NewTicketBody.safeParse(body);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid ticket");
      const attachments = [];
      for (const file of files) attachments.push(await uploadAttachment(file));
      return openTicket({ ...body, attachment_ids: attachments.map((a) => a.id) });
    },
    onSuccess: async (ticket) => {
      await client.invalidateQueries({ queryKey: mineKeys.list });
      navigate(`/support/${ticket.id}`);
    },
    onError: (err) =>
      setError(err instanceof ApiError || err instanceof Error ? err.message : "Failed"),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate();
  };
  return (
    <Card title="New ticket">
      <form onSubmit={submit} aria-label="New ticket">
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          onChange={setSubject}
          isRequired
        />
        <label style={{ display: "block", margin: "12px 0" }}>
          Category{" "}
          <select
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value as SupportCategory)}
          >
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {supportCategoryLabels[c]}
              </option>
            ))}
          </select>
        </label>
        <label style={{ display: "block", margin: "12px 0" }}>
          Message
          <textarea
            name="message"
            rows={6}
            style={{ display: "block", width: "100%" }}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            required
          />
        </label>
        <label style={{ display: "block", margin: "12px 0" }}>
          Attachments (images, PDF or text, up to 5 MB each)
          <input
            type="file"
            name="attachments"
            multiple
            accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain"
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </label>
        {error && (
          <p role="alert" style={{ color: "#b91c1c" }}>
            {error}
          </p>
        )}
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? "Sending…" : "Open ticket"}
        </Button>
      </form>
    </Card>
  );
}

/** /support: the caller's tickets, newest activity first, and a form for a new one. */
export default function SupportPage() {
  const tickets = useInfiniteQuery({
    queryKey: mineKeys.list,
    queryFn: ({ pageParam, signal }) => getMyTickets(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.tickets),
  });
  return (
    <Page>
      <PageHeader title="Support" description="Your tickets with our support team." />
      <Card title="Your tickets">
        {tickets.isPending ? (
          <p>Loading…</p>
        ) : tickets.isError ? (
          <p role="alert">Your tickets could not be loaded.</p>
        ) : tickets.data.length === 0 ? (
          <EmptyState
            title="No tickets yet"
            description="Open a ticket below when you need help."
          />
        ) : (
          <table aria-label="Tickets" style={{ width: "100%" }}>
            <thead>
              <tr>
                <th align="left">Subject</th>
                <th align="left">Status</th>
                <th align="left">Last reply</th>
              </tr>
            </thead>
            <tbody>
              {tickets.data.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link to={`/support/${t.id}`}>{t.subject}</Link>
                  </td>
                  <td>
                    <TicketStatus status={t.status} />
                  </td>
                  <td>{formatDateTime(t.last_reply_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {tickets.hasNextPage && (
          <Button variant="secondary" onPress={() => void tickets.fetchNextPage()}>
            Load more
          </Button>
        )}
      </Card>
      <NewTicketForm />
    </Page>
  );
}
