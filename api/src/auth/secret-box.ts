import { Buffer } from "node:buffer";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../platform/config.ts";
import type { SecretBox } from "../platform/ports.ts";

// The SecretBox port (ports.ts): AES-256-GCM, each value bound to a context (the user id).

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const utf8 = new TextEncoder();
const decodeBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(text, "base64"));
const encodeBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");

/** MFA_ENCRYPTION_KEY (32 bytes, base64), else a key generated once under DATA_DIR. */
export function loadSecretBoxKey(config: Config): Uint8Array<ArrayBuffer> {
  if (config.MFA_ENCRYPTION_KEY) return decodeBase64(config.MFA_ENCRYPTION_KEY);
  const file = join(config.DATA_DIR, "mfa-encryption-key");
  if (existsSync(file)) return decodeBase64(Deno.readTextFileSync(file).trim());
  const key = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  Deno.mkdirSync(config.DATA_DIR, { recursive: true });
  Deno.writeTextFileSync(file, encodeBase64(key), { mode: 0o600 });
  return key;
}

export async function createSecretBox(rawKey: Uint8Array<ArrayBuffer>): Promise<SecretBox> {
  if (rawKey.length !== KEY_BYTES)
    throw new Error(`the MFA encryption key must be ${KEY_BYTES} bytes`);
  const key = await crypto.subtle.importKey("raw", rawKey, "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return {
    async seal(plain, context) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: utf8.encode(context) },
        key,
        utf8.encode(plain),
      );
      return `${VERSION}.${encodeBase64(iv)}.${encodeBase64(new Uint8Array(sealed))}`;
    },
    async open(stored, context) {
      const [version, iv, sealed] = stored.split(".");
      // Factors enrolled before secrets were sealed hold the plain base32 seed (no dots in base32).
      if (version !== VERSION || !iv || !sealed) return stored;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: decodeBase64(iv), additionalData: utf8.encode(context) },
          key,
          decodeBase64(sealed),
        );
        return new TextDecoder().decode(plain);
      } catch {
        throw new Error(
          "a sealed secret did not open: another MFA_ENCRYPTION_KEY, or another row's value",
        );
      }
    },
  };
}
