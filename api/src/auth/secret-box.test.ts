import assert from "node:assert/strict";
import { test } from "../platform/testing.ts";
import { createSecretBox } from "./secret-box.ts";

const key = () => crypto.getRandomValues(new Uint8Array(32));

test("secret box: sealed values open with the same key and context only", async () => {
  const box = await createSecretBox(key());
  const sealed = await box.seal("JBSWY3DPEHPK3PXP", "user-a");
  assert.match(sealed, /^v1\./);
  assert.ok(!sealed.includes("JBSWY3DPEHPK3PXP"));
  assert.notEqual(await box.seal("JBSWY3DPEHPK3PXP", "user-a"), sealed, "a fresh IV every time");
  assert.equal(await box.open(sealed, "user-a"), "JBSWY3DPEHPK3PXP");
  await assert.rejects(box.open(sealed, "user-b"), /did not open/);
  await assert.rejects((await createSecretBox(key())).open(sealed, "user-a"), /did not open/);
  // A seed stored before sealing existed is read as it is.
  assert.equal(await box.open("JBSWY3DPEHPK3PXP", "user-a"), "JBSWY3DPEHPK3PXP");
  await assert.rejects(createSecretBox(new Uint8Array(16)), /32 bytes/);
});
