import { z } from "@hosting-portal/schema";
import { fetchWithRetry } from "./fetch-with-retry";

const Entry = z.union([
  z.string().check(z.minLength(1)),
  z.object({
    entry: z.string().check(z.minLength(1)),
    type: z.optional(z.enum(["module", "global", "esm", "var"])),
  }),
]);

/** /remotes.json: federation name → manifest or remoteEntry URL (absolute or same-origin path). */
export const RemotesConfig = z.record(z.string().check(z.regex(/^[a-z_][a-z0-9_]*$/i)), Entry);

export interface RemoteEntry {
  name: string;
  entry: string;
  type?: "module" | "global" | "esm" | "var";
}

export function toRemoteEntries(raw: unknown, base: string): RemoteEntry[] {
  const parsed = RemotesConfig.parse(raw);
  return Object.entries(parsed).map(([name, value]) => {
    const v = typeof value === "string" ? { entry: value } : value;
    // Manifest assets resolve against the entry URL, so it must be absolute.
    return { name, entry: new URL(v.entry, base).href, ...(v.type ? { type: v.type } : {}) };
  });
}

/** Fetches the deployer-edited remote map; fails with the reason when it is missing or malformed. */
export async function fetchRemotesConfig(): Promise<RemoteEntry[]> {
  const res = await fetchWithRetry("/remotes.json", { cache: "no-cache" });
  return toRemoteEntries(await res.json(), window.location.href);
}
