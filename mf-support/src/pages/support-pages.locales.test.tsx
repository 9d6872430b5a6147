import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Ticket } from "@contracts/support.ts";
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
import SupportPage from "./support-page";
import TicketPage from "./ticket-page";

/*
 * The customer's support pages in each language other than English, with data: no text of
 * mf-support's English messages left on screen. (The staff pages stay English.)
 */

/** The message files as translators write them (the build hands the page a compiled form). */
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../messages/${locale}.json`), "utf8"));
const en = read("en");

const id = "7d3f0a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6";
const ticket: Ticket = {
  id,
  subject: "Kein Netz",
  category: "technical",
  status: "waiting_customer",
  created_at: "2026-11-26T10:00:00Z",
  last_activity_at: "2026-11-26T11:00:00Z",
  last_reply_at: "2026-11-26T11:00:00Z",
  service_id: null,
  order_id: null,
  closed_at: null,
  messages: [
    {
      id: "00000000-0000-4000-8000-00000000000a",
      author: "customer",
      body: "Seit heute",
      created_at: "2026-11-26T10:00:00Z",
      attachments: [
        {
          id: "00000000-0000-4000-8000-0000000000f1",
          file_name: "boot.log",
          content_type: "text/plain",
          size_bytes: 2048,
        },
      ],
    },
    {
      id: "00000000-0000-4000-8000-00000000000b",
      author: "staff",
      body: "Neu gestartet",
      created_at: "2026-11-26T11:00:00Z",
      attachments: [],
    },
  ],
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
        "GET /api/support/tickets/:id": ticket,
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
      expect(document.documentElement.lang).toBe(locale);
      expect(englishLeft(fragments)).toEqual([]);
    },
    20_000,
  );
});
