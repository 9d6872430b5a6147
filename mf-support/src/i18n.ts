import { createTranslator } from "@hosting-portal/shared-ui";
import en from "./messages/en.json";

/**
 * mf-support's texts: English bundled, another language loaded when the page is in it. The
 * staff pages (the queue and a ticket seen by staff) stay English, like the other staff pages.
 */
export const messages = createTranslator(
  "mf-support",
  en,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
export const { useT } = messages;
