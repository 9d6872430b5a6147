import { createTranslator } from "@hosting-portal/shared-ui";
import en from "./messages/en.json";

/** The shell's texts (sign-in, top bar, navigation): English bundled, others loaded when used. */
export const messages = createTranslator(
  "shell",
  en,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
export const { useT } = messages;
