import type { Service } from "@contracts/services.ts";
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
  Cell,
  Column,
  EmptyState,
  formatDateTime,
  Page,
  PageHeader,
  Row,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
  TextField,
  toast,
  useMyServices,
} from "@hosting-portal/shared-ui";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { getMyTickets, mineKeys, openTicket, uploadAttachment } from "../features/tickets/api";
import { TicketStatus } from "../features/tickets/status";
import * as styles from "./support.css";

/** How a service is named in the "About" choice: its type and address. */
const serviceLabel = (s: Service) =>
  `${s.service_type === "vps" ? "VPS" : "Dedicated server"} ${s.ipv4 ?? s.id.slice(0, 8)}`;

function NewTicketForm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const services = useMyServices();
  const [subject, setSubject] = useState("");
  const [category, setCategory] = useState<SupportCategory>("technical");
  const [serviceId, setServiceId] = useState("");
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const create = useMutation({
    mutationFn: async () => {
      const body = { subject, category, message, service_id: serviceId || null };
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
      toast.error(
        "Could not open the ticket",
        err instanceof ApiError || err instanceof Error ? err.message : "Please try again.",
      ),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Card title="New ticket" as="section">
      <form onSubmit={submit} aria-label="New ticket" className={styles.form}>
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          onChange={setSubject}
          isRequired
        />
        <Select
          label="Category"
          name="category"
          value={category}
          onValueChange={(value) => setCategory(value as SupportCategory)}
        >
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {supportCategoryLabels[c]}
            </option>
          ))}
        </Select>
        <Select
          label="About"
          name="service_id"
          value={serviceId}
          onValueChange={setServiceId}
          description="Staff see the service's details beside your ticket."
        >
          <option value="">No service in particular</option>
          {(services.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {serviceLabel(s)}
            </option>
          ))}
        </Select>
        <TextField
          label="Message"
          name="message"
          multiline
          rows={6}
          value={message}
          onChange={setMessage}
          isRequired
        />
        <label className={styles.files}>
          Attachments (images, PDF or text, up to 5 MB each)
          <input
            type="file"
            name="attachments"
            multiple
            accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain"
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </label>
        <div>
          <Button type="submit" isPending={create.isPending}>
            Open ticket
          </Button>
        </div>
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
      <Card title="Your tickets" as="section">
        {tickets.isPending ? (
          <Skeleton height="96px" />
        ) : tickets.isError ? (
          <EmptyState
            title="Your tickets could not be loaded"
            description="Please try again."
            action={
              <Button size="sm" variant="secondary" onPress={() => tickets.refetch()}>
                Retry
              </Button>
            }
          />
        ) : tickets.data.length === 0 ? (
          <EmptyState
            title="No tickets yet"
            description="Open a ticket below when you need help."
          />
        ) : (
          <Table aria-label="Tickets">
            <TableHeader>
              <Column isRowHeader>Subject</Column>
              <Column>Status</Column>
              <Column>Last reply</Column>
            </TableHeader>
            <TableBody items={tickets.data} dependencies={[]}>
              {(t) => (
                <Row id={t.id}>
                  <Cell>
                    <Link to={`/support/${t.id}`}>{t.subject}</Link>
                  </Cell>
                  <Cell>
                    <TicketStatus status={t.status} />
                  </Cell>
                  <Cell>{formatDateTime(t.last_reply_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
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
