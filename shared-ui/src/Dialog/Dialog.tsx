import type { ReactNode } from "react";
import {
  Dialog as AriaDialog,
  type DialogProps as AriaDialogProps,
  Heading,
  Modal,
  ModalOverlay,
} from "react-aria-components";
import { Button } from "../Button/Button";
import { sharedMessages } from "../i18n/shared-messages";
import * as styles from "./Dialog.css";

export interface DialogProps extends Omit<AriaDialogProps, "className" | "children"> {
  title: string;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Controlled open state; omit both to open through a surrounding DialogTrigger. */
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  isDismissable?: boolean;
}

/** Modal dialog: focus is trapped inside, Escape closes it, focus returns to the trigger. */
export function Dialog({
  title,
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  ...props
}: DialogProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
    >
      <Modal className={styles.modal}>
        <AriaDialog {...props} className={styles.dialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {typeof children === "function" ? children({ close }) : children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for irreversible actions. */
  destructive?: boolean;
  isPending?: boolean;
}

/** The confirmation step before an order, a renewal or a removal. */
export function ConfirmDialog({
  title,
  children,
  isOpen,
  onOpenChange,
  onConfirm,
  confirmLabel,
  cancelLabel,
  destructive = false,
  isPending = false,
}: ConfirmDialogProps) {
  const t = sharedMessages.useT();
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} role="alertdialog">
      {({ close }) => (
        <>
          {children && <div className={styles.body}>{children}</div>}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={close} isDisabled={isPending}>
              {cancelLabel ?? t("dialog.cancel")}
            </Button>
            <Button
              variant={destructive ? "danger" : "primary"}
              onPress={onConfirm}
              isPending={isPending}
              autoFocus
            >
              {confirmLabel ?? t("dialog.confirm")}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
