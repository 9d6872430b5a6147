import { StandaloneApp } from "@hosting-portal/shared-ui/dev";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import AdminQueuePage from "../pages/admin-queue-page";
import AdminTicketPage from "../pages/admin-ticket-page";
import SupportPage from "../pages/support-page";
import TicketPage from "../pages/ticket-page";

/** `npm run dev -w mf-support`: this remote's pages on their own, without the shell. */
const pages = [
  { path: "/support", label: "Support", Component: SupportPage },
  { path: "/support/:id", label: "Ticket", Component: TicketPage },
  { path: "/admin/support", label: "Support queue", Component: AdminQueuePage },
  { path: "/admin/support/:id", label: "Staff ticket", Component: AdminTicketPage },
];

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
createRoot(root).render(
  <StrictMode>
    <StandaloneApp title="Support" pages={pages} />
  </StrictMode>,
);
