import type { Config } from "../platform/config.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { SecretBox } from "../platform/ports.ts";
import { type MailCatcher, startMailCatcher } from "./catcher.ts";
import { createTransport, type MailWorker, startMailWorker } from "./worker.ts";

export interface MailDelivery {
  worker: MailWorker;
  /** The local catcher's folder when SMTP_URL is unset (printed at start). */
  catcherDir: string | null;
  close(): Promise<void>;
}

/**
 * Starts delivering the outbox: through SMTP_URL, or without it through the local mail catcher
 * (api/src/mail/catcher.ts) so that `npm start` works offline and shows every mail.
 */
export async function startMailDelivery(
  sql: Sql,
  config: Config,
  /** Opens the sealed link tokens of reset and verification mails at send time. */
  secretBox: SecretBox,
  intervalMs?: number,
): Promise<MailDelivery> {
  let catcher: MailCatcher | null = null;
  if (!config.SMTP_URL) {
    catcher = await startMailCatcher(config.DATA_DIR, config.MAIL_CATCHER_PORT, {
      logLinks: config.PORTAL_ENV !== "production",
    });
    // With a database of its own (DATABASE_URL) this is likely a real deployment that forgot
    // SMTP_URL: no customer would ever get a mail, so say it louder.
    log(
      config.DATABASE_URL ? "warn" : "info",
      "mail catcher: no SMTP_URL, mails are not sent out but saved as files",
      {
        dir: catcher.dir,
      },
    );
  }
  const transport = createTransport(config.SMTP_URL ?? catcher!.url);
  const worker = startMailWorker(sql, transport, config, secretBox, intervalMs);
  return {
    worker,
    catcherDir: catcher?.dir ?? null,
    async close() {
      await worker.stop();
      transport.close();
      await catcher?.stop();
    },
  };
}
