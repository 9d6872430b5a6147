import { createTranslator } from "@hosting-portal/shared-ui";
import en from "./messages/en.json";

/**
 * mf-support's texts, the customer's pages and the staff's (keys `staff.*`): English bundled,
 * another language loaded when the page is in it.
 */
export const messages = createTranslator(
  "mf-support",
  en,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
export const { useT } = messages;
