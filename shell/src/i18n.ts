import { createTranslator } from "@hosting-portal/shared-ui";
import type all from "./messages/en.json";
import en from "./messages/en.json?keys=!auth.,auth.linkFailed";

/** The keys of the sign-in, registration, recovery and verification pages (features/auth/i18n.ts). */
export type AuthKey = Extract<keyof typeof all, `auth.${string}`>;
/** The frame's keys: every other one, and the verification banner's failure. */
export type FrameKey = Exclude<keyof typeof all, AuthKey> | "auth.linkFailed";

/**
 * The shell's texts of the frame (top bar, navigation, banners): English bundled, others loaded
 * when used. The sign-in pages' texts come with those pages (features/auth/i18n.ts): a signed-in
 * page does not load them.
 */
export const messages = createTranslator<FrameKey>(
  "shell",
  en as Record<FrameKey, string>,
  import.meta.glob(["./messages/*.json", "!./messages/en.json"], {
    import: "default",
    query: "?keys=!auth.,auth.linkFailed",
  }),
);
export const { useT } = messages;
