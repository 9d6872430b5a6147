import { z } from "zod/mini";
import { Timestamp, Uuid } from "./common.ts";

/** The user's signed-in sessions, as Settings lists them. */
export const sessionMessages = {
  sessionNotFound: "Session not found",
} as const;

export const SessionInfo = z.object({
  id: Uuid,
  /** The browser and system of the sign-in, readable ("Chrome on Linux"). */
  device: z.string(),
  /** The client address at sign-in; null for sessions from before it was recorded. */
  ip_address: z.nullable(z.string()),
  created_at: Timestamp,
  /** The last sign-in, refresh or second-factor step of this session. */
  last_used_at: Timestamp,
  /** The session of the access token that asked. */
  current: z.boolean(),
  /** Signed in with 'Remember me' (kept 5 days, also while unused). */
  remember: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionList = z.object({ sessions: z.array(SessionInfo) });
export type SessionList = z.infer<typeof SessionList>;

export const SessionParams = z.object({ id: z.uuid(sessionMessages.sessionNotFound) });

export const EndedSessions = z.object({ ended: z.number().check(z.int()) });
export type EndedSessions = z.infer<typeof EndedSessions>;
