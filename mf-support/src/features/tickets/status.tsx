import { type SupportStatus, supportStatusLabels } from "@contracts/support.ts";
import { Badge, type BadgeTone } from "@hosting-portal/shared-ui";
import { useT } from "../../i18n";

const tones: Record<SupportStatus, BadgeTone> = {
  open: "info",
  waiting_customer: "warning",
  waiting_staff: "info",
  closed: "neutral",
};

/** A ticket's state as staff read it (the staff pages stay English). */
export function TicketStatus({ status }: { status: SupportStatus }) {
  return <Badge tone={tones[status]}>{supportStatusLabels[status]}</Badge>;
}

/** The same state on the customer's pages, in the page's language. */
export function CustomerTicketStatus({ status }: { status: SupportStatus }) {
  const t = useT();
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
