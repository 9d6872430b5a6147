import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { startTestApi, test } from "../testing.ts";
import { startMailCatcher } from "./catcher.ts";
import { enqueueMail } from "./outbox.ts";
import { renderMail } from "./templates/layout.ts";
import { createTransport, deliverDueMails } from "./worker.ts";

test("mail catcher: without SMTP_URL each delivered mail lands as an .eml file under DATA_DIR/mails", async () => {
  const api = await startTestApi();
  const dataDir = await Deno.makeTempDir();
  const catcher = await startMailCatcher(dataDir);
  const transport = createTransport(catcher.url);
  try {
    assert.equal(catcher.dir, join(dataDir, "mails"));
    await enqueueMail(api.sql, {
      kind: "test",
      to: "dev@example.com",
      dedupeKey: "caught",
      subject: "Caught locally",
      ...renderMail({
        title: "Hello",
        paragraphs: ["A long paragraph ".repeat(10)],
        action: {
          label: "Open",
          url: "http://localhost:8000/auth/reset-password?token=abc_DEF-123",
        },
      }),
    });
    const result = await deliverDueMails(api.sql, transport, {
      from: "Hosting Portal <no-reply@localhost>",
      maxAttempts: 3,
    });
    assert.equal(result.sent, 1);
    const files = readdirSync(catcher.dir).filter((f) => f.endsWith(".eml"));
    assert.equal(files.length, 1);
    const mail = await simpleParser(readFileSync(join(catcher.dir, files[0]!)));
    assert.equal(mail.subject, "Caught locally");
    assert.ok(mail.text?.includes("http://localhost:8000/auth/reset-password?token=abc_DEF-123"));
  } finally {
    transport.close();
    await catcher.stop();
    await Deno.remove(dataDir, { recursive: true });
    await api.close();
  }
});
