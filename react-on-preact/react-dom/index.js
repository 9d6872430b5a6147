// createPortal, flushSync and the rest of React DOM are in preact/compat, which is the react
// package: re-exported from it so that a page has one renderer.
export * from "react";
export { default } from "react";
