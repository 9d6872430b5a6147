import { join, resolve } from "node:path";
import { ErrorCode } from "../../contracts/errors.ts";
import { ATTACHMENT_MAX_BYTES, type Attachment, SupportMessages } from "../../contracts/support.ts";
import type { Config } from "../platform/config.ts";
import type { Db } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";

/**
 * Attachments of support tickets. The bytes live in files named by the attachment's id under
 * SUPPORT_ATTACHMENTS_DIR (default DATA_DIR/support-attachments), a directory no static route
 * serves; the database keeps who may read them. The type is decided from the content, never from
 * the name or the Content-Type the browser sent, and only the types below are kept.
 */

export type AttachmentType = Attachment["content_type"];

/**
 * The virus-scan hook point: every upload passes through the scanner before it is stored or
 * recorded. The default accepts everything (there is no scanner in this deployment); an operator
 * plugs one in with setAttachmentScanner() at startup, e.g. a clamd INSTREAM client. A scanner
 * that throws refuses the upload as well (fail closed): an unscanned file is never stored.
 */
export type AttachmentScanner = (file: {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: AttachmentType;
  fileName: string;
}) => Promise<"clean" | "infected">;

let scanner: AttachmentScanner = () => Promise.resolve("clean");
export function setAttachmentScanner(next: AttachmentScanner | null): void {
  scanner = next ?? (() => Promise.resolve("clean"));
}

export const attachmentsDir = (config: Pick<Config, "SUPPORT_ATTACHMENTS_DIR" | "DATA_DIR">) =>
  resolve(config.SUPPORT_ATTACHMENTS_DIR ?? join(config.DATA_DIR, "support-attachments"));

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

/** A character below a space or DEL; `textBreaks` lets tab, line feed and carriage return pass. */
function hasControlCharacter(text: string, textBreaks: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (textBreaks && (code === 9 || code === 10 || code === 13)) continue;
    if (code < 32 || code === 127) return true;
  }
  return false;
}

/** The type of a file from its first bytes; text must be UTF-8 without control characters. */
export function sniffType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // Plain text: tabs and line breaks, nothing else below a space (no NUL, no escape sequences).
    // HTML or SVG content is refused too, although it would be served as text/plain anyway.
    if (hasControlCharacter(text, true)) return null;
    if (/^\s*</.test(text)) return null;
    return "text/plain";
  } catch {
    return null;
  }
}

/** A file name fit for a Content-Disposition header and a page: no paths, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = Array.from(base)
    .filter((ch) => ch !== '"' && !hasControlCharacter(ch, false))
    .join("")
    .trim();
  return cleaned.slice(0, 200) || "attachment";
}

/** Stores an upload of `ownerId` not yet part of a message; returns what the pages show of it. */
export async function storeAttachment(
  sql: Db,
  config: Pick<Config, "SUPPORT_ATTACHMENTS_DIR" | "DATA_DIR">,
  ownerId: string,
  fileName: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Attachment> {
  if (bytes.length === 0)
    throw new HttpError(422, ErrorCode.validation, SupportMessages.attachmentType);
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    throw new HttpError(413, ErrorCode.payloadTooLarge, SupportMessages.attachmentTooLarge);
  const contentType = sniffType(bytes);
  if (!contentType) throw new HttpError(422, ErrorCode.validation, SupportMessages.attachmentType);
  const name = cleanFileName(fileName);
  let verdict: "clean" | "infected";
  try {
    verdict = await scanner({ bytes, contentType, fileName: name });
  } catch {
    verdict = "infected";
  }
  if (verdict !== "clean")
    throw new HttpError(422, ErrorCode.validation, SupportMessages.attachmentRejected);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  const id = crypto.randomUUID();
  const dir = attachmentsDir(config);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  // The file first: a row never names a missing file. A file without its row (a crash between the
  // two) is an orphan nobody can read.
  await Deno.writeFile(join(dir, id), bytes, { mode: 0o600 });
  await sql`
    insert into support_attachments (id, owner_id, file_name, content_type, size_bytes, sha256)
    values (${id}, ${ownerId}, ${name}, ${contentType}, ${bytes.length}, ${sha256})`;
  return { id, file_name: name, content_type: contentType, size_bytes: bytes.length };
}

/**
 * An attachment's row and bytes for a download. `customerId`: only attachments of that
 * customer's own tickets, and never one on an internal note; null: staff, any attachment.
 */
export async function readAttachment(
  sql: Db,
  config: Pick<Config, "SUPPORT_ATTACHMENTS_DIR" | "DATA_DIR">,
  id: string,
  customerId: string | null,
): Promise<{ file_name: string; content_type: AttachmentType; bytes: Uint8Array<ArrayBuffer> }> {
  const [row] = await sql<[{ file_name: string; content_type: AttachmentType }?]>`
    select a.file_name, a.content_type
    from support_attachments a
    left join support_messages m on m.id = a.message_id
    left join support_tickets t on t.id = a.ticket_id
    where a.id = ${id}
      ${
        customerId
          ? sql`and ((t.user_id = ${customerId} and not m.internal)
              or (a.message_id is null and a.owner_id = ${customerId}))`
          : sql``
      }`;
  if (!row) throw notFound(SupportMessages.attachmentNotFound);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await Deno.readFile(join(attachmentsDir(config), id));
  } catch {
    throw notFound(SupportMessages.attachmentNotFound);
  }
  return { ...row, bytes };
}

/** The headers of a download: always a download, never rendered by the browser in the portal's origin. */
export function downloadHeaders(file: { file_name: string; content_type: AttachmentType }) {
  const ascii = file.file_name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\;]/g, "_");
  return {
    "content-type":
      file.content_type === "text/plain" ? "text/plain; charset=utf-8" : file.content_type,
    "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, no-store",
  };
}
