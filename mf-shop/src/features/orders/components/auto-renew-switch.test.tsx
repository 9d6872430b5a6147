import type { Order } from "@contracts/shop.ts";
import {
  apiError,
  findToast,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { AutoRenewSwitch } from "./auto-renew-switch";

const order: Order = {
  id: "c0ffee00-1234-4abc-8def-0123456789ab",
  product_id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  product_name: "VPS Starter",
  product_type: "vps",
  price: "4.99",
  expire_date: "2030-11-22T14:05:00.000Z",
  status: "active",
  created_at: "2030-10-23T14:05:00.000Z",
};

const box = () =>
  screen.getByRole("checkbox", { name: "Auto-renew VPS Starter c0ffee00" }) as HTMLInputElement;

afterEach(resetPortalState);

describe("AutoRenewSwitch", () => {
  it("shows the saved state and turns auto-renew on through the API", async () => {
    const user = userEvent.setup();
    let enabled: string[] = [];
    const net = mockApi({
      "GET /api/shop/orders/auto-renew": () => ({ order_ids: enabled }),
      "PUT /api/shop/orders/:id/auto-renew": (req) => {
        const on = (req.body as { enabled: boolean }).enabled;
        enabled = on ? [req.params.id!] : [];
        return { order_id: req.params.id, auto_renew: on };
      },
    });
    await net.signIn();
    renderPage(<AutoRenewSwitch order={order} />, { path: "/orders" });
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(box().checked).toBe(false);

    await user.click(box());
    expect(await findToast("Auto-renew is on")).toBeTruthy();
    expect(net.callsTo("PUT /api/shop/orders/:id/auto-renew").map((c) => c.body)).toEqual([
      { enabled: true },
    ]);
    await waitFor(() => expect(box().checked).toBe(true));

    await user.click(box());
    expect(await findToast("Auto-renew is off")).toBeTruthy();
    await waitFor(() => expect(box().checked).toBe(false));
  });

  it("shows the API's refusal and keeps the saved state", async () => {
    const user = userEvent.setup();
    const net = mockApi({
      "GET /api/shop/orders/auto-renew": { order_ids: [] },
      "PUT /api/shop/orders/:id/auto-renew": () =>
        apiError(409, "order_suspended", "Suspended orders cannot be renewed"),
    });
    await net.signIn();
    renderPage(<AutoRenewSwitch order={order} />, { path: "/orders" });
    await waitFor(() => expect(box().disabled).toBe(false));
    await user.click(box());
    const toast = await findToast("Auto-renew not changed");
    expect(toast.textContent).toContain("Suspended orders cannot be renewed");
    await waitFor(() => expect(box().checked).toBe(false));
  });

  it("is not offered for a suspended order (SPEC §4)", async () => {
    const net = mockApi({ "GET /api/shop/orders/auto-renew": { order_ids: [order.id] } });
    await net.signIn();
    renderPage(<AutoRenewSwitch order={{ ...order, status: "suspended" }} />, { path: "/orders" });
    await waitFor(() => expect(box().checked).toBe(true));
    expect(box().disabled).toBe(true);
  });
});
