import type { Service } from "@contracts/services.ts";
import { NewTicketBody, SUPPORT_CATEGORIES, type SupportCategory } from "@contracts/support.ts";
import { Link, useNavigate } from "@hosting-portal/router";
import {
  ApiError,
  Button,
  Card,
  Cell,
  Column,
  contractMessage,
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
  useCan,
  useMyServices,
} from "@hosting-portal/shared-ui";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { getMyTickets, mineKeys, openTicket, uploadAttachment } from "../features/tickets/api";
import { CustomerTicketStatus } from "../features/tickets/status";
import { messages, useT } from "../i18n";
import * as styles from "./support.css";

/** How a service is named in the "About" choice: its type and address. */
const serviceLabel = (s: Service, t: typeof messages.t) =>
  t(s.service_type === "vps" ? "new.vps" : "new.dedicated", {
    address: s.ipv4 ?? s.id.slice(0, 8),
  });

function NewTicketForm() {
  const t = useT();
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
      if (!parsed.success) {
        const issue = parsed.error.issues[0]?.message;
        throw new Error(issue ? contractMessage(issue) : messages.t("new.invalid"));
      }
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
        messages.t("new.failed"),
        err instanceof ApiError || err instanceof Error ? err.message : messages.t("tryAgain"),
      ),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Card title={t("new.title")} as="section">
      <form onSubmit={submit} aria-label={t("new.title")} className={styles.form}>
        <TextField
          label={t("new.subject")}
          name="subject"
          value={subject}
          onChange={setSubject}
          isRequired
        />
        <Select
          label={t("new.category")}
          name="category"
          value={category}
          onValueChange={(value) => setCategory(value as SupportCategory)}
        >
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t("new.about")}
          name="service_id"
          value={serviceId}
          onValueChange={setServiceId}
          description={t("new.aboutHint")}
        >
          <option value="">{t("new.noService")}</option>
          {(services.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {serviceLabel(s, t)}
            </option>
          ))}
        </Select>
        <TextField
          label={t("new.message")}
          name="message"
          multiline
          rows={6}
          value={message}
          onChange={setMessage}
          isRequired
        />
        <label className={styles.files}>
          {t("attachments")}
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
            {t("new.submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * /support: the caller's tickets, newest activity first, and a form for a new one. A read-only
 * member reads the account's tickets but may not open one (the API refuses it): no form, a line
 * saying why; nothing in its place while the role is not known yet.
 */
export default function SupportPage() {
  const t = useT();
  const mayWrite = useCan("support");
  const tickets = useInfiniteQuery({
    queryKey: mineKeys.list,
    queryFn: ({ pageParam, signal }) => getMyTickets(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.tickets),
  });
  return (
    <Page>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <Card title={t("list.title")} as="section">
        {tickets.isPending ? (
          <Skeleton height="96px" />
        ) : tickets.isError ? (
          <EmptyState
            title={t("list.loadFailed")}
            description={t("tryAgain")}
            action={
              <Button size="sm" variant="secondary" onPress={() => tickets.refetch()}>
                {t("list.retry")}
              </Button>
            }
          />
        ) : tickets.data.length === 0 ? (
          <EmptyState
            title={t("list.empty")}
            description={mayWrite === false ? undefined : t("list.emptyHint")}
          />
        ) : (
          <Table aria-label={t("list.label")}>
            <TableHeader>
              <Column isRowHeader>{t("list.subject")}</Column>
              <Column>{t("list.status")}</Column>
              <Column>{t("list.lastReply")}</Column>
            </TableHeader>
            <TableBody items={tickets.data} dependencies={[t]}>
              {(ticket) => (
                <Row id={ticket.id}>
                  <Cell>
                    <Link to={`/support/${ticket.id}`} translate="no">
                      {ticket.subject}
                    </Link>
                  </Cell>
                  <Cell>
                    <CustomerTicketStatus status={ticket.status} />
                  </Cell>
                  <Cell>{formatDateTime(ticket.last_reply_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {tickets.hasNextPage && (
          <Button variant="secondary" onPress={() => void tickets.fetchNextPage()}>
            {t("list.loadMore")}
          </Button>
        )}
      </Card>
      {mayWrite && <NewTicketForm />}
      {mayWrite === false && <p role="note">{t("roleCannotWrite")}</p>}
    </Page>
  );
}
