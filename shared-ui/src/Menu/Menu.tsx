import { type ReactElement, type ReactNode, useEffect, useRef, useState } from "react";
import { mergeProps } from "react-aria/mergeProps";
import { useMenuTrigger } from "react-aria/useMenu";
import {
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  ButtonContext,
} from "react-aria-components";
import { useMenuTriggerState } from "react-stately/useMenuTriggerState";

type MenuParts = typeof import("./menu-parts");

/*
 * A menu's popover and items (React Aria's menu, popover, focus-scope and collection code, about
 * a sixth of the frame's JavaScript) load when a menu is about to open, not with the frame: every
 * signed-in page shows the top bar's menus and few visits open one. Pointing at or focusing the
 * trigger starts the load, so a mouse or keyboard user finds it there when pressing.
 */
let loadedParts: MenuParts | undefined;
let partsLoad: Promise<MenuParts> | undefined;

function loadMenuParts(): Promise<MenuParts> {
  partsLoad ??= import("./menu-parts").then(
    (parts) => {
      loadedParts = parts;
      return parts;
    },
    (error: unknown) => {
      // A failed download is asked again the next time a menu is about to open.
      partsLoad = undefined;
      throw error;
    },
  );
  return partsLoad;
}

function preloadMenuParts(): void {
  loadMenuParts().catch(() => {});
}

/** The loaded parts: only an open menu renders its items, and it opens once they are loaded. */
function openMenuParts(): MenuParts {
  if (!loadedParts) throw new Error("MenuItem and MenuSeparator render inside a Menu's children");
  return loadedParts;
}

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, "className"> {
  /** The button that opens the menu (a shared-ui Button or a react-aria-components Button). */
  trigger: ReactElement;
  placement?: "bottom end" | "bottom start";
}

/** A menu button: opens with click, Enter, Space or ArrowDown; arrow keys move; Escape closes. */
export function Menu<T extends object>({
  trigger,
  placement = "bottom end",
  ...menu
}: MenuProps<T>) {
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: "menu" }, state, triggerRef);
  const [parts, setParts] = useState(loadedParts);
  const { isOpen, close } = state;

  useEffect(() => {
    if (!isOpen || parts) return;
    let current = true;
    loadMenuParts().then(
      (loaded) => current && setParts(loaded),
      // Without its code the menu cannot show: it closes, and the next press asks again.
      () => current && close(),
    );
    return () => {
      current = false;
    };
  }, [isOpen, parts, close]);

  return (
    <>
      <ButtonContext.Provider
        value={{
          ...mergeProps(menuTriggerProps, {
            onHoverStart: preloadMenuParts,
            onFocus: preloadMenuParts,
            // A touch opens the menu when the finger lifts: the download starts as it lands.
            onPressStart: preloadMenuParts,
            // Until its code is here the popover, which closes on Escape and on leaving it, is not
            // there to: the trigger does both meanwhile, so a menu given up does not appear later.
            onKeyDown: (e: { key: string }) => {
              if (e.key === "Escape" && isOpen && !parts) close();
            },
            onBlur: () => {
              if (isOpen && !parts) close();
            },
          }),
          ref: triggerRef,
          isPressed: isOpen,
        }}
      >
        {trigger}
      </ButtonContext.Provider>
      {parts && (
        <parts.MenuPopover
          state={state}
          triggerRef={triggerRef}
          menuProps={menuProps}
          placement={placement}
          menu={menu}
        />
      )}
    </>
  );
}

export interface MenuItemProps extends Omit<AriaMenuItemProps, "className" | "children"> {
  children: ReactNode;
}

export function MenuItem(props: MenuItemProps) {
  const { MenuItem: LoadedMenuItem } = openMenuParts();
  return <LoadedMenuItem {...props} />;
}

export function MenuSeparator() {
  const { MenuSeparator: LoadedMenuSeparator } = openMenuParts();
  return <LoadedMenuSeparator />;
}
