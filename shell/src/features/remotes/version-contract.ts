import { satisfy } from "@module-federation/runtime";
import type { VersionMismatch } from "./remote-errors";

/**
 * The version contract between the shell and a remote (docs/remotes.md): every singleton the
 * remote shares (React, the router, React Query, shared-ui) records in its manifest the range it
 * was built for; the page loaded in the browser has exactly one copy of each, the shell's, so
 * each range must accept the shell's version. A remote built against a newer shared-ui (one new
 * export is enough) would otherwise render with the shell's older copy and crash.
 */

export interface SharedRequirement {
  name: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** The manifest's `shared` list, read defensively: a manifest is a remote team's file. */
export function sharedRequirements(manifest: unknown): SharedRequirement[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return [];
  return shared.filter(
    (s): s is SharedRequirement =>
      typeof s === "object" && s !== null && typeof (s as SharedRequirement).name === "string",
  );
}

/** Singletons whose required range the shell's version does not satisfy. */
export function versionMismatches(
  required: SharedRequirement[],
  provided: Record<string, string>,
): VersionMismatch[] {
  const mismatches: VersionMismatch[] = [];
  for (const r of required) {
    const have = provided[r.name];
    if (!r.singleton || !r.requiredVersion || !have) continue;
    if (!satisfy(have, r.requiredVersion))
      mismatches.push({ name: r.name, required: r.requiredVersion, provided: have });
  }
  return mismatches;
}
