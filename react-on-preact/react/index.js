// The whole renderer in one module: React's API from preact/compat, the JSX runtime and the
// roots. A page shares this module as its one "react" (a federation singleton), so the shell and
// every remote render with one Preact instance: its hooks and its options (where compat turns
// React's props into the DOM's) are module state, and a second copy would not see the first's.
import { options, toChildArray } from "preact";
import compat, { createPortal as compatCreatePortal, createElement, Suspense } from "preact/compat";
import { createRoot as compatCreateRoot } from "preact/compat/client";

/*
 * What this module adds to Preact's `options` (below) is added once per Preact: a tool that loads
 * this module twice, under its linked and its real path (Vitest does), must not wrap the first
 * copy's handlers in the second's.
 */
const ADAPTED = Symbol.for("react-on-preact.adapted");
const firstCopy = !(/** @type {Record<symbol, unknown>} */ (options)[ADAPTED]);
/** @type {Record<symbol, unknown>} */ (options)[ADAPTED] = true;

export * from "preact/compat";
export default { ...compat, createPortal };
export { jsx, jsxDEV, jsxs } from "preact/jsx-runtime";

/**
 * React 19's `useOptimistic`, which preact/compat lacks. react-router imports it for its data
 * router, which the portal does not use (router/src/index.ts exports declarative routing only);
 * this keeps the import resolvable and, if it were ever called, shows the real state.
 */
export function useOptimistic(state) {
  return [state, () => {}];
}

/*
 * When `useEffect` callbacks and cleanups run. React runs them in a task right after the render is
 * committed, and at once when the render answers a user's input (a key, a click); Preact waits for
 * the next animation frame. React Aria relies on React's order: a modal takes `inert` off the rest
 * of the page in an effect cleanup and gives focus back to the button that opened it in a frame
 * callback. A browser runs that frame's callbacks right after the Escape key's handlers, so with
 * Preact's timing the button was still inert then, and focus fell to the body.
 */
const effectsChannel = typeof MessageChannel === "function" ? new MessageChannel() : undefined;
/** @type {(() => void)[]} */
const pendingEffects = [];
const flushEffects = () => {
  for (const flush of pendingEffects.splice(0)) flush();
};
if (firstCopy && effectsChannel) {
  effectsChannel.port1.onmessage = flushEffects;
  options.requestAnimationFrame = (/** @type {() => void} */ flush) => {
    if (pendingEffects.push(flush) > 1) return;
    // `window.event` is the event whose handler is running (a render after input happens in a
    // microtask of that handler).
    if (typeof window !== "undefined" && window.event) queueMicrotask(flushEffects);
    else effectsChannel.port2.postMessage(null);
  };
}

/**
 * React DOM's `createRoot`. In React a component that suspends with no `<Suspense>` above it
 * suspends the root: nothing new is shown until it can render (the shell's translator suspends so
 * while a language's messages load). Preact hands such a promise to the nearest error boundary
 * instead, so each root holds a `<Suspense>` of its own, showing nothing meanwhile as React does.
 */
export function createRoot(/** @type {Element} */ container) {
  const root = compatCreateRoot(container);
  return {
    render: (/** @type {unknown} */ children) =>
      root.render(createElement(Suspense, { fallback: null }, children)),
    unmount: () => root.unmount(),
  };
}

/**
 * React DOM's `createPortal`. React Aria's collections (menus, list boxes, tables) build their
 * items by rendering into a document of their own (react-aria's collections/Document), which has
 * what React DOM calls on a document and its nodes but not what Preact calls: `createElementNS`
 * (React DOM calls `createElement`) and a node's `remove()` (React DOM calls the parent's
 * `removeChild`). Those two are given to such a document when something is rendered into it.
 */
export function createPortal(children, container) {
  const doc = container?.ownerDocument;
  if (doc && typeof doc.createElementNS !== "function" && typeof doc.createElement === "function") {
    doc.createElementNS = (/** @type {string} */ _namespace, /** @type {string} */ type) =>
      doc.createElement(type);
    const nodePrototype = Object.getPrototypeOf(Object.getPrototypeOf(doc));
    if (!("remove" in nodePrototype)) {
      nodePrototype.remove = function remove() {
        this.parentNode?.removeChild(this);
      };
    }
  }
  return compatCreatePortal(children, container);
}

/*
 * React hands an event handler a synthetic event: a plain object with the event's fields as its
 * own properties. Preact hands it the DOM's event, whose fields are getters on its prototypes.
 * React Aria copies events with `{ ...event }` (its keyboard handlers, long press), which copies
 * own properties only, so with the DOM's event it would lose `key`, `currentTarget` and the rest:
 * arrow keys in menus and number fields, Escape in dialogs. Like React, each handler therefore
 * gets an object with the fields read when it runs (`currentTarget` is its element), the methods
 * acting on the DOM's event and `nativeEvent` naming it.
 */
/** @type {Map<object, string[]>} */
const fieldsByPrototype = new Map();

/** The names of an event's fields: the getters of its prototypes (KeyboardEvent, UIEvent, Event). */
function fieldsOf(/** @type {object} */ proto) {
  let names = fieldsByPrototype.get(proto);
  if (!names) {
    const found = new Set();
    for (let p = proto; p && Object.getPrototypeOf(p); p = Object.getPrototypeOf(p)) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
        if (d.get && name !== "__proto__") found.add(name);
      }
    }
    names = [...found];
    fieldsByPrototype.set(proto, names);
  }
  return names;
}

function syntheticEvent(/** @type {Event} */ e) {
  /** @type {Record<string, unknown>} */
  const event = {};
  for (const name of fieldsOf(Object.getPrototypeOf(e))) event[name] = e[name];
  // Fields a test library defines on the event itself.
  for (const name of Object.getOwnPropertyNames(e)) if (!(name in event)) event[name] = e[name];
  let propagationStopped = false;
  Object.assign(event, {
    nativeEvent: e,
    preventDefault() {
      e.preventDefault();
      event.defaultPrevented = true;
    },
    isDefaultPrevented: () => e.defaultPrevented,
    stopPropagation() {
      e.stopPropagation();
      propagationStopped = true;
    },
    stopImmediatePropagation() {
      e.stopImmediatePropagation();
      propagationStopped = true;
    },
    isPropagationStopped: () => propagationStopped,
    persist() {},
    getModifierState: (/** @type {string} */ key) =>
      "getModifierState" in e ? /** @type {KeyboardEvent} */ (e).getModifierState(key) : false,
    composedPath: () => e.composedPath(),
  });
  return event;
}

if (firstCopy) {
  const compatEvent = options.event;
  options.event = (/** @type {Event} */ e) => syntheticEvent(compatEvent ? compatEvent(e) : e);
}

/*
 * React selects a `<select defaultValue>`'s option wherever it is; preact/compat marks only the
 * select's direct `<option>` children, so an option inside an `<optgroup>` (the billing form's
 * countries, grouped EU and other) would not be selected. The grouped ones are marked here.
 */
if (firstCopy) {
  const compatVNode = options.vnode;
  options.vnode = (vnode) => {
    const props = /** @type {Record<string, unknown>} */ (vnode.props);
    if (vnode.type === "select" && props.defaultValue != null && !props.multiple) {
      for (const group of toChildArray(props.children)) {
        if (typeof group !== "object" || group.type !== "optgroup") continue;
        for (const option of toChildArray(group.props.children)) {
          if (typeof option === "object")
            option.props.selected = option.props.value === props.defaultValue;
        }
      }
    }
    compatVNode?.(vnode);
  };
}
