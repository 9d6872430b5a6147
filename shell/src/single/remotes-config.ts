/** Single-bundle stand-in for features/remotes/remotes-config.ts: there is no remote map to fetch. */
export type { RemoteEntry } from "../features/remotes/remotes-config";

export async function fetchRemotesConfig() {
  return [];
}
