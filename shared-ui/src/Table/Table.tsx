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

export interface TableBodyProps<T> extends Omit<AriaTableBodyProps<T>, "className"> {
  /** Shown in a single full-width row when there are no rows (SPEC empty texts). */
  emptyText?: ReactNode;
}

export function TableBody<T extends object>({ emptyText, ...props }: TableBodyProps<T>) {
  return (
    <AriaTableBody
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
