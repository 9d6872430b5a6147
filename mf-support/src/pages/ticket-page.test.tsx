import { queryClient } from "@hosting-portal/shared-ui";
import { mockApi, renderPage, resetPortalState } from "@hosting-portal/shared-ui/testing";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mineKeys } from "../features/tickets/api";
import { bootLog, messageOf, staffTicketOf, ticketId, ticketOf } from "../testing/fixtures";
import AdminTicketPage from "./admin-ticket-page";
import SupportPage from "./support-page";
import TicketPage from "./ticket-page";

const id = ticketId;
const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

const ticket = ticketOf({ messages: [messageOf({ body: hostile, attachments: [bootLog] })] });

const reply = {
  id: "00000000-0000-4000-8000-00000000000b",
  author: "staff" as const,
  body: "We rebooted it.",
  created_at: "2026-11-26T12:00:00Z",
  attachments: [],
};

afterEach(resetPortalState);

describe("mf-support ticket page", () => {
  it("shows the conversation as text: markup in a body is never rendered", async () => {
    const net = mockApi({ "GET /api/support/tickets/:id": ticket });
    await net.signIn();
    renderPage(<TicketPage />, { path: "/support/:id", at: `/support/${id}` });
    expect(await screen.findByText(hostile)).toBeTruthy();
    expect(document.querySelector("main img, img[src='x'], script")).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(screen.getByRole("button", { name: "boot.log" })).toBeTruthy();
  });

  it("sends a reply and shows a staff answer once the live topic rereads the ticket", async () => {
    const net = mockApi({
      "GET /api/support/tickets/:id": ticket,
      "POST /api/support/tickets/:id/replies": { ...ticket, messages: [...ticket.messages] },
    });
    await net.signIn();
    renderPage(<TicketPage />, { path: "/support/:id", at: `/support/${id}` });
    await screen.findByText(hostile);
    await userEvent.type(screen.getByLabelText("Your reply"), "Still broken");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() =>
      expect(net.callsTo("POST /api/support/tickets/:id/replies")).toHaveLength(1),
    );
    expect(net.callsTo("POST /api/support/tickets/:id/replies")[0]?.body).toEqual({
      message: "Still broken",
      attachment_ids: [],
    });
    // What the shell's event stream does on a `support` event: reread the caller's support keys.
    net.on({
      "GET /api/support/tickets/:id": { ...ticket, messages: [...ticket.messages, reply] },
    });
    await act(() => queryClient.invalidateQueries({ queryKey: mineKeys.one(id) }));
    expect(await screen.findByText("We rebooted it.")).toBeTruthy();
  });

  it("hides the reply form of a closed ticket", async () => {
    const net = mockApi({
      "GET /api/support/tickets/:id": {
        ...ticket,
        status: "closed",
        closed_at: "2026-11-26T12:00:00Z",
      },
    });
    await net.signIn();
    renderPage(<TicketPage />, { path: "/support/:id", at: `/support/${id}` });
    await screen.findByText(hostile);
    expect(screen.queryByRole("button", { name: "Send reply" })).toBeNull();
  });
});

const serviceId = "6e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";

describe("mf-support list page", () => {
  it("lists the caller's tickets and opens a new one", async () => {
    const net = mockApi({
      "GET /api/support/tickets": {
        tickets: [
          {
            id,
            subject: "Server down",
            category: "technical",
            status: "open",
            created_at: ticket.created_at,
            last_activity_at: ticket.last_activity_at,
            last_reply_at: ticket.last_reply_at,
          },
        ],
        next_cursor: null,
      },
      "POST /api/support/tickets": () => new Response(JSON.stringify(ticket), { status: 201 }),
      "GET /api/support/tickets/:id": ticket,
      "GET /api/services": {
        services: [
          {
            id: serviceId,
            user_id: serviceId,
            service_type: "vps",
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
    renderPage(<SupportPage />, { path: "/support", at: "/support" });
    expect(await screen.findByRole("link", { name: "Server down" })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Subject/), "Invoice question");
    await userEvent.selectOptions(screen.getByLabelText(/Category/), "billing");
    await userEvent.type(screen.getByLabelText("Message"), "Why was I charged twice?");
    // The customer's own services to link the ticket to.
    await screen.findByRole("option", { name: "VPS 203.0.113.10" });
    await userEvent.selectOptions(screen.getByLabelText("About"), serviceId);
    await userEvent.click(screen.getByRole("button", { name: "Open ticket" }));
    await waitFor(() => expect(net.callsTo("POST /api/support/tickets")).toHaveLength(1));
    expect(net.callsTo("POST /api/support/tickets")[0]?.body).toEqual({
      subject: "Invoice question",
      category: "billing",
      message: "Why was I charged twice?",
      service_id: serviceId,
      attachment_ids: [],
    });
  });
});

describe("mf-support staff ticket page", () => {
  it("keeps an answer typed while a note is on its way, and clears only what was sent", async () => {
    const user = userEvent.setup();
    let sent: () => void = () => {};
    const withNote = staffTicketOf(ticket, {
      messages: [
        ...ticket.messages,
        {
          ...reply,
          id: "00000000-0000-4000-8000-00000000000c",
          body: "Owes money",
          internal: true,
        },
      ],
    });
    const net = mockApi(
      {
        "GET /api/admin/support/tickets/:id": staffTicketOf(ticket),
        "GET /api/admin/support/canned-answers": { answers: [] },
        "GET /api/admin/support/staff": { staff: [] },
        "POST /api/admin/support/tickets/:id/notes": () =>
          new Promise((resolve) => {
            sent = () => resolve(new Response(JSON.stringify(withNote), { status: 201 }));
          }),
      },
      { user: { is_admin: true } },
    );
    await net.signIn();
    renderPage(<AdminTicketPage />, { path: "/admin/support/:id", at: `/admin/support/${id}` });
    const box = (await screen.findByLabelText("Message")) as HTMLTextAreaElement;
    await user.type(box, "Owes money");
    await user.click(screen.getByRole("button", { name: "Add internal note" }));
    await waitFor(() =>
      expect(net.callsTo("POST /api/admin/support/tickets/:id/notes")).toHaveLength(1),
    );
    await user.clear(box);
    await user.type(box, "We rebooted it.");
    await act(async () => sent());
    await screen.findByText("Owes money", { selector: "p" });
    expect(box.value).toBe("We rebooted it.");
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: "Reply to customer" }).hasAttribute("disabled"),
      ).toBe(false),
    );
  });

  it("shows internal notes marked as such and adds one", async () => {
    const staffTicket = staffTicketOf(ticket, {
      messages: [
        ...ticket.messages,
        {
          ...reply,
          id: "00000000-0000-4000-8000-00000000000c",
          body: "Owes money",
          internal: true,
        },
      ],
    });
    const net = mockApi(
      {
        "GET /api/admin/support/tickets/:id": staffTicket,
        "GET /api/admin/support/canned-answers": { answers: [] },
        "GET /api/admin/support/staff": { staff: [] },
        "POST /api/admin/support/tickets/:id/notes": () =>
          new Response(JSON.stringify(staffTicket), { status: 201 }),
      },
      { user: { is_admin: true } },
    );
    await net.signIn();
    renderPage(<AdminTicketPage />, { path: "/admin/support/:id", at: `/admin/support/${id}` });
    const note = await screen.findByText("Owes money");
    expect(note.closest("li")?.getAttribute("data-internal")).toBe("true");
    expect(screen.getByText(/Internal note/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Message"), "Check the payment");
    await userEvent.click(screen.getByRole("button", { name: "Add internal note" }));
    await waitFor(() =>
      expect(net.callsTo("POST /api/admin/support/tickets/:id/notes")[0]?.body).toEqual({
        message: "Check the payment",
      }),
    );
  });
});
