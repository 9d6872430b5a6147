import { type RefObject, useEffect, useState } from "react";
import type { AriaMenuOptions } from "react-aria/useMenu";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuProps as AriaMenuProps,
  MenuContext,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  Separator,
} from "react-aria-components";
import type { RootMenuTriggerState } from "react-stately/useMenuTriggerState";
import type { MenuItemProps } from "./Menu";
import * as styles from "./Menu.css";

/**
 * A menu's open part: the popover and its items, with the contexts React Aria's MenuTrigger
 * gives them (Menu.tsx keeps the trigger and its state, and loads this module when a menu is
 * about to open).
 */
export function MenuPopover<T extends object>({
  state,
  triggerRef,
  menuProps,
  placement,
  menu,
}: {
  state: RootMenuTriggerState;
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuProps: AriaMenuOptions<unknown>;
  placement: "bottom end" | "bottom start";
  menu: Omit<AriaMenuProps<T>, "className">;
}) {
  // Mounted already open (the first time, when its code has just loaded), React Aria focused the
  // menu instead of its first item and lost the focus on closing; as under MenuTrigger, the
  // popover opens one render after it is mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Provider
      values={[
        [MenuContext, menuProps as AriaMenuProps<object>],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          { trigger: "MenuTrigger", triggerRef, "aria-labelledby": menuProps["aria-labelledby"] },
        ],
      ]}
    >
      <Popover
        className={styles.popover}
        placement={placement}
        offset={6}
        isOpen={mounted && state.isOpen}
        onOpenChange={state.setOpen}
      >
        <AriaMenu {...menu} className={styles.menu} />
      </Popover>
    </Provider>
  );
}

export function MenuItem(props: MenuItemProps) {
  return <AriaMenuItem {...props} className={styles.item} />;
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
