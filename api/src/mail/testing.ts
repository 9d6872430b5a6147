import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server in the test process: every message it accepts, parsed by mailparser. */
export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`: pass it as SMTP_URL (e.g. `startTestApi({ SMTP_URL: smtp.url })`). */
  url: string;
  /** Every accepted message, in arrival order. */
  messages: ParsedMail[];
  /** The first message (already arrived or arriving within timeoutMs) matching pred; else throws. */
  waitFor(pred: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /**
   * true: the server answers every new connection "421 Service not available" (what a server
   * going down or overloaded says), so deliveries fail and are retried; false: it accepts again.
   */
  setDown(down: boolean): void;
  stop(): Promise<void>;
}

/** The address of a parsed mail's first To recipient, lower-cased. */
export function recipientOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return (to?.value[0]?.address ?? "").toLowerCase();
}

/** The first link in a mail's text part that starts with `prefix` (e.g. the portal's URL). */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = (mail.text ?? "").match(new RegExp(`${escaped}\\S*`));
  if (!match) throw new Error(`no link starting with ${prefix} in mail "${mail.subject}"`);
  return match[0];
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A recipient at rejected.invalid is refused for good (550), to exercise permanent failures.
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith("@rejected.invalid")) return callback();
      callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
    },
    onConnect(_session, callback) {
      if (!down) return callback();
      const err = Object.assign(new Error("Service not available"), { responseCode: 421 });
      callback(err);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // An error after start (a client that vanished) must not end the test process.
  server.on("error", () => {});
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(pred, timeoutMs = 10_000) {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = messages.find(pred);
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(", ") || "none"})`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    setDown(value) {
      down = value;
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
