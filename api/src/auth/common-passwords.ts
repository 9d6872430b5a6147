import { dictionary } from "@zxcvbn-ts/language-common";
import { messages } from "../../contracts/auth.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { HttpError } from "../platform/http-error.ts";
import { DEMO_ACCOUNTS } from "../platform/seed.ts";

/**
 * The passwords every guessing attack tries first: zxcvbn-ts's common list (about 49,000, from
 * leaked password sets, most frequent first; a maintained npm package rather than a list of our
 * own) and the demo accounts' passwords, which the README prints for anyone to read. Compared
 * lower-cased, as the list is, so "Password" counts as "password". Built on first use: the API
 * pays for it when someone chooses a password, not at every start.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set([
    ...dictionary["passwords-common"],
    ...DEMO_ACCOUNTS.map((account) => account.password.toLowerCase()),
  ]);
  return common.has(password.toLowerCase());
}

/** 422 validation_error with messages.passwordTooCommon for a new password on the list. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password))
    throw new HttpError(422, ErrorCode.validation, messages.passwordTooCommon);
}
