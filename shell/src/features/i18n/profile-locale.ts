import { api, getLocale, setLocale, useProfile } from "@hosting-portal/shared-ui";
import { useEffect } from "react";

/** A language picked on the sign-in pages in this page's life, to save once signed in. */
export const visitorChoice = { choiceBeforeSignIn: false };

/**
 * The profile's saved language wins over the browser's (and is remembered on this device, so the
 * next visit starts in it). A profile that never named one takes the language the visitor just
 * picked on the sign-in page.
 */
export function useProfileLocale() {
  const { data: profile } = useProfile();
  const saved = profile ? profile.locale : undefined;
  useEffect(() => {
    if (saved === undefined) return;
    if (saved) {
      if (saved !== getLocale()) void setLocale(saved);
    } else if (visitorChoice.choiceBeforeSignIn) {
      visitorChoice.choiceBeforeSignIn = false;
      void api.put("/api/account/locale", { locale: getLocale() }).catch(() => undefined);
    }
  }, [saved]);
}
