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
      <TableBody items={sorted} emptyText="No VPS products available yet">
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
});
