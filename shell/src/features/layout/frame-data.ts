import {
  myServicesQueryOptions,
  profileQueryOptions,
  queryClient,
} from "@hosting-portal/shared-ui";

/**
 * Asks for the signed-in frame's own reads (the top bar's profile, the side navigation's list of
 * the caller's services) before the frame renders, so its first render finds them in the cache
 * instead of asking from its effects after the first commit. The same queries the components
 * read, with the client's staleTime: mounting them asks nothing again. Settles when both have
 * (a failed read is the component's to show; prefetchQuery never rejects).
 */
export async function prefetchFrameData(): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(profileQueryOptions()),
    queryClient.prefetchQuery(myServicesQueryOptions()),
  ]);
}
