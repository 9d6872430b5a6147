export { createRoot } from "react";
