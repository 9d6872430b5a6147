import { StandaloneApp } from "@hosting-portal/shared-ui/dev";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import DedicatedProductsPage from "../pages/dedicated-products-page";
import OrdersPage from "../pages/orders-page";
import VpsProductsPage from "../pages/vps-products-page";

/** `npm run dev -w mf-shop`: this remote's pages on their own, without the shell. */
const pages = [
  { path: "/products/vps", label: "VPS Products", Component: VpsProductsPage },
  { path: "/products/dedicated", label: "Dedicated Servers", Component: DedicatedProductsPage },
  { path: "/orders", label: "Orders", Component: OrdersPage },
];

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
createRoot(root).render(
  <StrictMode>
    <StandaloneApp title="Shop" pages={pages} />
  </StrictMode>,
);
