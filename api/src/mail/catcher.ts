import { Buffer } from "node:buffer";
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SMTPServer } from "smtp-server";
import { log } from "../platform/log.ts";

/** How many caught mails the folder keeps; older ones are deleted as new ones arrive. */
const KEEP = 200;

export interface MailCatcher {
  url: string;
  /** Absolute path of the folder the caught mails are written to (one .eml file each). */
  dir: string;
  stop(): Promise<void>;
}

/**
 * Without SMTP_URL the API runs this SMTP server on 127.0.0.1 and delivers to it through
 * the same nodemailer path as production. Each mail lands as an .eml file in DATA_DIR/mails (any
 * mail client opens one; the files outlive a restart) and a log line names the file. A folder
 * rather than a web page: nothing extra is exposed over HTTP, so it cannot leak into production.
 *
 * The mails hold live reset and verification links: the folder and its files are the owner's
 * alone (0700, 0600), and the log line names the links only when `logLinks` (outside production),
 * since logs travel further than the data directory.
 */
export async function startMailCatcher(
  dataDir: string,
  port = 0,
  options: {
    logLinks?: boolean;
    /** Each caught mail's log record, whatever LOG_LEVEL lets through (tests read it here). */
    onCaught?: (record: Record<string, unknown>) => void;
  } = {},
): Promise<MailCatcher> {
  const dir = resolve(join(dataDir, "mails"));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdirSync's mode does not apply to a folder that exists already (made before this rule).
  chmodSync(dir, 0o700);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("error", callback);
      stream.on("end", () => {
        try {
          const raw = Buffer.concat(chunks);
          const to = session.envelope.rcptTo.map((r) => r.address).join(",");
          const safeTo = to.replace(/[^A-Za-z0-9@._-]/g, "_").slice(0, 80);
          const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
          writeFileSync(file, raw, { mode: 0o600 });
          const subject = /^Subject: (.*)$/im.exec(raw.subarray(0, 8192).toString("utf8"))?.[1];
          const record = {
            to,
            subject,
            file,
            ...(options.logLinks ? { links: linksIn(raw.toString("utf8")) } : {}),
          };
          log("info", "mail caught", record);
          options.onCaught?.(record);
          prune(dir);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => ok());
  });
  server.on("error", (err) => log("warn", "mail catcher error", { error: err.message }));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    dir,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

function prune(dir: string) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  for (const f of files.slice(0, Math.max(0, files.length - KEEP)))
    rmSync(join(dir, f), { force: true });
}

/**
 * The links of a mail's parts, so a developer can click them straight from the log: the text
 * part is quoted-printable (soft line breaks, `=3D` for `=`), undone here well enough for URLs.
 */
function linksIn(raw: string): string[] {
  const decoded = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return [...new Set(decoded.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].slice(0, 5);
}
