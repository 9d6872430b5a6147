import { z } from "zod/mini";
import { Money, Timestamp, Uuid } from "./common.ts";

export const Profile = z.object({
  id: Uuid,
  username: z.string(),
  email: z.string(),
  credits: Money,
  created_at: Timestamp,
});
export type Profile = z.infer<typeof Profile>;

/** Pushed on GET /api/events (server-sent events) when the caller's profile row changes. */
export const ProfileChangedEvent = z.object({
  id: Uuid,
  username: z.string(),
  credits: Money,
});
export type ProfileChangedEvent = z.infer<typeof ProfileChangedEvent>;

/** Pushed on GET /api/events when the caller's services or orders change (admin, expiry job, another tab). */
export const DataChangedEvent = z.object({ topic: z.enum(["services", "orders"]) });
export type DataChangedEvent = z.infer<typeof DataChangedEvent>;
