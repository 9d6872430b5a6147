import { createTranslator } from "@hosting-portal/shared-ui";
import en from "./messages/en.json";

/** mf-account' texts: English bundled, another language loaded when the page is in it. */
export const messages = createTranslator(
  "mf-account",
  en,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
export const { useT } = messages;
