import { ErrorCode } from "../../contracts/errors.ts";
import { HttpError } from "../platform/http-error.ts";

/** What the admin modules share: the conflict answer, dates as ISO text, the cursor sort key. */
export const conflict = (message: string) => new HttpError(409, ErrorCode.conflict, message);

export const iso = (d: Date) => d.toISOString();

/** The sort key as exact text (ISO 8601 with microseconds, whatever the DateStyle), for cursors. */
export type Keyed = { sort_at: string };
