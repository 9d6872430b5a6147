import { createTranslator, type MessageValues } from "@hosting-portal/shared-ui";
import { useCallback } from "react";
import { type AuthKey, type FrameKey, messages as frame, useT as useFrameT } from "../../i18n";
import en from "../../messages/en.json?keys=auth.";

/**
 * The texts of the sign-in, registration, recovery and verification pages (the shell's `auth.*`
 * messages), loaded with those pages rather than with the frame every signed-in page loads.
 * `useT` and `messages.t` take the frame's keys too, so the pages translate everything through
 * one function.
 */
const auth = createTranslator<AuthKey>(
  "shell",
  en as Record<AuthKey, string>,
  import.meta.glob(["../../messages/*.json", "!../../messages/en.json"], {
    import: "default",
    query: "?keys=auth.",
  }),
);

type Key = AuthKey | FrameKey;
const isAuth = (id: Key): id is AuthKey => id.startsWith("auth.");

export const messages = {
  t: (id: Key, values?: MessageValues): string =>
    isAuth(id) ? auth.t(id, values) : frame.t(id, values),
};

export function useT(): (id: Key, values?: MessageValues) => string {
  const authT = auth.useT();
  const frameT = useFrameT();
  return useCallback(
    (id: Key, values?: MessageValues) => (isAuth(id) ? authT(id, values) : frameT(id, values)),
    [authT, frameT],
  );
}
