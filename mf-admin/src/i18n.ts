import { createTranslator } from "@hosting-portal/shared-ui";
import en from "./messages/en.json";

/**
 * mf-admin's texts (the staff pages): English bundled, another language loaded when the page is
 * in it. Pages are moved to these files one at a time; the ones not moved yet are still English.
 */
export const messages = createTranslator(
  "mf-admin",
  en,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
export const { useT } = messages;
