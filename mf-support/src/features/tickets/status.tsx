import { type SupportStatus, supportStatusLabels } from "@contracts/support.ts";
import { Badge, type BadgeTone } from "@hosting-portal/shared-ui";

const tones: Record<SupportStatus, BadgeTone> = {
  open: "info",
  waiting_customer: "warning",
  waiting_staff: "info",
  closed: "neutral",
};

export function TicketStatus({ status }: { status: SupportStatus }) {
  return <Badge tone={tones[status]}>{supportStatusLabels[status]}</Badge>;
}
