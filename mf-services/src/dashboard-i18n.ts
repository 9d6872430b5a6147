import { createTranslator } from "@hosting-portal/shared-ui";
import type all from "./messages/en.json";
import en from "./messages/en.json?keys=dashboard.,table.,status.,assigning,beingSetUp,manage,tryAgain";

/** The keys the dashboard and what it shares with the service page (service-status.tsx) read. */
export type DashboardKey = Extract<
  keyof typeof all,
  | `${"dashboard" | "table" | "status"}.${string}`
  | "assigning"
  | "beingSetUp"
  | "manage"
  | "tryAgain"
>;

/**
 * The dashboard's part of mf-services' texts (compiledMessages' `?keys=`): /dashboard loads only
 * these, the service page's own texts (plan, history, controls, ...) come with that page through
 * `src/i18n.ts`, which holds the whole file.
 */
export const messages = createTranslator<DashboardKey>(
  "mf-services",
  en as Record<DashboardKey, string>,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], {
    import: "default",
    query: "?keys=dashboard.,table.,status.,assigning,beingSetUp,manage,tryAgain",
  }),
);
export const { useT } = messages;
