import {
  myServicesQueryOptions,
  profileQueryOptions,
  queryClient,
} from "@hosting-portal/shared-ui";
import { membershipsQuery } from "../accounts/memberships-query";
import { emailVerificationQuery } from "../email-verification/verification-query";

/**
 * Asks for the signed-in frame's own reads before the frame renders, so its first render finds
 * them in the cache instead of asking from its effects after the first commit: the top bar's
 * profile, the side navigation's services, and what decides the frame's banners and account
 * switcher (the accounts the person belongs to, the email's verification), which would otherwise
 * appear a moment after the page and push it down. The same queries the components read, with
 * their staleTime: mounting them asks nothing again. Settles when all have (a failed read is the
 * component's to show; prefetchQuery never rejects).
 */
export async function prefetchFrameData(): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(profileQueryOptions()),
    queryClient.prefetchQuery(myServicesQueryOptions()),
    queryClient.prefetchQuery(membershipsQuery),
    queryClient.prefetchQuery(emailVerificationQuery),
  ]);
}
