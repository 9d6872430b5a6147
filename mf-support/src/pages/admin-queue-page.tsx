import {
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
  supportCategoryLabels,
  supportStatusLabels,
} from "@contracts/support.ts";
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
import * as styles from "./support.css";

/** /admin/support: the staff queue, newest activity first, filtered and searched by the API. */
export default function AdminQueuePage() {
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
      <PageHeader title="Support queue" description="Customers' tickets, newest activity first." />
      <Card as="section">
        <form
          aria-label="Filters"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters((f) => ({ ...f, q: search.trim() }));
          }}
          className={styles.filters}
        >
          <Select label="Status" value={filters.status} onValueChange={set("status")}>
            <option value="">All</option>
            {SUPPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {supportStatusLabels[s]}
              </option>
            ))}
          </Select>
          <Select label="Category" value={filters.category} onValueChange={set("category")}>
            <option value="">All</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {supportCategoryLabels[c]}
              </option>
            ))}
          </Select>
          <Select label="Assignee" value={filters.assignee} onValueChange={set("assignee")}>
            <option value="">Anyone</option>
            <option value="none">Unassigned</option>
            {staff.data?.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.username}
              </option>
            ))}
          </Select>
          <TextField
            label="Search by subject or customer email"
            type="search"
            value={search}
            onChange={setSearch}
          />
          <div>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </div>
        </form>
      </Card>
      <Card as="section" title="Tickets">
        {queue.isPending ? (
          <Skeleton height="160px" />
        ) : queue.isError ? (
          <EmptyState
            title="The queue could not be loaded"
            description="Please try again."
            action={
              <Button size="sm" variant="secondary" onPress={() => queue.refetch()}>
                Retry
              </Button>
            }
          />
        ) : queue.data.length === 0 ? (
          <EmptyState title="No tickets match" description="Change the filters or the search." />
        ) : (
          <Table aria-label="Support tickets">
            <TableHeader>
              <Column isRowHeader>Subject</Column>
              <Column>Customer</Column>
              <Column>Category</Column>
              <Column>Status</Column>
              <Column>Assignee</Column>
              <Column>Last activity</Column>
            </TableHeader>
            <TableBody items={queue.data} dependencies={[]}>
              {(t) => (
                <Row id={t.id}>
                  <Cell>
                    <Link to={`/admin/support/${t.id}`}>{t.subject}</Link>
                  </Cell>
                  <Cell>{t.email}</Cell>
                  <Cell>{supportCategoryLabels[t.category]}</Cell>
                  <Cell>
                    <TicketStatus status={t.status} />
                  </Cell>
                  <Cell>{t.assignee_name ?? "—"}</Cell>
                  <Cell>{formatDateTime(t.last_activity_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {queue.hasNextPage && (
          <Button variant="secondary" onPress={() => void queue.fetchNextPage()}>
            Load more
          </Button>
        )}
      </Card>
    </Page>
  );
}
