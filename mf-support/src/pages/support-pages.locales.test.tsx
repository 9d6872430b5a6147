import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { autoClosedMessage } from "@contracts/support.ts";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  englishFragments,
  englishLeft,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { bootLog, messageOf, staffTicketOf, ticketId, ticketOf } from "../testing/fixtures";
import AdminQueuePage from "./admin-queue-page";
import AdminTicketPage from "./admin-ticket-page";
import SupportPage from "./support-page";
import TicketPage from "./ticket-page";

/*
 * The support pages in each language other than English, the customer's and the staff's, with
 * data: no text of mf-support's English messages left on screen.
 */

/** The message files as translators write them (the build hands the page a compiled form). */
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../messages/${locale}.json`), "utf8"));
const en = read("en");

const id = ticketId;
const ticket = ticketOf({
  subject: "Kein Netz",
  status: "waiting_customer",
  messages: [
    messageOf({ body: "Seit heute", attachments: [bootLog] }),
    messageOf({
      id: "00000000-0000-4000-8000-00000000000b",
      author: "staff",
      body: "Neu gestartet",
      created_at: "2026-11-26T11:00:00Z",
    }),
  ],
});

/** The auto-close job's message as each catalog words it for 14 days. */
const autoClosed = {
  de: "Automatisch geschlossen, nachdem 14 Tage lang keine Antwort kam.",
  fr: "Fermée automatiquement après 14 jours sans réponse.",
  nl: "Automatisch gesloten na 14 dagen zonder antwoord.",
};

afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe("the support pages in each language", () => {
  it.each(["de", "fr", "nl"] as const)(
    "show no English text of their messages in %s",
    async (locale) => {
      const fragments = englishFragments(en, read(locale));
      await setLocale(locale, { remember: false });
      const net = mockApi({
        "GET /api/support/tickets": {
          tickets: [{ ...ticket, messages: undefined }],
          next_cursor: "more",
        },
        "GET /api/support/tickets/:id": {
          ...ticket,
          messages: [
            ...ticket.messages,
            {
              id: "00000000-0000-4000-8000-00000000000e",
              author: "system",
              body: autoClosedMessage(14),
              created_at: "2026-12-10T11:00:00Z",
              attachments: [],
            },
          ],
        },
        "GET /api/services": {
          services: [
            {
              id: "6e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
              user_id: "6e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
              service_type: "dedicated",
              service_status: "active",
              ipv4: "203.0.113.10",
              ram: "4",
              cpu: "2",
              storage: "80",
              reseller_id: 4711,
              order_id: null,
              created_at: ticket.created_at,
              root_password_pending: false,
            },
          ],
        },
      });
      await net.signIn();

      // The list with a ticket and more to load, and the new ticket form with a service.
      const list = renderPage(<SupportPage />, { path: "/support" });
      await screen.findByRole("link", { name: "Kein Netz" }, { timeout: 10_000 });
      await screen.findByText(/203\.0\.113\.10/);
      expect(englishLeft(fragments)).toEqual([]);
      list.unmount();

      // A ticket: the customer's message with an attachment, and support's answer.
      renderPage(<TicketPage />, { path: "/support/:id", at: `/support/${id}` });
      await screen.findByText("Neu gestartet");
      await screen.findByRole("button", { name: "boot.log" });
      // The portal's own message (stored in English) in the page's language.
      await screen.findByText(autoClosed[locale]);
      expect(document.documentElement.lang).toBe(locale);
      expect(englishLeft(fragments)).toEqual([]);
    },
    20_000,
  );
});

const customerId = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
const staffId = "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a";
const staffTicket = staffTicketOf(ticket, {
  status: "waiting_staff",
  user_id: customerId,
  email: "kunde@example.com",
  username: "kunde",
  assignee_id: staffId,
  assignee_name: "anna",
  first_answered_at: "2026-11-26T11:00:00Z",
  first_answer_seconds: 5400,
  messages: [
    { ...ticket.messages[0]! },
    { ...ticket.messages[1]!, author_name: "anna" },
    messageOf({
      id: "00000000-0000-4000-8000-00000000000c",
      author: "staff",
      author_name: "anna",
      internal: true,
      body: "Provider gefragt",
      created_at: "2026-11-26T11:05:00Z",
    }),
    messageOf({
      id: "00000000-0000-4000-8000-00000000000d",
      author: "system",
      body: "Automatisch",
      created_at: "2026-11-26T11:06:00Z",
    }),
  ],
  customer: {
    credits: "12.50",
    services: [
      {
        id: "6e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
        service_type: "dedicated",
        service_status: "suspended",
      },
    ],
    orders: [
      {
        id: "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d",
        product_name: "Dedicated L",
        status: "expired",
        expire_date: "2026-12-26T10:00:00Z",
      },
    ],
  },
});

describe("the staff's support pages in each language", () => {
  it("keep their English texts in English", async () => {
    const net = mockApi({
      "GET /api/admin/support/tickets/:id": staffTicket,
      "GET /api/admin/support/staff": { staff: [{ id: staffId, username: "anna" }] },
      "GET /api/admin/support/canned-answers": { answers: [] },
    });
    await net.signIn();
    renderPage(<AdminTicketPage />, { path: "/admin/support/:id", at: `/admin/support/${id}` });
    await screen.findByText("Provider gefragt");
    expect(screen.getByText("Internal note by anna")).toBeTruthy();
    expect(screen.getByText("Support (anna)")).toBeTruthy();
    expect(screen.getByText("Waiting for staff")).toBeTruthy();
    expect(screen.getByText("1.5 h")).toBeTruthy();
    expect(screen.getByText("DEDICATED 6e1f0a2b · suspended")).toBeTruthy();
    expect(screen.getByText(/^Dedicated L · expired · expires Dec 26, 2026/)).toBeTruthy();
    expect(screen.getByText(/^Technical · kunde@example\.com · opened Nov 26, 2026/)).toBeTruthy();
  });

  it.each(["de", "fr", "nl"] as const)(
    "show no English text of their messages in %s",
    async (locale) => {
      const fragments = englishFragments(en, read(locale));
      await setLocale(locale, { remember: false });
      const { messages: _, customer: __, ...summary } = staffTicket;
      const net = mockApi({
        "GET /api/admin/support/tickets": { tickets: [summary], next_cursor: "more" },
        "GET /api/admin/support/tickets/:id": staffTicket,
        "GET /api/admin/support/staff": { staff: [{ id: staffId, username: "anna" }] },
        "GET /api/admin/support/canned-answers": {
          answers: [{ id: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", title: "Neustart", body: "…" }],
        },
      });
      await net.signIn();

      // The queue with its filters, a ticket and more to load.
      const queue = renderPage(<AdminQueuePage />, { path: "/admin/support" });
      await screen.findByRole("link", { name: "Kein Netz" }, { timeout: 10_000 });
      await screen.findByRole("option", { name: "anna" });
      expect(englishLeft(fragments)).toEqual([]);
      queue.unmount();

      // A ticket as staff see it: notes, the customer's services and orders, canned answers.
      renderPage(<AdminTicketPage />, { path: "/admin/support/:id", at: `/admin/support/${id}` });
      await screen.findByText("Provider gefragt");
      await screen.findByRole("option", { name: "Neustart" });
      await screen.findByText(/Dedicated L/);
      expect(document.documentElement.lang).toBe(locale);
      expect(englishLeft(fragments)).toEqual([]);
    },
    20_000,
  );
});
