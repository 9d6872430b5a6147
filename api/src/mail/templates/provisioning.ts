import { renderMail } from "./layout.ts";
import { eur, type MailTemplate, mailDate } from "./receipts.ts";

/** Mails of a server's life at the provider: ready, not made, about to be deleted, deleted. */

function mail(
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailTemplate {
  return { subject, ...renderMail({ title: subject, paragraphs, action }) };
}

const short = (id: string) => id.slice(0, 8);

/** The root password is never mailed: the service page shows it once. */
export function serverReady(s: {
  productName: string;
  serviceId: string;
  ipv4: string;
  url: string;
  passwordWaiting: boolean;
}): MailTemplate {
  return mail(
    `Your server is ready: ${s.productName}`,
    [
      `Your ${s.productName} (VPS-${short(s.serviceId)}) is running at ${s.ipv4}.`,
      s.passwordWaiting
        ? "Its root password is waiting on the service page, shown once: open it, store the password safely, then sign in as root."
        : "Set its root password on the service page with Change Password.",
    ],
    { label: "Open your server", url: s.url },
  );
}

export function provisioningFailed(o: {
  productName: string;
  orderId: string;
  refunded: string;
  reason: string;
}): { customer: MailTemplate; staff: (adminUrl: string) => MailTemplate } {
  return {
    customer: mail(`We could not set up your server: ${o.productName}`, [
      `Your order ${o.productName} (order ${short(o.orderId)}) could not be set up at our provider, so it was cancelled.`,
      o.refunded === "0.00"
        ? "Nothing was charged for it."
        : `${eur(o.refunded)} went back to your balance; the credit note is with your transactions.`,
      "Our staff have been told. You can order again at any time.",
    ]),
    staff: (adminUrl) =>
      mail(
        `Provisioning failed: ${o.productName}`,
        [
          `Order ${o.orderId} was cancelled and ${eur(o.refunded)} refunded to the customer's balance.`,
          `Reason: ${o.reason}`,
          "Retry it from Manage Services (filter: provisioning failed) once the cause is fixed.",
        ],
        { label: "Open Manage Services", url: adminUrl },
      ),
  };
}

export function terminationWarning(s: {
  productName: string;
  serviceId: string;
  deleteOn: Date;
  url: string;
}): MailTemplate {
  return mail(
    `Your suspended server will be deleted on ${mailDate(s.deleteOn)}`,
    [
      `Your ${s.productName} (VPS-${short(s.serviceId)}) has been suspended since its order expired.`,
      `On ${mailDate(s.deleteOn)} the server and all its data will be deleted for good. Renew the order before then to keep it.`,
    ],
    { label: "Open your orders", url: s.url },
  );
}

export function serverTerminated(s: { productName: string; serviceId: string }): MailTemplate {
  return mail(`Your server was deleted: ${s.productName}`, [
    `Your ${s.productName} (VPS-${short(s.serviceId)}) stayed suspended past its deletion date, so the server and its data were deleted.`,
    "It stays in your service history. Order a new server at any time.",
  ]);
}

export function driftFound(d: {
  unknownServers: number[];
  missingServers: { vmId: number; serviceId: string | null }[];
  adminUrl: string;
}): MailTemplate {
  return mail(
    "The provider and the portal disagree about servers",
    [
      ...(d.unknownServers.length
        ? [
            `Servers at the provider that no service knows: ${d.unknownServers.join(", ")}. They may be costing money.`,
          ]
        : []),
      ...(d.missingServers.length
        ? [
            `Services whose server is gone at the provider: ${d.missingServers
              .map((m) => `${m.vmId} (service ${m.serviceId ? short(m.serviceId) : "?"})`)
              .join(", ")}.`,
          ]
        : []),
      "Nothing was deleted or changed automatically. Check each one on the Provider page.",
    ],
    { label: "Open the Provider page", url: d.adminUrl },
  );
}
