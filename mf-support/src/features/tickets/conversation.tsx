import type { TicketMessage } from "@contracts/support.ts";
import {
  Button,
  contractMessage,
  downloadFile,
  formatDateTime,
  formatNumber,
} from "@hosting-portal/shared-ui";
import { type messages, useT } from "../../i18n";
import * as styles from "./conversation.css";

const kind = (m: TicketMessage) =>
  m.internal
    ? "internal"
    : m.author === "staff"
      ? "staff"
      : m.author === "system"
        ? "system"
        : "customer";

/** Who wrote a message, as staff read it: with the staff member's name and internal notes. */
const who = (m: TicketMessage, t: typeof messages.t) => {
  if (m.internal)
    return m.author_name
      ? t("staff.conv.internalBy", { name: m.author_name })
      : t("staff.conv.internal");
  if (m.author === "system") return t("conv.portal");
  if (m.author === "staff")
    return m.author_name ? t("staff.conv.supportBy", { name: m.author_name }) : t("conv.support");
  return t("staff.conv.customer");
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
      ? who(m, t)
      : t(
          m.author === "system"
            ? "conv.portal"
            : m.author === "staff"
              ? "conv.support"
              : "conv.you",
        );
  return (
    <ol aria-label={t("conv.label")} className={styles.list}>
      {messages.map((m) => (
        <li
          key={m.id}
          className={styles.bubble[kind(m)]}
          data-internal={m.internal ? "true" : undefined}
        >
          <div className={styles.meta}>
            <strong>{author(m)}</strong> · {formatDateTime(m.created_at)}
          </div>
          {/* The portal's own messages are the contracts' English texts, shown in the page's language. */}
          <p className={styles.body}>{m.author === "system" ? contractMessage(m.body) : m.body}</p>
          {m.attachments.length > 0 && (
            <ul aria-label={t("conv.attachments")} className={styles.files}>
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
                  {t("conv.size", { size: formatNumber(Math.ceil(a.size_bytes / 1024)) })}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
