import en from "./messages/en.json";
import { createTranslator } from "./translator";

/** shared-ui's own texts (dialog buttons, the validation toast's title). */
export const sharedMessages = createTranslator(
  "shared-ui",
  en,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
