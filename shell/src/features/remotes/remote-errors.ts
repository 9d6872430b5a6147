/** The errors a remote page can end in; the RemoteBoundary shows a panel for each kind. */

export interface VersionMismatch {
  name: string;
  required: string;
  provided: string;
}

/**
 * A remote's manifest, entry or module could not be fetched; Retry asks again. `modulesRequested`:
 * the failure came after the browser was asked to import the remote's code. Chromium keeps a
 * failed module fetch in the page's module map (importing the same URL again fails without a
 * request), so only a new page can ask the server for that code again.
 */
export class RemoteLoadError extends Error {
  readonly remote: string;
  readonly modulesRequested: boolean;
  constructor(remote: string, cause: unknown, modulesRequested = false) {
    super(`The ${remote} module could not be loaded.`);
    this.name = "RemoteLoadError";
    this.remote = remote;
    this.cause = cause;
    this.modulesRequested = modulesRequested;
  }
}

/** Found before any of a remote's code runs: the shell cannot give it the versions it needs. */
export class RemoteVersionError extends Error {
  readonly remote: string;
  readonly mismatches: VersionMismatch[];
  constructor(remote: string, mismatches: VersionMismatch[]) {
    super(
      `${remote} needs ${mismatches.map((m) => `${m.name} ${m.required} (this portal has ${m.provided})`).join(", ")}`,
    );
    this.name = "RemoteVersionError";
    this.remote = remote;
    this.mismatches = mismatches;
  }
}
