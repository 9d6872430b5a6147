import { renderMail } from "./layout.ts";
import type { ServiceLine } from "./lifecycle.ts";
import { type MailTemplate, mailDate } from "./receipts.ts";

interface Customer {
  username: string;
  email: string;
}

function mail(subject: string, paragraphs: string[], adminUrl: string): MailTemplate {
  return {
    subject,
    ...renderMail({
      title: subject,
      paragraphs,
      action: { label: "Open Manage Orders", url: adminUrl },
    }),
  };
}

/** A dedicated server's purchase waits for staff to set the server up. */
export function newOrderNeedsServer(
  o: Customer & {
    orderId: string;
    productName: string;
    productType: string;
    createdAt: Date | string;
    adminUrl: string;
  },
): MailTemplate {
  return mail(
    `New order waiting for a server: ${o.productName}`,
    [
      `${o.username} (${o.email}) ordered ${o.productName} (${o.productType === "vps" ? "VPS" : "dedicated"}) on ${mailDate(o.createdAt)}.`,
      `Order ${o.orderId} has no server yet: set it up, then enter its address with Complete setup on Manage Services.`,
    ],
    o.adminUrl,
  );
}

export function servicesSuspendedStaff(
  o: Customer & {
    orderId: string;
    productName: string;
    services: (ServiceLine & { reseller_id: number })[];
    adminUrl: string;
  },
): MailTemplate {
  return mail(
    `Services suspended: order ${o.orderId.slice(0, 8)} expired`,
    [
      `The order ${o.orderId} of ${o.username} (${o.email}) for ${o.productName} expired.`,
      `Suspended: ${o.services
        .map(
          (s) =>
            `${s.service_type.toUpperCase()}-${s.id.slice(0, 8)} (${s.ipv4}, reseller id ${s.reseller_id})`,
        )
        .join(", ")}.`,
    ],
    o.adminUrl,
  );
}
