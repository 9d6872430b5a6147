import type { TicketMessage } from "@contracts/support.ts";
import { downloadFile, formatDateTime } from "@hosting-portal/shared-ui";

const bubble = (m: TicketMessage) => ({
  border: "1px solid #d1d5db",
  borderRadius: 8,
  padding: "8px 12px",
  margin: "8px 0",
  background: m.internal ? "#fef3c7" : m.author === "staff" ? "#eff6ff" : "transparent",
  color: m.internal ? "#1f2937" : undefined,
});

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
    <ol aria-label="Conversation" style={{ listStyle: "none", padding: 0 }}>
      {messages.map((m) => (
        <li key={m.id} style={bubble(m)} data-internal={m.internal ? "true" : undefined}>
          <div style={{ fontSize: 13, opacity: 0.8 }}>
            <strong>{who(m, staffView)}</strong> · {formatDateTime(m.created_at)}
          </div>
          <p style={{ whiteSpace: "pre-wrap", margin: "6px 0" }}>{m.body}</p>
          {m.attachments.length > 0 && (
            <ul aria-label="Attachments">
              {m.attachments.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    onClick={() =>
                      void downloadFile(`${base}/${a.id}`, a.file_name, a.content_type)
                    }
                  >
                    {a.file_name}
                  </button>{" "}
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
