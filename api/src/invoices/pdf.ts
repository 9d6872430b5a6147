import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { REVERSE_CHARGE_TEXT } from "./vat.ts";

/** The immutable row a PDF is rendered from (api/migrations/020_invoices.sql). */
export interface InvoiceRow {
  id: string;
  number: string;
  kind: "invoice" | "receipt" | "credit_note";
  issued_at: Date;
  seller: {
    name: string;
    address: string;
    country: string;
    vat_id: string | null;
    contact: string | null;
  };
  customer: {
    name: string | null;
    company: string | null;
    address: string | null;
    country: string | null;
    vat_id: string | null;
    email: string | null;
  };
  description: string;
  period_from: string | null;
  period_to: string | null;
  net: string;
  vat_rate: string;
  vat: string;
  gross: string;
  currency: string;
  reverse_charge: boolean;
  refers_to_number: string | null;
}

const TITLES = { invoice: "Invoice", receipt: "Payment receipt", credit_note: "Credit note" };

// Windows-1252 beyond ASCII and Latin-1: what the standard Helvetica font can encode.
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const encodable = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch);
};
/** Text the standard font can draw: accents dropped where needed ("Ł" is not in WinAnsi), else "?". */
export function drawable(text: string): string {
  return [...text.replace(/[\r\t\n]/g, " ")]
    .map((ch) => {
      if (encodable(ch)) return ch;
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      return [...base].every(encodable) && base ? base : "?";
    })
    .join("");
}

const lines = (text: string | null | undefined) =>
  (text ?? "")
    .split(/\||\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const day = (d: Date | string) => (typeof d === "string" ? d : d.toISOString()).slice(0, 10);

/**
 * Renders the document with the standard Helvetica font. Deterministic: the metadata dates are
 * the issue instant, no producer string from the library, and pdf-lib writes no random file id,
 * so the same row gives the same bytes on every download (tested in invoices.test.ts).
 */
export async function renderInvoicePdf(row: InvoiceRow): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `${TITLES[row.kind]} ${row.number}`;
  doc.setTitle(drawable(title));
  doc.setAuthor(drawable(row.seller.name));
  doc.setCreator("Hosting Portal");
  doc.setProducer("Hosting Portal");
  doc.setCreationDate(row.issued_at);
  doc.setModificationDate(row.issued_at);
  const page = doc.addPage([595.28, 841.89]); // A4
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, opts: { x?: number; size?: number; f?: PDFFont } = {}) => {
    page.drawText(drawable(text), {
      x: opts.x ?? 50,
      y,
      size: opts.size ?? 10,
      font: opts.f ?? font,
    });
  };
  const next = (gap = 14) => {
    y -= gap;
  };

  write(row.seller.name, { f: bold, size: 12 });
  next();
  for (const l of [...lines(row.seller.address), row.seller.country]) {
    write(l);
    next();
  }
  if (row.seller.vat_id) {
    write(`VAT ID: ${row.seller.vat_id}`);
    next();
  }
  for (const l of lines(row.seller.contact)) {
    write(l);
    next();
  }
  next(16);
  const c = row.customer;
  for (const l of [c.company, c.name, ...lines(c.address), c.country, c.email].filter(
    (v): v is string => !!v,
  )) {
    write(l);
    next();
  }
  if (c.vat_id) {
    write(`VAT ID: ${c.vat_id}`);
    next();
  }
  next(20);
  write(title, { f: bold, size: 16 });
  next(20);
  write(`Date: ${day(row.issued_at)}`);
  next();
  if (row.refers_to_number) {
    write(`Refers to: ${row.refers_to_number}`);
    next();
  }
  next(16);
  write("Description", { f: bold });
  write(`Amount (${row.currency})`, { x: 450, f: bold });
  next(16);
  write(row.description);
  write(row.gross, { x: 450 });
  next();
  if (row.period_from && row.period_to) {
    write(`Period: ${day(row.period_from)} to ${day(row.period_to)}`);
    next();
  }
  next(16);
  if (row.kind === "receipt") {
    write(`Amount received: ${row.gross} ${row.currency}`, { f: bold });
    next();
    write("Prepaid credit: VAT is charged on the invoices of the services it is spent on.");
    next();
  } else {
    write(`Net: ${row.net} ${row.currency}`);
    next();
    write(`VAT ${row.vat_rate}%: ${row.vat} ${row.currency}`);
    next();
    write(`Total: ${row.gross} ${row.currency}`, { f: bold });
    next();
    if (row.reverse_charge) {
      next(6);
      write(REVERSE_CHARGE_TEXT, { size: 9 });
      next();
    }
  }
  return await doc.save();
}
