import type { CancellationResult, PlanChangeResult, PlanOptions } from "@contracts/plan-changes.ts";
import type { Service } from "@contracts/services.ts";
import {
  apiError,
  findToast,
  type MockApi,
  mockApi,
  type Routes,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import ServicePage from "../../../pages/service-page";
import { activeVps, smallVpsProduct } from "../../../testing/service-fixtures";

const vps: Service = activeVps;
const small = smallVpsProduct;
const big = {
  ...small,
  id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
  name: "VPS Big",
  price: "17.99",
};
const options: PlanOptions = {
  product: small,
  order_id: vps.order_id!,
  expire_date: "2026-12-10T12:00:00Z",
  days_left: 15,
  options: [{ product: big, direction: "upgrade", amount: "4.00" }],
  latest_change: null,
  cancellation: null,
};
const change: PlanChangeResult = {
  change: {
    id: "8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e",
    from_product: small.name,
    to_product: big.name,
    days_left: 15,
    amount: "4.00",
    state: "pending",
    reason: null,
    created_at: "2026-11-25T12:00:00Z",
  },
  credits: "46.00",
};

async function open(routes: Routes = {}): Promise<MockApi> {
  const net = mockApi({
    "GET /api/services/:id": vps,
    "GET /api/services/:id/stats": () => apiError(502, "provider_failed", "no stats"),
    "GET /api/services/:id/history": () => apiError(502, "provider_failed", "no history"),
    "GET /api/services/:id/reinstall": { reinstall: null },
    "GET /api/services/:id/reverse-dns": { entries: [], reported: true },
    "GET /api/services/:id/backups": { backups: [], running: false, status: "idle" },
    "GET /api/services/:id/plan": options,
    ...routes,
  });
  await net.signIn();
  renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${vps.id}` });
  // The first render imports the whole page: a cold start under load takes a few seconds.
  await screen.findByRole("heading", { name: "VPS Small" }, { timeout: 10_000 });
  return net;
}

const panel = () => within(screen.getByRole("heading", { name: "Plan" }).closest("section")!);

afterEach(resetPortalState);

// The first test imports the whole service page: generous time on a loaded machine.
describe("Plan panel", { timeout: 20_000 }, () => {
  it("shows the products to change to with the amount, and upgrades once confirmed with one key", async () => {
    const user = userEvent.setup({ delay: null });
    const net = await open({ "POST /api/services/:id/plan-change": change });
    expect(panel().getByText("4.00 EUR to pay now")).toBeTruthy();
    await user.click(panel().getByRole("button", { name: "Upgrade to VPS Big" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Change to VPS Big" }));
    expect(dialog.getByText(/4\.00 EUR to pay now for the 15 days left/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Pay and upgrade" }));
    await findToast("Your server is being changed to VPS Big.");
    const [sent] = net.callsTo("POST /api/services/:id/plan-change");
    expect(sent?.body).toEqual({ product_id: big.id });
    expect(sent?.headers.get("Idempotency-Key")).toMatch(/^web-/);
  });

  it("says the server runs the new plan when the provider finished before the page read it again", async () => {
    const user = userEvent.setup({ delay: null });
    let changed = false;
    await open({
      "POST /api/services/:id/plan-change": () => {
        changed = true;
        return change;
      },
      // A fast provider: the first read after the change already finds it done.
      "GET /api/services/:id/plan": () =>
        changed
          ? { ...options, product: big, latest_change: { ...change.change, state: "done" } }
          : options,
    });
    await user.click(panel().getByRole("button", { name: "Upgrade to VPS Big" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Change to VPS Big" }));
    await user.click(dialog.getByRole("button", { name: "Pay and upgrade" }));
    await findToast("Your server is being changed to VPS Big.");
    await findToast("Your server now runs VPS Big.");
  });

  it("says 'Insufficient Credits' with the API's message", async () => {
    const user = userEvent.setup({ delay: null });
    await open({
      "POST /api/services/:id/plan-change": () =>
        apiError(
          402,
          "insufficient_credits",
          "You don't have enough credits for this plan change.",
        ),
    });
    await user.click(panel().getByRole("button", { name: "Upgrade to VPS Big" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Change to VPS Big" }));
    await user.click(dialog.getByRole("button", { name: "Pay and upgrade" }));
    const toast = within(await findToast("Insufficient Credits"));
    expect(toast.getByText("You don't have enough credits for this plan change.")).toBeTruthy();
  });

  it("cancels at the end of the period with the chosen reason, and offers the undo", async () => {
    const user = userEvent.setup({ delay: null });
    const cancelled: CancellationResult = {
      cancellation: {
        id: "9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
        mode: "period_end",
        reason: "Too expensive",
        state: "scheduled",
        refunded: "0.00",
        effective_at: options.expire_date,
        created_at: "2026-11-25T12:00:00Z",
      },
      credits: "50.00",
    };
    let current = options;
    const net = await open({
      "GET /api/services/:id/plan": () => current,
      "POST /api/services/:id/cancellation": () => {
        current = { ...options, cancellation: cancelled.cancellation };
        return cancelled;
      },
    });
    await user.click(panel().getByRole("button", { name: "Cancel at the end of the period" }));
    const dialog = within(
      await screen.findByRole("alertdialog", { name: "Cancel at the end of the period" }),
    );
    await user.selectOptions(dialog.getByLabelText("Why are you cancelling?"), "Too expensive");
    await user.click(dialog.getByRole("button", { name: "Cancel at period end" }));
    await findToast("Your service was cancelled.");
    expect(net.callsTo("POST /api/services/:id/cancellation")[0]?.body).toEqual({
      mode: "period_end",
      reason: "Too expensive",
    });
    await panel().findByRole("button", { name: "Undo cancellation" });
    expect(panel().queryByRole("button", { name: "Upgrade to VPS Big" })).toBeNull();
  });
});
