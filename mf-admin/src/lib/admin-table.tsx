import { Button, Cell, Column, ConfirmDialog, TableHeader } from "@hosting-portal/shared-ui";
import type { ReactNode } from "react";
import { useT } from "../i18n";
import * as styles from "./admin.css";

/**
 * An admin table's header: the first column names the row (screen readers announce it with each
 * cell), and the optional last one, right-aligned, stands over the row buttons.
 */
export function AdminTableHeader({
  columns,
  actions,
}: {
  columns: readonly [string, ...string[]];
  actions?: string;
}) {
  const [rowHeader, ...others] = columns;
  return (
    <TableHeader>
      <Column isRowHeader>{rowHeader}</Column>
      {others.map((name) => (
        <Column key={name}>{name}</Column>
      ))}
      {actions && (
        <Column>
          <span className={styles.actions}>{actions}</span>
        </Column>
      )}
    </TableHeader>
  );
}

/** The last cell of a row: its buttons, right-aligned. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Cell>
      <div className={styles.actions}>{children}</div>
    </Cell>
  );
}

/** A cell's name over a smaller muted line: a customer and their email, a product and its price. */
export function NameAndDetail({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    <div className={styles.stack}>
      <span className={styles.primaryText}>{name}</span>
      <span className={styles.muted}>{detail}</span>
    </div>
  );
}

/**
 * A row's action button ("Suspend", "Link"); `label` names the row too, since screen readers list
 * the buttons of a table without their row.
 */
export function RowAction({
  label,
  onPress,
  isPending,
  children,
}: {
  label: string;
  onPress: () => void;
  isPending?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={label}
      isPending={isPending}
      onPress={onPress}
    >
      {children}
    </Button>
  );
}

/** A row's "Remove" button, quieter than the others; it opens the row's RemoveDialog. */
export function RemoveButton({ label, onPress }: { label: string; onPress: () => void }) {
  const t = useT();
  return (
    <Button size="sm" variant="ghost" aria-label={label} onPress={onPress}>
      {t("row.remove")}
    </Button>
  );
}

/**
 * What RemoveDialog needs of a remove mutation (a useAdminMutation taking the row's id, or the id
 * with the removal's options, e.g. a service's `deleteAtProvider`).
 */
export interface RemoveMutation<R, V = string> {
  mutate(vars: V, options: { onSuccess: (result: R) => void }): void;
  isPending: boolean;
}

/**
 * Confirms removing one row, then removes it: `onRemoved` says what happened (a toast) and the
 * dialog closes. A failure keeps it open with the mutation's error toast.
 */
export function RemoveDialog<R, V = string>({
  title,
  confirmLabel,
  id,
  remove,
  onRemoved,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  /** What the remove mutation is called with: the row's id, or the id and options. */
  id: V;
  remove: RemoveMutation<R, V>;
  onRemoved: (result: R) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={title}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      destructive
      confirmLabel={confirmLabel}
      isPending={remove.isPending}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: (result) => {
            onRemoved(result);
            onClose();
          },
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
