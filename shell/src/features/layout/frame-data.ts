import {
  membershipsQueryOptions,
  myServicesQueryOptions,
  profileQueryOptions,
  queryClient,
} from "@hosting-portal/shared-ui";
import { emailVerificationQuery } from "../email-verification/verification-query";

/**
 * Asks for the signed-in frame's own reads before the frame renders, so its first render finds
 * them in the cache instead of asking from its effects after the first commit. The same queries
 * the components read, with their staleTime: mounting them asks nothing again.
 *
 * Settles when the top bar's profile and the side navigation's services have (a failed read is
 * the component's to show; prefetchQuery never rejects). What decides the banners and the account
 * switcher (the accounts the person belongs to, the email's verification) starts with them but is
 * not waited for: it is normally back before the page's code, so no banner pushes the page down
 * after it appeared, and waiting for the slower of four reads delayed the first render of every
 * page (~130 ms at a 4x CPU throttle, docs/page-weight.md section 14) for a banner few people see.
 */
export async function prefetchFrameData(): Promise<void> {
  void queryClient.prefetchQuery(membershipsQueryOptions());
  void queryClient.prefetchQuery(emailVerificationQuery);
  await Promise.all([
    queryClient.prefetchQuery(profileQueryOptions()),
    queryClient.prefetchQuery(myServicesQueryOptions()),
  ]);
}
