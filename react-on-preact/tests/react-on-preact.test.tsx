// What react-on-preact adds to preact/compat so that code written for React (ours, React Aria's)
// behaves as under React DOM. Each case failed on preact/compat alone.
import { act, render, screen, waitFor } from "@testing-library/react";
import { Component, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";

describe("react-on-preact", () => {
  it("hands a handler an event whose fields survive a copy ({ ...event }), as React's do", () => {
    const copies: Record<string, unknown>[] = [];
    let prevented = false;
    render(
      <input
        aria-label="field"
        onKeyDown={(e: ReactKeyboardEvent<HTMLInputElement>) => {
          copies.push({ ...e });
          e.preventDefault();
          prevented = e.isDefaultPrevented();
        }}
      />,
    );
    const input = screen.getByLabelText("field");
    const native = new KeyboardEvent("keydown", {
      key: "ArrowUp",
      bubbles: true,
      cancelable: true,
    });
    input.dispatchEvent(native);
    expect(copies[0]?.key).toBe("ArrowUp");
    expect(copies[0]?.currentTarget).toBe(input);
    expect(copies[0]?.nativeEvent).toBe(native);
    expect(native.defaultPrevented).toBe(true);
    expect(prevented).toBe(true);
  });

  it("selects a <select defaultValue>'s option inside an <optgroup>", () => {
    render(
      <select aria-label="country" defaultValue="NL">
        <option value="">Choose</option>
        <optgroup label="EU">
          <option value="DE">Germany</option>
          <option value="NL">Netherlands</option>
        </optgroup>
      </select>,
    );
    expect((screen.getByLabelText("country") as HTMLSelectElement).value).toBe("NL");
  });

  it("suspends the root while a component waits, without handing the wait to an error boundary", async () => {
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      render() {
        return this.state.failed ? <p>failed</p> : this.props.children;
      }
    }
    let resolve = () => {};
    const wait = new Promise<void>((r) => {
      resolve = r;
    });
    let ready = false;
    function Waits() {
      if (!ready) throw wait;
      return <p>ready</p>;
    }
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <Boundary>
          <Waits />
        </Boundary>,
      );
    });
    expect(container.textContent).toBe("");
    ready = true;
    await act(async () => {
      resolve();
      await wait;
    });
    await waitFor(() => expect(container.textContent).toBe("ready"));
    root.unmount();
    container.remove();
  });
});
