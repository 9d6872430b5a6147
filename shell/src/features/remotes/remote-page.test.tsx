import type { PageId } from "@contracts/remote-registry.ts";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentType, Suspense, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * The remote's code is stood in for: what is under test is how RemotePage renders a page whose
 * load has or has not finished (load-remote.ts and its federation runtime are covered by the e2e
 * tests remote-preload, remote-failure and version-skew).
 */
const remote = vi.hoisted(() => ({
  loaded: new Map<string, { default: ComponentType }>(),
  pending: new Map<string, Promise<{ default: ComponentType }>>(),
}));
vi.mock("./load-remote", () => ({
  loadedPage: (id: string) => remote.loaded.get(id),
  loadPage: (id: string) => remote.pending.get(id),
}));
const { RemotePage, forgetRemotePages } = await import("./remote-page");

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      clicked {count}
    </button>
  );
}

function Frame({ id, title }: { id: string; title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <Suspense fallback={<p>placeholder</p>}>
        <RemotePage route={{ path: "/page", id: id as PageId, admin: false }} />
      </Suspense>
    </>
  );
}

afterEach(() => {
  forgetRemotePages("mf_test");
  remote.loaded.clear();
  remote.pending.clear();
});

describe("RemotePage", () => {
  it("renders a page whose code has loaded at once, without the placeholder", () => {
    remote.loaded.set("mf_test/Loaded", { default: Counter });
    render(<Frame id="mf_test/Loaded" title="frame" />);
    expect(screen.getByRole("button").textContent).toBe("clicked 0");
    expect(screen.queryByText("placeholder")).toBeNull();
  });

  it("keeps a page first shown through its lazy, state and all, when the frame renders again after the load", async () => {
    let arrive: (m: { default: ComponentType }) => void = () => undefined;
    remote.pending.set("mf_test/Late", new Promise((resolve) => (arrive = resolve)));
    const view = render(<Frame id="mf_test/Late" title="first" />);
    expect(screen.getByText("placeholder")).toBeTruthy();
    await act(async () => {
      remote.loaded.set("mf_test/Late", { default: Counter });
      arrive({ default: Counter });
    });
    await userEvent.click(await screen.findByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("clicked 1");
    view.rerender(<Frame id="mf_test/Late" title="second" />);
    expect(screen.getByRole("heading").textContent).toBe("second");
    expect(screen.getByRole("button").textContent).toBe("clicked 1");
  });
});
