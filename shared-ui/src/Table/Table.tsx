// biome-ignore-all lint/a11y/noRedundantRoles: the CSS turns rows into cards on small screens, and browsers drop a table's implicit roles when its display changes; explicit roles keep them.
import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  memo,
  type ReactNode,
  type RefObject,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import * as styles from "./Table.css";

/*
 * A native HTML table, for page weight. The portal's tables are read and acted on through
 * the links and buttons in their cells, each reachable with Tab; none sorts or selects rows. So
 * they need no keyboard grid, and react-aria-components' Table (its grid, selection and collection
 * code, about 14 KB of gzip on every page with a list) is not used. Every element carries its role
 * explicitly: the CSS turns rows into cards on small screens (display: block/flex), and browsers
 * drop a table's implicit semantics when its display changes.
 *
 * A table wider than its place scrolls sideways in its wrapper. The grid let the arrow keys move
 * through (and so scroll) every cell; a native table does not, so while the table overflows, the
 * wrapper itself is a named region in the Tab order, which the arrow keys scroll.
 */

/**
 * What the header tells the rows: how many columns there are (the empty-state cell spans them)
 * and which one names each row (its cells are row headers, announced with every other cell).
 */
interface Columns {
  count: number;
  rowHeader: number;
}
const SetColumns = createContext<((columns: Columns) => void) | null>(null);
const ColumnsValue = createContext<Columns>({ count: 1, rowHeader: -1 });

export interface TableProps {
  "aria-label": string;
  className?: string;
  children: ReactNode;
}

/** Whether the element's content is wider than the element (it scrolls sideways), kept current. */
function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    // Both boxes: the wrapper narrows with the window, the table widens with its content. The
    // observer reports them once when observed, before the first paint.
    const observer = new ResizeObserver(() => setOverflows(el.scrollWidth > el.clientWidth));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

export function Table({ className, children, ...props }: TableProps) {
  const [columns, setColumns] = useState<Columns>({ count: 1, rowHeader: -1 });
  const wrapper = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(wrapper);
  return (
    <div
      ref={wrapper}
      className={styles.wrapper}
      // Only while it scrolls: otherwise it would be a Tab stop that does nothing.
      {...(scrolls && { role: "region", "aria-label": props["aria-label"], tabIndex: 0 })}
    >
      <table
        {...props}
        role="table"
        className={[styles.table, className].filter(Boolean).join(" ")}
      >
        <SetColumns.Provider value={setColumns}>
          <ColumnsValue.Provider value={columns}>{children}</ColumnsValue.Provider>
        </SetColumns.Provider>
      </table>
    </div>
  );
}

export function TableHeader({ children }: { children: ReactNode }) {
  const setColumns = useContext(SetColumns);
  const columns = Children.toArray(children);
  const count = columns.length;
  const rowHeader = columns.findIndex(
    (c) => isValidElement<ColumnProps>(c) && c.type === Column && c.props.isRowHeader,
  );
  // Before paint, so the rows' first frame already has their row headers and the empty text
  // spans every column.
  useLayoutEffect(() => setColumns?.({ count, rowHeader }), [setColumns, count, rowHeader]);
  return (
    <thead role="rowgroup">
      <tr role="row">{children}</tr>
    </thead>
  );
}

export interface ColumnProps {
  children: ReactNode;
  /** The column that names each row: its cells are row headers (announced with every cell). */
  isRowHeader?: boolean;
}

export function Column({ children }: ColumnProps) {
  return (
    <th role="columnheader" scope="col" className={styles.column}>
      {children}
    </th>
  );
}

type TableBodyBaseProps = {
  /** Shown in a single full-width row when there are no rows (SPEC empty texts). */
  emptyText?: ReactNode;
};

/**
 * A body whose rows are rendered from `items` by `children(item)`, keyed by each item's `id`. A
 * row re-renders only when its item changes or when one of `dependencies` changes: anything else
 * a row reads (a pending mutation's id, the signed-in user, a dialog's state) must be listed
 * there, or the row keeps showing its old value.
 */
export type DynamicTableBodyProps<T> = TableBodyBaseProps & {
  items: Iterable<T>;
  children: (item: T) => ReactNode;
  /**
   * Every value from outside the item that a row reads, `[]` when rows read only their item.
   * Compared one by one with `Object.is`: when one changes, the rows re-render; when none does,
   * they are reused (a keystroke elsewhere on the page re-renders none of them). Pass the
   * values themselves (`mutation.isPending`, `mutation.variables?.id`), not objects rebuilt on
   * every render (the `useMutation` result), which would re-render every row every time.
   */
  dependencies: readonly unknown[];
};

/** A body with its rows written out as children. */
export type StaticTableBodyProps = TableBodyBaseProps & {
  items?: undefined;
  children?: ReactNode;
  dependencies?: undefined;
};

export type TableBodyProps<T> = DynamicTableBodyProps<T> | StaticTableBodyProps;

const sameDependencies = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

interface ItemRowProps {
  item: object;
  render: (item: object) => ReactNode;
  dependencies: readonly unknown[];
}

/** One row of a dynamic body, kept while its item and the body's dependencies are the same. */
const ItemRow = memo(
  ({ item, render }: ItemRowProps) => render(item),
  (prev, next) => prev.item === next.item && sameDependencies(prev.dependencies, next.dependencies),
);

const keyOf = (item: object, index: number) => {
  const id = (item as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : index;
};

function EmptyRow({ children }: { children: ReactNode }) {
  const { count } = useContext(ColumnsValue);
  return (
    <tr role="row">
      <td role="cell" colSpan={count}>
        <div className={styles.empty}>{children}</div>
      </td>
    </tr>
  );
}

export function TableBody<T extends object>(props: TableBodyProps<T>) {
  let rows: ReactNode;
  if (props.items === undefined) {
    rows = Children.count(props.children) > 0 ? props.children : null;
  } else {
    const { items, children, dependencies } = props;
    const list = [...items];
    rows =
      list.length > 0
        ? list.map((item, i) => (
            <ItemRow
              key={keyOf(item, i)}
              item={item}
              render={children as (item: object) => ReactNode}
              dependencies={dependencies}
            />
          ))
        : null;
  }
  return (
    <tbody role="rowgroup">
      {rows ?? (props.emptyText ? <EmptyRow>{props.emptyText}</EmptyRow> : null)}
    </tbody>
  );
}

/**
 * A row of cells; `id` names the row's item (the body keys rows by it). The cell under the
 * row-header column becomes the row's header (`<th scope="row">`).
 */
export function Row({ children }: { id?: string | number; children: ReactNode }) {
  const { rowHeader } = useContext(ColumnsValue);
  return (
    <tr role="row" className={styles.row}>
      {Children.map(children, (child, i) =>
        i === rowHeader && isValidElement<CellProps>(child) && child.type === Cell
          ? cloneElement(child, { isRowHeader: true })
          : child,
      )}
    </tr>
  );
}

export interface CellProps {
  children?: ReactNode;
  /** Set by Row for the cell under the row-header column. */
  isRowHeader?: boolean;
}

export function Cell({ children, isRowHeader }: CellProps) {
  return isRowHeader ? (
    <th role="rowheader" scope="row" className={styles.cell}>
      {children}
    </th>
  ) : (
    <td role="cell" className={styles.cell}>
      {children}
    </td>
  );
}
