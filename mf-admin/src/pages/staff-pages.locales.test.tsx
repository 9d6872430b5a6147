import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type {
  AdminOrder,
  AdminProduct,
  AdminService,
  AdminUser,
  AuditEntry,
  DriftReport,
  ProviderJobList,
} from "@contracts/admin.ts";
import type { AdminInvoice } from "@contracts/invoices.ts";
import type { MailOutboxEntry } from "@contracts/mail-outbox.ts";
import type { AttentionItem } from "@contracts/payments-attention.ts";
import type { AdminCancellationList } from "@contracts/plan-changes.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  englishFragments,
  englishLeft,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { alice, dedicatedService, starterProduct, vpsService } from "../testing/fixtures";
import AuditPage from "./audit-page";
import InvoicesPage from "./invoices-page";
import MailOutboxPage from "./mail-outbox-page";
import OrdersPage from "./orders-page";
import PaymentsPage from "./payments-page";
import ProductsPage from "./products-page";
import ProviderPage from "./provider-page";
import ServicesPage from "./services-page";
import UsersPage from "./users-page";

/*
 * The staff pages in each language other than English, with data and with their dialogs open:
 * no text of mf-admin's English messages left on screen, and the German page reads German.
 */

/** The message files as translators write them (the build hands the page a compiled form). */
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../messages/${locale}.json`), "utf8"));
const en = read("en");

/*
 * The signed-in admin. Names and addresses are data and stay as they are in every language; the
 * staff member these pages name ("ops@…") shares no word with the messages, so the scan for English
 * does not count it ("admin" is the users list's English badge).
 */
const admin = { user: { is_admin: true, username: "ops", email: "ops@example.com" } };

const users: AdminUser[] = [
  alice,
  { ...alice, id: "3c4d5e6f-7081-4923-8a4b-5c6d7e8f9012", username: "bob", status: "suspended" },
  {
    ...alice,
    id: "4d5e6f70-8192-4a34-9b5c-6d7e8f901234",
    username: "carol",
    credits: "0.00",
    is_admin: true,
  },
];

const order: AdminOrder = {
  id: "c0ffee00-1234-4abc-8def-0123456789ab",
  user_id: alice.id,
  username: "alice",
  email: "alice@example.com",
  product_id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  product_name: "VPS Starter",
  product_price: "4.99",
  product_archived: true,
  expire_date: "2026-12-22T14:05:00Z",
  status: "active",
  created_at: "2026-11-22T14:05:00Z",
  services: [
    {
      id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
      service_type: "vps",
      service_status: "active",
      ipv4: "203.0.113.10",
    },
    {
      id: "3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a",
      service_type: "vps",
      service_status: "suspended",
      ipv4: null,
    },
  ],
};
const orders: AdminOrder[] = [
  order,
  {
    ...order,
    id: "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
    status: "cancelled",
    product_archived: false,
    services: [],
  },
];
const cancellations: AdminCancellationList["cancellations"] = (
  ["scheduled", "undone", "done"] as const
).map((state, n) => ({
  id: `5e6f7081-92a3-4b45-8c6d-7e8f9012345${n}`,
  user_email: "alice@example.com",
  order_id: order.id,
  service_id: null,
  product_name: "VPS Starter",
  mode: n === 0 ? "period_end" : "now",
  reason: ["Too expensive", "Moving to another provider", "Other"][n]!,
  comment: n === 2 ? "Zu langsam" : null,
  state,
  refunded: "2.50",
  created_at: "2026-11-22T14:05:00Z",
}));

const vps = vpsService;
const services: AdminService[] = [
  vps,
  // A sibling on the same order, so removing the first names the other one.
  { ...vps, id: "3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a", ipv4: "203.0.113.11", reseller_id: 104234 },
  dedicatedService,
  {
    ...vps,
    id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
    service_status: "failed",
    ipv4: null,
    reseller_id: null,
    order_id: "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
    provider_error: "Template Debian12 is not available in this location",
  },
  {
    ...vps,
    id: "6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e",
    service_type: "dedicated",
    service_status: "provisioning",
    ram: "64 GB",
    cpu: "AMD EPYC 7302P",
    storage: "2 x 1 TB NVMe",
    ipv4: null,
    reseller_id: null,
    order_id: "e2f3a4b5-c6d7-4e8f-9a01-b2c3d4e5f6a7",
  },
  {
    ...vps,
    id: "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
    service_status: "terminated",
    ipv4: "203.0.113.99",
    order_id: null,
  },
];

const starter = starterProduct;
const products: AdminProduct[] = [
  starter,
  { ...starter, id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d", name: "VPS Medium", plan: null },
  {
    ...starter,
    id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
    // Product names are data, not translated; this one has no word of the messages in it.
    name: "EPYC 16",
    price: "89.00",
    product_type: "dedicated",
    orders_count: 0,
    plan: null,
  },
];

const invoice: AdminInvoice = {
  id: "20000000-0000-4000-8000-000000000001",
  number: "2026-000001",
  kind: "invoice",
  issued_at: "2026-11-22T14:05:00Z",
  customer_email: "alice@example.com",
  customer_name: "Alice Martin",
  net: "4.19",
  vat_rate: "19.00",
  vat: "0.80",
  gross: "4.99",
  currency: "EUR",
};
const invoices: AdminInvoice[] = [
  invoice,
  {
    ...invoice,
    id: "20000000-0000-4000-8000-000000000002",
    number: "2026-000002",
    kind: "receipt",
    customer_name: null,
    customer_email: null,
  },
  {
    ...invoice,
    id: "20000000-0000-4000-8000-000000000003",
    number: "2026-000003",
    kind: "credit_note",
  },
];

const entries: AuditEntry[] = [
  {
    id: "42",
    actor_id: alice.id,
    actor_label: "ops@example.com",
    action: "admin.user.credits",
    entity: "profile",
    entity_id: alice.id,
    before: { credits: "20.00" },
    after: { credits: "25.00" },
    created_at: "2026-11-22T14:05:00Z",
  },
  {
    id: "41",
    actor_id: null,
    actor_label: "system",
    action: "billing.topup",
    entity: "transaction",
    entity_id: null,
    before: null,
    after: { amount: "25.00" },
    created_at: "2026-11-22T14:00:00Z",
  },
];

const mail: MailOutboxEntry = {
  id: "30000000-0000-4000-8000-000000000001",
  kind: "receipt",
  to_address: "alice@example.com",
  user_id: alice.id,
  subject: "Zahlungsbeleg 2026-000002",
  state: "sent",
  attempts: 1,
  next_attempt_at: "2026-11-22T14:05:00Z",
  last_error: null,
  message_id: "<1@mail>",
  created_at: "2026-11-22T14:05:00Z",
  sent_at: "2026-11-22T14:05:03Z",
};
const mails: MailOutboxEntry[] = [
  mail,
  { ...mail, id: "30000000-0000-4000-8000-000000000002", state: "queued", sent_at: null },
  {
    ...mail,
    id: "30000000-0000-4000-8000-000000000003",
    state: "failed",
    attempts: 8,
    sent_at: null,
    last_error: "550 mailbox unavailable",
  },
];

const drift: DriftReport = {
  checked_at: "2026-11-22T14:05:00Z",
  items: [
    {
      kind: "unknown_server",
      vm_id: 5012,
      service_id: null,
      email: null,
      first_seen: "2026-11-20T09:00:00Z",
      last_seen: "2026-11-22T14:05:00Z",
    },
    {
      kind: "missing_server",
      vm_id: 4870,
      service_id: vps.id,
      email: "alice@example.com",
      first_seen: "2026-11-21T10:30:00Z",
      last_seen: "2026-11-22T14:05:00Z",
    },
  ],
};
const jobs: ProviderJobList = {
  jobs: (["provision", "power", "delete"] as const).map((kind, n) => ({
    id: `8d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2${n}`,
    kind,
    state: n === 0 ? "failed" : "pending",
    service_id: n === 0 ? null : vps.id,
    vm_id: n === 0 ? null : 4870,
    attempts: 4,
    last_error: n === 2 ? "provider answered 503" : null,
    run_after: "2026-11-22T15:00:00Z",
    created_at: "2026-11-22T12:00:00Z",
  })),
};

const attention = (kind: string, overrides: Partial<AttentionItem> = {}): AttentionItem => ({
  id: `0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c${String(10 + kind.length).padStart(2, "0")}`,
  kind,
  status: "open",
  email: "alice@example.com",
  user_id: alice.id,
  paypal_order_id: "5O190127TN364715T",
  paypal_capture_id: "3C679366HH908993F",
  amount: "2.50",
  currency: "USD",
  detail: { expected_amount: "25.00", expected_currency: "EUR" },
  resolution: null,
  created_at: "2026-11-20T09:00:00Z",
  resolved_at: null,
  trail: [
    {
      action: "billing.paypal.attention_opened",
      actor: "system",
      at: "2026-11-20T09:00:00Z",
      after: { kind },
    },
    {
      action: "billing.paypal.refund_attempt_failed",
      actor: "ops@example.com",
      at: "2026-11-20T10:00:00Z",
      after: { error: "INSTRUMENT_DECLINED" },
    },
  ],
  ...overrides,
});
const closedTrail = (resolution: string) => [
  {
    action: "billing.paypal.attention_closed",
    actor: "ops@example.com",
    at: "2026-11-23T08:00:00Z",
    after: { resolution },
  },
];
const attentionItems: AttentionItem[] = [
  attention("mismatch"),
  attention("dispute", { email: null, amount: null, currency: null, detail: {} }),
  attention("shortfall"),
  attention("refund_failed"),
  attention("refund_currency"),
  attention("chargeback_fee"),
  ...(
    ["refunded_at_paypal", "credited_by_hand", "handled", "paypal:RESOLVED_BUYER_FAVOUR"] as const
  ).map((resolution, n) =>
    attention("mismatch", {
      id: `1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4${n}`,
      status: "closed",
      resolution,
      resolved_at: "2026-11-23T08:00:00Z",
      trail: closedTrail(resolution),
    }),
  ),
];

type User = ReturnType<typeof userEvent.setup>;

/** One staff page: its data, and what to do on it besides looking at it (open its dialogs). */
interface StaffPage {
  page: ReactElement;
  /** The message id of the page's title, looked for in the language's own words. */
  title: string;
  path: string;
  routes: Routes;
  /** Resolves once the page shows its data. */
  ready: () => Promise<unknown>;
  /** Opens the page's dialogs one after the other, calling `scan` with each one open. */
  walk?: (user: User, scan: (where: string) => void) => Promise<void>;
}

/** The buttons of the table row showing `text` (a row's Remove is its last one). */
const rowButtons = (text: string) => {
  const row = screen.getAllByRole("row").find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row shows ${text}`);
  return within(row).getAllByRole("button");
};

const openDialog = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    expect(dialog).not.toBeNull();
    return dialog!;
  });

/** Presses a button that opens a dialog, scans the page with it open, and closes it. */
async function inDialog(
  user: User,
  button: HTMLElement,
  scan: (where: string) => void,
  where: string,
  ready: (dialog: HTMLElement) => Promise<unknown> = async () => undefined,
) {
  await user.click(button);
  const dialog = await openDialog();
  await ready(dialog);
  scan(where);
  await user.keyboard("{Escape}");
  await waitFor(() =>
    expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).toBeNull(),
  );
}

const pages: Record<string, StaffPage> = {
  users: {
    page: <UsersPage />,
    title: "users.title",
    path: "/admin/users",
    routes: {
      "GET /api/admin/users": { users, next_cursor: "more" },
      "GET /api/admin/accounts/:id/members": {
        account: { id: alice.id, name: "alice" },
        members: (["owner", "billing", "technical", "read_only"] as const).map((role, n) => ({
          user_id: users[n % 3]!.id,
          username: `member${n}`,
          email: `member${n}@example.com`,
          role,
          joined_at: "2026-11-22T14:05:00Z",
          you: false,
        })),
        invitations: [],
      },
    },
    ready: () => screen.findByText("carol"),
    walk: async (user, scan) => {
      await inDialog(user, screen.getAllByRole("button")[0]!, scan, "create user");
      await inDialog(user, rowButtons("alice")[0]!, scan, "credits");
      await inDialog(user, rowButtons("alice")[1]!, scan, "members", (d) =>
        within(d).findByText(/member3/),
      );
      await inDialog(user, rowButtons("alice").at(-1)!, scan, "remove with credits");
    },
  },
  orders: {
    page: <OrdersPage />,
    title: "orders.title",
    path: "/admin/orders",
    routes: {
      "GET /api/admin/orders": { orders, next_cursor: "more" },
      "GET /api/admin/cancellations": { cancellations },
    },
    ready: () => screen.findByText("Zu langsam"),
    walk: async (user, scan) => {
      await inDialog(user, rowButtons("c0ffee00").at(-1)!, scan, "remove with services");
      await inDialog(user, rowButtons("d1e2f3a4").at(-1)!, scan, "remove without services");
    },
  },
  services: {
    page: <ServicesPage />,
    title: "services.title",
    path: "/admin/services",
    routes: {
      "GET /api/admin/services": { services },
      "GET /api/admin/users": { users: [alice] },
      "GET /api/admin/orders": { orders: [] },
    },
    ready: () => screen.findByText("198.51.100.7"),
    walk: async (user, scan) => {
      // Create service: a VPS's hints, then a dedicated server's.
      await inDialog(
        user,
        screen.getAllByRole("button")[0]!,
        scan,
        "create service (VPS)",
        async (d) => {
          await within(d).findByRole("option", { name: "alice (alice@example.com)" });
          scan("create service (VPS)");
          await user.selectOptions(within(d).getAllByRole("combobox")[1]!, "dedicated");
        },
      );
      await inDialog(user, rowButtons("5a6b7c8d")[0]!, scan, "retry provisioning");
      await inDialog(user, rowButtons("6b7c8d9e")[0]!, scan, "complete setup");
      // Link to an order: alice has none.
      await inDialog(user, rowButtons("198.51.100.7").at(-2)!, scan, "link", (d) =>
        within(d)
          .findByRole("heading", { level: 3 })
          .catch(() => undefined),
      );
      await inDialog(user, rowButtons("203.0.113.10").at(-1)!, scan, "remove with a sibling");
      await inDialog(user, rowButtons("203.0.113.99").at(-1)!, scan, "remove terminated");
      await inDialog(user, rowButtons("198.51.100.7").at(-1)!, scan, "remove unlinked");
    },
  },
  products: {
    page: <ProductsPage />,
    title: "products.title",
    path: "/admin/products",
    routes: {
      "GET /api/admin/products": { products },
      "GET /api/admin/provider/templates": { templates: ["Debian12", "Ubuntu2404"] },
      [`GET /api/admin/products/${starter.id}/upgrade-paths`]: { target_ids: [] },
      "GET /api/shop/products?type=vps": {
        products: products
          .filter((p) => p.product_type === "vps")
          .map((p) => ({ ...p, orders_count: undefined, created_at: undefined, plan: undefined })),
      },
    },
    ready: () => screen.findByText("EPYC 16"),
    walk: async (user, scan) => {
      // The new product form with the provider's templates.
      await screen.findByRole("option", { name: "Ubuntu2404" });
      scan("new product form");
      await inDialog(user, rowButtons("VPS Starter")[0]!, scan, "edit plan", (d) =>
        within(d).findByRole("option", { name: "Ubuntu2404" }),
      );
      await inDialog(user, rowButtons("VPS Starter")[1]!, scan, "upgrade paths", (d) =>
        within(d).findByRole("checkbox"),
      );
      await inDialog(user, rowButtons("VPS Starter").at(-1)!, scan, "remove with orders");
      await inDialog(user, rowButtons("EPYC 16").at(-1)!, scan, "remove unused");
    },
  },
  invoices: {
    page: <InvoicesPage />,
    title: "invoices.title",
    path: "/admin/invoices",
    routes: { "GET /api/admin/invoices": { invoices, next_cursor: "more" } },
    ready: () => screen.findByText("2026-000003"),
  },
  audit: {
    page: <AuditPage />,
    title: "audit.title",
    path: "/admin/audit",
    routes: { "GET /api/admin/audit": { entries, next_before: "41" } },
    ready: () => screen.findByText("billing.topup"),
  },
  mailOutbox: {
    page: <MailOutboxPage />,
    title: "outbox.title",
    path: "/admin/mail-outbox",
    routes: { "GET /api/admin/mail-outbox": { mails, next_cursor: "more" } },
    ready: () => screen.findByText("550 mailbox unavailable"),
  },
  provider: {
    page: <ProviderPage />,
    title: "provider.title",
    path: "/admin/provider",
    routes: {
      "GET /api/admin/provider/drift": drift,
      "GET /api/admin/provider/jobs": jobs,
    },
    ready: () => screen.findByText("provider answered 503"),
  },
  payments: {
    page: <PaymentsPage />,
    title: "payments.title",
    path: "/admin/payments",
    routes: { "GET /api/admin/payments": { items: attentionItems } },
    ready: () => screen.findAllByText("3C679366HH908993F"),
    walk: async (user, scan) => {
      // Every trail open, then each action's dialog of the first item.
      for (const summary of document.querySelectorAll("summary")) await user.click(summary);
      scan("trails open");
      // The items (named by their kind and customer), not their trails' lines.
      const items = () => screen.getAllByRole("listitem").filter((li) => li.ariaLabel);
      const actions = within(items()[0]!).getAllByRole("button");
      await inDialog(user, actions[0]!, scan, "refund");
      await inDialog(user, actions[1]!, scan, "credit by hand");
      const shortfall = within(items()[2]!).getAllByRole("button");
      await inDialog(user, shortfall[0]!, scan, "close as handled");
    },
  },
};

afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe.each(["de", "fr", "nl"] as const)("the staff pages in %s", (locale) => {
  const messages = read(locale);
  const fragments = englishFragments(en, messages);

  it.each(Object.keys(pages))(
    "%s shows no English text of its messages",
    async (name) => {
      const { page, title, path, routes, ready, walk } = pages[name]!;
      await setLocale(locale, { remember: false });
      await mockApi(routes, admin).signIn();
      renderPage(page, { path });
      await ready();
      // The page reads in its language: its title in the language's own words.
      expect(screen.getByRole("heading", { name: messages[title] })).toBeTruthy();
      const left: string[] = [];
      const scan = (where: string) => {
        for (const text of englishLeft(fragments)) left.push(`${where}: ${text}`);
      };
      scan("page");
      await walk?.(userEvent.setup({ delay: null }), scan);
      expect(document.documentElement.lang).toBe(locale);
      expect(left).toEqual([]);
    },
    30_000,
  );
});
