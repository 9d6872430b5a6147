import {
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
  supportCategoryLabels,
  supportStatusLabels,
} from "@contracts/support.ts";
import { Link } from "@hosting-portal/router";
import { Button, Card, formatDateTime, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminKeys, getQueue, getStaff } from "../features/tickets/api";
import { TicketStatus } from "../features/tickets/status";

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
  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }));
  return (
    <Page>
      <PageHeader title="Support queue" description="Customers' tickets, newest activity first." />
      <Card>
        <form
          aria-label="Filters"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters((f) => ({ ...f, q: search.trim() }));
          }}
          style={{ display: "flex", gap: 12, flexWrap: "wrap", alignItems: "end" }}
        >
          <label>
            Status{" "}
            <select value={filters.status} onChange={set("status")}>
              <option value="">All</option>
              {SUPPORT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {supportStatusLabels[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Category{" "}
            <select value={filters.category} onChange={set("category")}>
              <option value="">All</option>
              {SUPPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {supportCategoryLabels[c]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Assignee{" "}
            <select value={filters.assignee} onChange={set("assignee")}>
              <option value="">Anyone</option>
              <option value="none">Unassigned</option>
              {staff.data?.staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.username}
                </option>
              ))}
            </select>
          </label>
          <label>
            Search{" "}
            <input
              type="search"
              aria-label="Search by subject or customer email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </Card>
      <Card>
        {queue.isPending ? (
          <p>Loading…</p>
        ) : queue.isError ? (
          <p role="alert">The queue could not be loaded.</p>
        ) : queue.data.length === 0 ? (
          <p>No tickets match.</p>
        ) : (
          <table aria-label="Support tickets" style={{ width: "100%" }}>
            <thead>
              <tr>
                <th align="left">Subject</th>
                <th align="left">Customer</th>
                <th align="left">Category</th>
                <th align="left">Status</th>
                <th align="left">Assignee</th>
                <th align="left">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link to={`/admin/support/${t.id}`}>{t.subject}</Link>
                  </td>
                  <td>{t.email}</td>
                  <td>{supportCategoryLabels[t.category]}</td>
                  <td>
                    <TicketStatus status={t.status} />
                  </td>
                  <td>{t.assignee_name ?? "—"}</td>
                  <td>{formatDateTime(t.last_activity_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
