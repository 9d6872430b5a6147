import type { SupportStatus } from "@contracts/support.ts";
import { Badge, type BadgeTone } from "@hosting-portal/shared-ui";
import { useT } from "../../i18n";

const tones: Record<SupportStatus, BadgeTone> = {
  open: "info",
  waiting_customer: "warning",
  waiting_staff: "info",
  closed: "neutral",
};

/** A ticket's state as staff read it ("Waiting for customer"), in the page's language. */
export function TicketStatus({ status }: { status: SupportStatus }) {
  const t = useT();
  return <Badge tone={tones[status]}>{t(`staff.status.${status}`)}</Badge>;
}

/** The same state on the customer's pages, from the customer's side ("Waiting for your reply"). */
export function CustomerTicketStatus({ status }: { status: SupportStatus }) {
  const t = useT();
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
