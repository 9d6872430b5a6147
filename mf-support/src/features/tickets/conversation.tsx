import type { TicketMessage } from "@contracts/support.ts";
import { Button, downloadFile, formatDateTime } from "@hosting-portal/shared-ui";
import * as styles from "./conversation.css";

const kind = (m: TicketMessage) =>
  m.internal
    ? "internal"
    : m.author === "staff"
      ? "staff"
      : m.author === "system"
        ? "system"
        : "customer";

const who = (m: TicketMessage, staffView: boolean) => {
  if (m.internal) return `Internal note${m.author_name ? ` by ${m.author_name}` : ""}`;
  if (m.author === "system") return "Portal";
  if (m.author === "staff")
    return staffView && m.author_name ? `Support (${m.author_name})` : "Support";
  return staffView ? "Customer" : "You";
};

/**
 * The messages of a ticket, oldest first. Bodies are plain text rendered as React text (escaped,
 * line breaks kept by CSS): never as HTML, whoever wrote them.
 */
export function Conversation({
  messages,
  staffView = false,
}: {
  messages: TicketMessage[];
  staffView?: boolean;
}) {
  const base = staffView ? "/api/admin/support/attachments" : "/api/support/attachments";
  return (
    <ol aria-label="Conversation" className={styles.list}>
      {messages.map((m) => (
        <li
          key={m.id}
          className={styles.bubble[kind(m)]}
          data-internal={m.internal ? "true" : undefined}
        >
          <div className={styles.meta}>
            <strong>{who(m, staffView)}</strong> · {formatDateTime(m.created_at)}
          </div>
          <p className={styles.body}>{m.body}</p>
          {m.attachments.length > 0 && (
            <ul aria-label="Attachments" className={styles.files}>
              {m.attachments.map((a) => (
                <li key={a.id}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onPress={() =>
                      void downloadFile(`${base}/${a.id}`, a.file_name, a.content_type)
                    }
                  >
                    {a.file_name}
                  </Button>{" "}
                  ({Math.ceil(a.size_bytes / 1024)} KB)
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
