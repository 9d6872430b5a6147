import type { MailOutboxEntry, MailState } from "@contracts/mail-outbox.ts";
import {
  Badge,
  type BadgeTone,
  Cell,
  Column,
  formatDateTime,
  formatNumber,
  Row,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";

const tones: Record<MailState, BadgeTone> = {
  queued: "neutral",
  sending: "neutral",
  sent: "success",
  failed: "danger",
};

/**
 * The outbox's mails. The address, the mail's kind (a code), its subject (in the recipient's
 * language) and the mail server's last error are the mail's own, so they are not translated.
 */
export function MailOutboxTable({ mails }: { mails: MailOutboxEntry[] }) {
  const t = useT();
  return (
    <Table aria-label={t("outbox.table")}>
      <TableHeader>
        <Column isRowHeader>{t("outbox.col.queued")}</Column>
        <Column>{t("outbox.col.to")}</Column>
        <Column>{t("outbox.col.kind")}</Column>
        <Column>{t("outbox.col.subject")}</Column>
        <Column>{t("outbox.col.state")}</Column>
        <Column>{t("outbox.col.attempts")}</Column>
        <Column>{t("outbox.col.next")}</Column>
        <Column>{t("outbox.col.lastError")}</Column>
      </TableHeader>
      <TableBody items={mails} dependencies={[t]} emptyText={t("outbox.empty")}>
        {(m) => (
          <Row id={m.id}>
            <Cell>
              <span className={`${styles.muted} ${styles.date}`}>
                {formatDateTime(m.created_at)}
              </span>
            </Cell>
            <Cell>
              <span translate="no">{m.to_address}</span>
            </Cell>
            <Cell>
              <span className={styles.mono} translate="no">
                {m.kind}
              </span>
            </Cell>
            <Cell>
              <span translate="no">{m.subject}</span>
            </Cell>
            <Cell>
              <Badge tone={tones[m.state]}>{t(`outbox.state.${m.state}`)}</Badge>
            </Cell>
            <Cell>{formatNumber(m.attempts)}</Cell>
            <Cell>
              <span className={`${styles.muted} ${styles.date}`}>
                {m.sent_at
                  ? formatDateTime(m.sent_at)
                  : m.state === "queued"
                    ? formatDateTime(m.next_attempt_at)
                    : "—"}
              </span>
            </Cell>
            <Cell>
              <span translate="no">{m.last_error ?? "—"}</span>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
