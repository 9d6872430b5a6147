import { StandaloneApp } from "@hosting-portal/shared-ui/dev";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import DashboardPage from "../pages/dashboard-page";
import ServicePage from "../pages/service-page";

/** `npm run dev -w mf-services`: this remote's pages on their own, without the shell. */
const pages = [
  { path: "/dashboard", label: "Dashboard", Component: DashboardPage },
  { path: "/service/:id", label: "Service", Component: ServicePage },
];

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
createRoot(root).render(
  <StrictMode>
    <StandaloneApp title="Services" pages={pages} />
  </StrictMode>,
);
