import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { startTestApi, test } from "../platform/testing.ts";
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
      secretBox: api.deps.secretBox,
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

test("mail catcher: caught mails are the owner's alone (0600 in a 0700 folder); links are logged only when asked (outside production)", async () => {
  const api = await startTestApi();
  const dataDir = await Deno.makeTempDir();
  const lines: string[] = [];
  const onCaught = (record: Record<string, unknown>) => lines.push(JSON.stringify(record));
  const catchers = [
    await startMailCatcher(join(dataDir, "quiet"), 0, { onCaught }),
    await startMailCatcher(join(dataDir, "dev"), 0, { logLinks: true, onCaught }),
  ];
  try {
    for (const [i, catcher] of catchers.entries()) {
      const transport = createTransport(catcher.url);
      await enqueueMail(api.sql, {
        kind: "test",
        to: `dev${i}@example.com`,
        dedupeKey: `caught-${i}`,
        subject: `Caught ${i}`,
        ...renderMail({
          title: "Reset",
          paragraphs: ["Your link"],
          action: { label: "Open", url: `http://localhost:8000/auth/reset-password?token=tok${i}` },
        }),
      });
      await deliverDueMails(api.sql, transport, {
        from: "Hosting Portal <no-reply@localhost>",
        maxAttempts: 3,
        secretBox: api.deps.secretBox,
      });
      transport.close();
      const [file] = readdirSync(catcher.dir).filter((f) => f.endsWith(".eml"));
      assert.equal(statSync(join(catcher.dir, file!)).mode & 0o777, 0o600);
      assert.equal(statSync(catcher.dir).mode & 0o777, 0o700);
    }
    const caught = lines;
    assert.equal(caught.length, 2);
    assert.ok(!caught[0]!.includes("token=tok0"), caught[0]);
    assert.ok(caught[1]!.includes("token=tok1"), caught[1]);
  } finally {
    for (const catcher of catchers) await catcher.stop();
    await Deno.remove(dataDir, { recursive: true });
    await api.close();
  }
});
