import { SUPPORT_CATEGORIES, SUPPORT_STATUSES } from "@contracts/support.ts";
import { Link } from "@hosting-portal/router";
import {
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
} from "@hosting-portal/shared-ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminKeys, getQueue, getStaff } from "../features/tickets/api";
import { TicketStatus } from "../features/tickets/status";
import { useT } from "../i18n";
import * as styles from "./support.css";

/** /admin/support: the staff queue, newest activity first, filtered and searched by the API. */
export default function AdminQueuePage() {
  const t = useT();
  const [filters, setFilters] = useState({ status: "", category: "", assignee: "", q: "" });
  const [search, setSearch] = useState("");
  const staff = useQuery({ queryKey: adminKeys.staff, queryFn: ({ signal }) => getStaff(signal) });
  const queue = useInfiniteQuery({
    queryKey: adminKeys.queue(filters),
    queryFn: ({ pageParam, signal }) => getQueue(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((p) => p.tickets),
  });
  const set = (key: keyof typeof filters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value }));
  return (
    <Page>
      <PageHeader title={t("staff.queue.title")} description={t("staff.queue.description")} />
      <Card as="section">
        <form
          aria-label={t("staff.filters")}
          onSubmit={(e) => {
            e.preventDefault();
            setFilters((f) => ({ ...f, q: search.trim() }));
          }}
          className={styles.filters}
        >
          <Select label={t("list.status")} value={filters.status} onValueChange={set("status")}>
            <option value="">{t("staff.all")}</option>
            {SUPPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`staff.status.${s}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t("new.category")}
            value={filters.category}
            onValueChange={set("category")}
          >
            <option value="">{t("staff.all")}</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t("staff.assignee")}
            value={filters.assignee}
            onValueChange={set("assignee")}
          >
            <option value="">{t("staff.anyone")}</option>
            <option value="none">{t("staff.unassigned")}</option>
            {staff.data?.staff.map((s) => (
              <option key={s.id} value={s.id} translate="no">
                {s.username}
              </option>
            ))}
          </Select>
          <TextField label={t("staff.search")} type="search" value={search} onChange={setSearch} />
          <div>
            <Button type="submit" variant="secondary">
              {t("staff.searchSubmit")}
            </Button>
          </div>
        </form>
      </Card>
      <Card as="section" title={t("staff.tickets")}>
        {queue.isPending ? (
          <Skeleton height="160px" />
        ) : queue.isError ? (
          <EmptyState
            title={t("staff.queue.loadFailed")}
            description={t("tryAgain")}
            action={
              <Button size="sm" variant="secondary" onPress={() => queue.refetch()}>
                {t("list.retry")}
              </Button>
            }
          />
        ) : queue.data.length === 0 ? (
          <EmptyState title={t("staff.queue.empty")} description={t("staff.queue.emptyHint")} />
        ) : (
          <Table aria-label={t("staff.queue.label")}>
            <TableHeader>
              <Column isRowHeader>{t("list.subject")}</Column>
              <Column>{t("staff.customer")}</Column>
              <Column>{t("new.category")}</Column>
              <Column>{t("list.status")}</Column>
              <Column>{t("staff.assignee")}</Column>
              <Column>{t("staff.lastActivity")}</Column>
            </TableHeader>
            <TableBody items={queue.data} dependencies={[t]}>
              {(ticket) => (
                <Row id={ticket.id}>
                  <Cell>
                    <Link to={`/admin/support/${ticket.id}`} translate="no">
                      {ticket.subject}
                    </Link>
                  </Cell>
                  <Cell>
                    <span translate="no">{ticket.email}</span>
                  </Cell>
                  <Cell>{t(`category.${ticket.category}`)}</Cell>
                  <Cell>
                    <TicketStatus status={ticket.status} />
                  </Cell>
                  <Cell>
                    <span translate="no">{ticket.assignee_name ?? "—"}</span>
                  </Cell>
                  <Cell>{formatDateTime(ticket.last_activity_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {queue.hasNextPage && (
          <Button variant="secondary" onPress={() => void queue.fetchNextPage()}>
            {t("list.loadMore")}
          </Button>
        )}
      </Card>
    </Page>
  );
}
