import { StandaloneApp } from "@hosting-portal/shared-ui/dev";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import ChargeCreditsPage from "../pages/charge-credits-page";
import InvoicesPage from "../pages/invoices-page";
import SettingsPage from "../pages/settings-page";
import TransactionsPage from "../pages/transactions-page";

/** `npm run dev -w mf-account`: this remote's pages on their own, without the shell. */
const pages = [
  { path: "/settings", label: "Settings", Component: SettingsPage },
  { path: "/charge-credits", label: "Charge Credits", Component: ChargeCreditsPage },
  { path: "/transactions", label: "Transactions", Component: TransactionsPage },
  { path: "/invoices", label: "Invoices", Component: InvoicesPage },
];

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
createRoot(root).render(
  <StrictMode>
    <StandaloneApp title="Account" pages={pages} />
  </StrictMode>,
);
