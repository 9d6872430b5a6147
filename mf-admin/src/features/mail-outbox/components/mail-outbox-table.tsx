import type { MailOutboxEntry, MailState } from "@contracts/mail-outbox.ts";
import {
  Badge,
  type BadgeTone,
  Cell,
  Column,
  formatDateTime,
  Row,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import * as styles from "../../../lib/admin.css";

const tones: Record<MailState, BadgeTone> = {
  queued: "neutral",
  sending: "neutral",
  sent: "success",
  failed: "danger",
};

export function MailOutboxTable({ mails }: { mails: MailOutboxEntry[] }) {
  return (
    <Table aria-label="Mail outbox">
      <TableHeader>
        <Column isRowHeader>Queued</Column>
        <Column>To</Column>
        <Column>Kind</Column>
        <Column>Subject</Column>
        <Column>State</Column>
        <Column>Attempts</Column>
        <Column>Sent / next attempt</Column>
        <Column>Last error</Column>
      </TableHeader>
      <TableBody items={mails} dependencies={[]} emptyText="No mails yet.">
        {(m) => (
          <Row id={m.id}>
            <Cell>
              <span className={`${styles.muted} ${styles.date}`}>
                {formatDateTime(m.created_at)}
              </span>
            </Cell>
            <Cell>{m.to_address}</Cell>
            <Cell>
              <span className={styles.mono}>{m.kind}</span>
            </Cell>
            <Cell>{m.subject}</Cell>
            <Cell>
              <Badge tone={tones[m.state]}>{m.state}</Badge>
            </Cell>
            <Cell>{m.attempts}</Cell>
            <Cell>
              <span className={`${styles.muted} ${styles.date}`}>
                {m.sent_at
                  ? formatDateTime(m.sent_at)
                  : m.state === "queued"
                    ? formatDateTime(m.next_attempt_at)
                    : "—"}
              </span>
            </Cell>
            <Cell>{m.last_error ?? "—"}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
