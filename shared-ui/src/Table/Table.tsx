import type { ReactNode } from "react";
import {
  Cell as AriaCell,
  Column as AriaColumn,
  type ColumnProps as AriaColumnProps,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  type TableBodyProps as AriaTableBodyProps,
  type TableProps as AriaTableProps,
  type CellProps,
  type RowProps,
  TableHeader,
} from "react-aria-components";
import * as styles from "./Table.css";

export interface TableProps extends Omit<AriaTableProps, "className"> {
  className?: string;
}

/**
 * Accessible data grid (arrow-key navigation, sortable columns via sortDescriptor /
 * onSortChange). Give the TableBody `emptyText` for the empty state.
 */
export function Table({ className, ...props }: TableProps) {
  return (
    <div className={styles.wrapper}>
      <AriaTable {...props} className={[styles.table, className].filter(Boolean).join(" ")} />
    </div>
  );
}

export { TableHeader };

export interface ColumnProps extends Omit<AriaColumnProps, "className" | "children"> {
  children: ReactNode;
}

export function Column({ children, ...props }: ColumnProps) {
  return (
    <AriaColumn {...props} className={styles.column}>
      {({ allowsSorting, sortDirection }) => (
        <>
          {children}
          {allowsSorting && (
            <span className={styles.sortIcon} aria-hidden="true">
              {sortDirection === "ascending" ? "▲" : sortDirection === "descending" ? "▼" : "↕"}
            </span>
          )}
        </>
      )}
    </AriaColumn>
  );
}

type TableBodyBaseProps<T> = Omit<
  AriaTableBodyProps<T>,
  "className" | "items" | "children" | "dependencies"
> & {
  /** Shown in a single full-width row when there are no rows (SPEC empty texts). */
  emptyText?: ReactNode;
};

/**
 * A body whose rows are rendered from `items` by `children(item)`. react-aria caches each
 * rendered row per item object, so a row re-renders only when its item changes or when one of
 * `dependencies` changes: anything else a row reads (a pending mutation's id, the signed-in
 * user, a dialog's state) must be listed there, or the row keeps showing its old value.
 */
export type DynamicTableBodyProps<T> = TableBodyBaseProps<T> & {
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
export type StaticTableBodyProps<T> = TableBodyBaseProps<T> & {
  items?: undefined;
  children?: ReactNode;
  dependencies?: undefined;
};

export type TableBodyProps<T> = DynamicTableBodyProps<T> | StaticTableBodyProps<T>;

export function TableBody<T extends object>({ emptyText, ...props }: TableBodyProps<T>) {
  return (
    <AriaTableBody<T>
      {...props}
      renderEmptyState={
        emptyText ? () => <div className={styles.empty}>{emptyText}</div> : undefined
      }
    />
  );
}

export function Row<T extends object>(props: Omit<RowProps<T>, "className">) {
  return <AriaRow {...props} className={styles.row} />;
}

export function Cell(props: Omit<CellProps, "className">) {
  return <AriaCell {...props} className={styles.cell} />;
}
