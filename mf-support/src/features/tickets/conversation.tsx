import type { TicketMessage } from "@contracts/support.ts";
import { Button, downloadFile, formatDateTime, formatNumber } from "@hosting-portal/shared-ui";
import { useT } from "../../i18n";
import * as styles from "./conversation.css";

const kind = (m: TicketMessage) =>
  m.internal
    ? "internal"
    : m.author === "staff"
      ? "staff"
      : m.author === "system"
        ? "system"
        : "customer";

/** Who wrote a message, as staff read it (the staff pages stay English). */
const who = (m: TicketMessage) => {
  if (m.internal) return `Internal note${m.author_name ? ` by ${m.author_name}` : ""}`;
  if (m.author === "system") return "Portal";
  if (m.author === "staff") return m.author_name ? `Support (${m.author_name})` : "Support";
  return "Customer";
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
  const t = useT();
  const base = staffView ? "/api/admin/support/attachments" : "/api/support/attachments";
  // The customer sees no internal notes (the API leaves them out) and no staff names.
  const author = (m: TicketMessage) =>
    staffView
      ? who(m)
      : t(
          m.author === "system"
            ? "conv.portal"
            : m.author === "staff"
              ? "conv.support"
              : "conv.you",
        );
  return (
    <ol aria-label={staffView ? "Conversation" : t("conv.label")} className={styles.list}>
      {messages.map((m) => (
        <li
          key={m.id}
          className={styles.bubble[kind(m)]}
          data-internal={m.internal ? "true" : undefined}
        >
          <div className={styles.meta}>
            <strong>{author(m)}</strong> · {formatDateTime(m.created_at)}
          </div>
          <p className={styles.body}>{m.body}</p>
          {m.attachments.length > 0 && (
            <ul
              aria-label={staffView ? "Attachments" : t("conv.attachments")}
              className={styles.files}
            >
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
                  {staffView
                    ? `(${Math.ceil(a.size_bytes / 1024)} KB)`
                    : t("conv.size", { size: formatNumber(Math.ceil(a.size_bytes / 1024)) })}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
