import {
  findToast,
  json,
  mockApi,
  renderPage,
  resetPortalState,
  tableRows,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SessionsSection } from "./sessions-section";

afterEach(resetPortalState);

const session = (id: string, device: string, current = false) => ({
  id,
  device,
  ip_address: current ? "203.0.113.7" : "198.51.100.9",
  created_at: "2026-11-20T08:00:00.000Z",
  last_used_at: "2026-11-26T09:30:00.000Z",
  current,
  remember: false,
});

const ME = "11111111-1111-4111-8111-111111111111";
const PHONE = "22222222-2222-4222-8222-222222222222";
const TABLET = "33333333-3333-4333-8333-333333333333";

describe("SessionsSection", () => {
  it("lists the sessions with this device marked, ends one and then all others", async () => {
    const user = userEvent.setup();
    let sessions = [
      session(ME, "Chrome on Linux", true),
      session(PHONE, "Safari on iOS"),
      session(TABLET, "Firefox on Android"),
    ];
    const net = mockApi({
      "GET /api/auth/sessions": () => ({ sessions }),
      "DELETE /api/auth/sessions/:id": (req) => {
        sessions = sessions.filter((s) => s.id !== req.params.id);
        return json(204, null);
      },
      "POST /api/auth/sessions/end-others": () => {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return { ended };
      },
    });
    await net.signIn();
    renderPage(<SessionsSection />, { path: "/settings" });
    await screen.findByRole("table", { name: "Sessions" });
    const rows = tableRows("Sessions");
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[0]).toBe("Chrome on LinuxThis device");
    expect(rows[0]?.[1]).toBe("203.0.113.7");
    expect(rows[0]?.[3]).toBe("Now");
    expect(rows[1]?.[0]).toBe("Safari on iOS");
    // This device has no End button: signing out is how it ends.
    expect(screen.queryByRole("button", { name: "End session on Chrome on Linux" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "End session on Safari on iOS" }));
    expect(await findToast("Session ended")).toBeTruthy();
    expect(net.callsTo("DELETE /api/auth/sessions/:id").map((c) => c.params.id)).toEqual([PHONE]);
    await waitFor(() => expect(tableRows("Sessions")).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: "Sign out other sessions" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Sign out other sessions?" });
    await user.click(within(dialog).getByRole("button", { name: "Sign out others" }));
    const toast = await findToast("Signed out everywhere else");
    expect(toast.textContent).toContain("1 other session ended.");
    await waitFor(() => expect(tableRows("Sessions")).toHaveLength(1));
    const others = screen.getByRole("button", { name: "Sign out other sessions" });
    expect(others.hasAttribute("disabled") || others.getAttribute("aria-disabled")).toBeTruthy();
  });
});
