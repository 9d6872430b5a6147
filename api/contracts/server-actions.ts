import { z } from "zod/mini";
import { Timestamp, Uuid } from "./common.ts";
import { fillTemplate } from "./i18n/fill-template.ts";

/**
 * What a customer does to their own VPS beyond SPEC's four buttons: reinstall, console, reverse
 * DNS, backups (forced power is in services.ts with the other power actions).
 */

/**
 * The text a customer types to confirm an action that wipes the disk (reinstall, restore): the
 * service's short id as the dashboard shows it (SPEC §9: 8 characters).
 */
export const confirmationText = (serviceId: string) => serviceId.slice(0, 8);

export const serverActionMessages = {
  confirmMismatch: "Type the service's short id to confirm",
  reinstallRunning: "A reinstall of this server is already running",
  planChanging: "Wait until the plan change of this server has finished",
  busyReinstalling: "The server is being reinstalled: wait until it is done",
  backupRunning: "A backup operation is already running on this server",
  templateUnknown: "Choose a system from the list",
  hostnameInvalid: "Enter a host name such as mail.example.com, or leave it empty",
  ipNotOwned: "This address does not belong to the server",
  backupUnknown: "This backup no longer exists",
  reinstallStarted: "Reinstall started",
  reinstallDone: "Reinstall finished",
  reinstallFailed:
    "The reinstall failed. Your server keeps running its previous system if the provider did not start; contact support if it does not come back.",
  backupStarted: "Backup started",
  restoreStarted: "Restore started",
  rdnsSaved: "Reverse DNS saved",
  rdnsReset: "Reverse DNS reset to the provider's default",
  unavailable: "The server provider is not answering right now. Try again in a moment.",
  /** The template of `failed` (i18n/message-template.ts): "load backups", "reinstall", … */
  failedAction: "Failed to {action}",
  failed: (action: string) => fillTemplate(serverActionMessages.failedAction, { action }),
} as const;

/** A name the provider accepts as a PTR: labels of letters, digits and hyphens, a TLD of letters. */
const HOSTNAME = /^(?=.{1,253}\.?$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i;

export const ReinstallBody = z.object({
  template: z.string().check(z.minLength(1), z.maxLength(100)),
  confirm: z.string().check(z.maxLength(64)),
});
export type ReinstallBody = z.infer<typeof ReinstallBody>;

export const Templates = z.object({ templates: z.array(z.string()) });
export type Templates = z.infer<typeof Templates>;

/** The latest reinstall of a service (null when there never was one). */
export const Reinstall = z.object({
  id: Uuid,
  state: z.enum(["pending", "done", "failed"]),
  /** 0 to 1, as the provider reports its job. */
  progress: z.number(),
  /** The provider's own word for the job (`queued`, `executing`, `finished`), null before it answered. */
  provider_status: z.nullable(z.string()),
  template: z.string(),
  started_at: Timestamp,
  finished_at: z.nullable(Timestamp),
});
export type Reinstall = z.infer<typeof Reinstall>;
export const ReinstallState = z.object({ reinstall: z.nullable(Reinstall) });
export type ReinstallState = z.infer<typeof ReinstallState>;

/** A short-lived noVNC address: opened at once, never kept. */
export const ConsoleAddress = z.object({ url: z.string() });
export type ConsoleAddress = z.infer<typeof ConsoleAddress>;

export const ReverseDnsEntry = z.object({
  ip: z.string(),
  /** The PTR name the provider reports; null when it reports none (its default, or unknown). */
  hostname: z.nullable(z.string()),
});
export const ReverseDnsList = z.object({
  entries: z.array(ReverseDnsEntry),
  /** False when the provider does not report names: the current values cannot be shown. */
  reported: z.boolean(),
});
export type ReverseDnsList = z.infer<typeof ReverseDnsList>;

/** An empty name resets the address to the provider's default. */
export const ReverseDnsBody = z.object({
  ip: z.string().check(z.maxLength(45)),
  hostname: z.string().check(
    z.maxLength(253, serverActionMessages.hostnameInvalid),
    z.refine((v) => v === "" || HOSTNAME.test(v), serverActionMessages.hostnameInvalid),
  ),
});
export type ReverseDnsBody = z.infer<typeof ReverseDnsBody>;

export const Backup = z.object({
  /** The provider's id of the backup (a Unix timestamp with HosterAPI). */
  id: z.string(),
  /** When it was taken, where the id tells; null otherwise. */
  created_at: z.nullable(Timestamp),
});
export const BackupList = z.object({
  /** Newest first. */
  backups: z.array(Backup),
  /** A create or restore under way at the provider, in its own word. */
  running: z.boolean(),
  status: z.string(),
});
export type BackupList = z.infer<typeof BackupList>;

export const RestoreBody = z.object({
  backup: z.string().check(z.minLength(1), z.maxLength(40)),
  confirm: z.string().check(z.maxLength(64)),
});
export type RestoreBody = z.infer<typeof RestoreBody>;

export const ActionAccepted = z.object({ message: z.string() });
export type ActionAccepted = z.infer<typeof ActionAccepted>;
