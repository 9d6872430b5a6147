// Each app bundles its JSX runtime (the compiled `jsx()` calls import it), so it takes the
// functions from the shared "react" module: elements are made by the page's one Preact.
export { Fragment, jsx, jsxDEV, jsxs } from "react";
