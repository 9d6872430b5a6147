import type { ReactElement, ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuTrigger,
  Popover,
  Separator,
} from "react-aria-components";
import * as styles from "./Menu.css";

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, "className"> {
  /** The button that opens the menu (a shared-ui Button or any react-aria pressable). */
  trigger: ReactElement;
  placement?: "bottom end" | "bottom start";
}

/** A menu button: opens with click, Enter, Space or ArrowDown; arrow keys move; Escape closes. */
export function Menu<T extends object>({
  trigger,
  placement = "bottom end",
  ...props
}: MenuProps<T>) {
  return (
    <MenuTrigger>
      {trigger}
      <Popover className={styles.popover} placement={placement} offset={6}>
        <AriaMenu {...props} className={styles.menu} />
      </Popover>
    </MenuTrigger>
  );
}

export interface MenuItemProps extends Omit<AriaMenuItemProps, "className" | "children"> {
  children: ReactNode;
}

export function MenuItem(props: MenuItemProps) {
  return <AriaMenuItem {...props} className={styles.item} />;
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
