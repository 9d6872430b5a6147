import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMemo, useState } from "react";
import type { SortDescriptor } from "react-aria-components";
import { describe, expect, it } from "vitest";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "./Table";

const rows = [
  { id: "b", name: "Beta", price: 20 },
  { id: "a", name: "Alpha", price: 10 },
];

function Sortable({ items }: { items: typeof rows }) {
  const [sort, setSort] = useState<SortDescriptor>({ column: "name", direction: "ascending" });
  const sorted = useMemo(() => {
    const key = sort.column as "name" | "price";
    const out = [...items].sort((x, y) => (x[key] < y[key] ? -1 : x[key] > y[key] ? 1 : 0));
    return sort.direction === "descending" ? out.reverse() : out;
  }, [items, sort]);
  return (
    <Table aria-label="Products" sortDescriptor={sort} onSortChange={setSort}>
      <TableHeader>
        <Column id="name" isRowHeader allowsSorting>
          Name
        </Column>
        <Column id="price" allowsSorting>
          Price
        </Column>
      </TableHeader>
      <TableBody items={sorted} dependencies={[]} emptyText="No VPS products available yet">
        {(r) => (
          <Row id={r.id}>
            <Cell>{r.name}</Cell>
            <Cell>{r.price}</Cell>
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
  it("sorts when a header is pressed or activated with Enter", async () => {
    const user = userEvent.setup();
    render(<Sortable items={rows} />);
    expect(names()).toEqual(["Alpha", "Beta"]);
    await user.click(screen.getByRole("columnheader", { name: /Name/ }));
    expect(names()).toEqual(["Beta", "Alpha"]);
    screen.getByRole("columnheader", { name: /Name/ }).focus();
    await user.keyboard("{Enter}");
    expect(names()).toEqual(["Alpha", "Beta"]);
  });

  it("shows the empty text without rows", () => {
    render(<Sortable items={[]} />);
    expect(screen.getByText("No VPS products available yet")).toBeTruthy();
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
});
