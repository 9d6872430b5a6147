import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "./Table";

const rows = [
  { id: "b", name: "Beta", price: 20 },
  { id: "a", name: "Alpha", price: 10 },
];

function Products({ items }: { items: typeof rows }) {
  return (
    <Table aria-label="Products">
      <TableHeader>
        <Column isRowHeader>Name</Column>
        <Column>Price</Column>
        <Column>Action</Column>
      </TableHeader>
      <TableBody items={items} dependencies={[]} emptyText="No VPS products available yet">
        {(r) => (
          <Row id={r.id}>
            <Cell>{r.name}</Cell>
            <Cell>{r.price}</Cell>
            <Cell>
              <a href={`/products/${r.id}`}>Order {r.name}</a>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("rowheader")[0]?.textContent);

/** Counts how often each row's content renders. */
const renders = new Map<string, number>();
function Probe({ id }: { id: string }) {
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return null;
}

/**
 * A page whose rows read its own state (which row is busy) besides their item, with a text field
 * whose every keystroke re-renders the page.
 */
function WithOutsideState({ items }: { items: typeof rows }) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [note, setNote] = useState("");
  return (
    <>
      <input aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="button" onClick={() => setBusyId(null)}>
        Done
      </button>
      <Table aria-label="Products">
        <TableHeader>
          <Column isRowHeader>Name</Column>
          <Column>Action</Column>
        </TableHeader>
        <TableBody items={items} dependencies={[busyId]}>
          {(r) => (
            <Row id={r.id}>
              <Cell>
                {r.name}
                <Probe id={r.id} />
              </Cell>
              <Cell>
                <button
                  type="button"
                  disabled={busyId === r.id}
                  aria-label={`Start ${r.name}`}
                  onClick={() => setBusyId(r.id)}
                >
                  {busyId === r.id ? "Working" : "Start"}
                </button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </>
  );
}

describe("Table", () => {
  it("is a table named by its label, whose first column heads each row", () => {
    render(<Products items={rows} />);
    const table = screen.getByRole("table", { name: "Products" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Name", "Price", "Action"]);
    expect(names()).toEqual(["Beta", "Alpha"]);
    const first = within(table).getAllByRole("row")[1]!;
    expect(
      within(first)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["20", "Order Beta"]);
    expect(within(first).getByRole("rowheader").tagName).toBe("TH");
    // Links and buttons in cells are reached with Tab: no keyboard grid holds them back.
    expect(within(first).getByRole("link", { name: "Order Beta" }).tabIndex).toBe(0);
  });

  it("shows the empty text in one cell across every column", () => {
    render(<Products items={[]} />);
    const text = screen.getByText("No VPS products available yet");
    expect(text.closest("td")?.colSpan).toBe(3);
  });

  it("re-renders rows when a value listed in the body's dependencies changes", async () => {
    const user = userEvent.setup();
    render(<WithOutsideState items={rows} />);
    const start = (name: string) => screen.getByRole("button", { name: `Start ${name}` });

    await user.click(start("Beta"));
    expect((start("Beta") as HTMLButtonElement).disabled).toBe(true);
    expect(start("Beta").textContent).toBe("Working");
    expect((start("Alpha") as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect((start("Beta") as HTMLButtonElement).disabled).toBe(false);
    expect(start("Beta").textContent).toBe("Start");
  });

  it("re-renders no row when the page re-renders for anything else (a keystroke)", async () => {
    const user = userEvent.setup();
    render(<WithOutsideState items={rows} />);
    renders.clear();
    await user.type(screen.getByLabelText("Note"), "hello");
    expect((screen.getByLabelText("Note") as HTMLInputElement).value).toBe("hello");
    expect(renders.size).toBe(0);

    await user.click(screen.getByRole("button", { name: "Start Alpha" }));
    expect(renders.get("a")).toBeGreaterThan(0);
  });

  it("re-renders a row whose item changed", () => {
    const { rerender } = render(<WithOutsideState items={rows} />);
    rerender(<WithOutsideState items={[{ ...rows[0]!, name: "Gamma" }, rows[1]!]} />);
    expect(screen.getByRole("button", { name: "Start Gamma" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start Beta" })).toBeNull();
  });

  describe("when it is wider than its place", () => {
    /** Lays the wrapper out `contentWidth` px of content in 400 px, as a browser would. */
    function layOut(contentWidth: number) {
      vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(400);
      vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(contentWidth);
      // jsdom has no ResizeObserver; a browser's reports each box once when it is observed.
      vi.stubGlobal(
        "ResizeObserver",
        class {
          constructor(private readonly report: () => void) {}
          observe() {
            this.report();
          }
          disconnect() {}
        },
      );
    }
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it("is a named region in the Tab order, to scroll with the arrow keys", () => {
      layOut(900);
      render(<Products items={rows} />);
      const region = screen.getByRole("region", { name: "Products" });
      expect(region.tabIndex).toBe(0);
      expect(within(region).getByRole("table", { name: "Products" })).toBeTruthy();
    });

    it("is no Tab stop when it fits", () => {
      layOut(400);
      const { container } = render(<Products items={rows} />);
      expect(screen.queryByRole("region")).toBeNull();
      expect(container.querySelector("[tabindex]")).toBeNull();
    });
  });
});
