import { PDFDocument, type PDFFont, StandardFonts } from "@cantoo/pdf-lib";
import { isLocale, type Locale } from "../../contracts/i18n/locales.ts";
import { formatDate, formatDecimal, formatMoney, formatPercent } from "../i18n/format.ts";
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
    /**
     * The customer's language when the document was issued: the document is in it for good
     * (absent on documents issued before languages existed: English).
     */
    locale?: string | null;
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

/**
 * The document's words per language. English is what every document has always said (its bytes
 * are unchanged); the others are the usual wording of invoices in that language, with the legal
 * mention for a reverse charge that each country's tax law expects (Article 226(11a) of the VAT
 * Directive: "Steuerschuldnerschaft des Leistungsempfängers", "Autoliquidation", "Btw verlegd").
 */
const WORDS = {
  en: {
    titles: { invoice: "Invoice", receipt: "Payment receipt", credit_note: "Credit note" },
    vatId: "VAT ID",
    date: "Date",
    refersTo: "Refers to",
    description: "Description",
    amount: (currency: string) => `Amount (${currency})`,
    period: (from: string, to: string) => `Period: ${from} to ${to}`,
    received: "Amount received",
    prepaid: "Prepaid credit: VAT is charged on the invoices of the services it is spent on.",
    net: "Net",
    vat: (rate: string) => `VAT ${rate}%`,
    total: "Total",
    reverseCharge: REVERSE_CHARGE_TEXT,
    sep: ": ",
  },
  de: {
    // "Gutschrift" means a self-billed invoice in German VAT law (§ 14 Abs. 2 UStG): a correction
    // is a "Rechnungskorrektur".
    titles: { invoice: "Rechnung", receipt: "Zahlungsbeleg", credit_note: "Rechnungskorrektur" },
    vatId: "USt-IdNr.",
    date: "Datum",
    refersTo: "Bezieht sich auf",
    description: "Beschreibung",
    amount: (currency: string) => `Betrag (${currency})`,
    period: (from: string, to: string) => `Leistungszeitraum: ${from} bis ${to}`,
    received: "Erhaltener Betrag",
    prepaid:
      "Vorausbezahltes Guthaben: Die Umsatzsteuer wird auf den Rechnungen der Leistungen berechnet, für die es verwendet wird.",
    net: "Nettobetrag",
    vat: (rate: string) => `Umsatzsteuer ${rate}`,
    total: "Gesamtbetrag",
    reverseCharge:
      "Steuerschuldnerschaft des Leistungsempfängers (Artikel 196 der Richtlinie 2006/112/EG des Rates)",
    sep: ": ",
  },
  fr: {
    titles: { invoice: "Facture", receipt: "Reçu de paiement", credit_note: "Avoir" },
    vatId: "N° TVA",
    date: "Date",
    refersTo: "Se rapporte à",
    description: "Désignation",
    amount: (currency: string) => `Montant (${currency})`,
    period: (from: string, to: string) => `Période\u00a0: du ${from} au ${to}`,
    received: "Montant reçu",
    prepaid:
      "Crédit prépayé\u00a0: la TVA est facturée sur les factures des services pour lesquels il est utilisé.",
    net: "Montant HT",
    vat: (rate: string) => `TVA ${rate}`,
    total: "Total",
    reverseCharge: "Autoliquidation (article 196 de la directive 2006/112/CE du Conseil)",
    sep: "\u00a0: ",
  },
  nl: {
    titles: { invoice: "Factuur", receipt: "Betalingsbewijs", credit_note: "Creditnota" },
    vatId: "Btw-nummer",
    date: "Datum",
    refersTo: "Heeft betrekking op",
    description: "Omschrijving",
    amount: (currency: string) => `Bedrag (${currency})`,
    period: (from: string, to: string) => `Periode: ${from} tot en met ${to}`,
    received: "Ontvangen bedrag",
    prepaid:
      "Vooraf betaald tegoed: de btw wordt berekend op de facturen van de diensten waarvoor het wordt gebruikt.",
    net: "Netto",
    vat: (rate: string) => `Btw ${rate}`,
    total: "Totaal",
    reverseCharge: "Btw verlegd (artikel 196 van Richtlijn 2006/112/EG van de Raad)",
    sep: ": ",
  },
} satisfies Record<Locale, unknown>;

/**
 * The descriptions the money paths write (in English, into the ledger and the document), in the
 * document's language; anything else (a product's own name, a staff note) stays as written.
 */
const DESCRIPTIONS: Record<Exclude<Locale, "en">, [RegExp, string][]> = {
  de: [
    [/^(.+) \(order\)$/, "$1 (Bestellung)"],
    [/^(.+) \(renewal\)$/, "$1 (Verlängerung)"],
    [
      /^Credit top-up via PayPal \((.+)\), credited by staff$/,
      "Guthabenaufladung über PayPal ($1), von unseren Mitarbeitern gutgeschrieben",
    ],
    [/^Credit top-up via PayPal \((.+)\)$/, "Guthabenaufladung über PayPal ($1)"],
    [/^PayPal refund (\S+) of a credit top-up$/, "PayPal-Erstattung $1 einer Guthabenaufladung"],
    [/^PayPal reversal (\S+) of a credit top-up$/, "PayPal-Rückbuchung $1 einer Guthabenaufladung"],
    [/^Plan change (.+) → (.+), (\d+) of 30 days$/, "Tarifwechsel $1 → $2, $3 von 30 Tagen"],
    [
      /^Plan change (.+) → (.+): unused days credited$/,
      "Tarifwechsel $1 → $2: ungenutzte Tage gutgeschrieben",
    ],
    [
      /^Plan change (.+) → (.+) not made at the provider$/,
      "Tarifwechsel $1 → $2 beim Anbieter nicht durchgeführt",
    ],
    [/^(.+) cancelled: unused days credited$/, "$1 gekündigt: ungenutzte Tage gutgeschrieben"],
    [
      /^(.+): cancellation undone, unused days charged again$/,
      "$1: Kündigung zurückgenommen, ungenutzte Tage erneut berechnet",
    ],
  ],
  fr: [
    [/^(.+) \(order\)$/, "$1 (commande)"],
    [/^(.+) \(renewal\)$/, "$1 (renouvellement)"],
    [
      /^Credit top-up via PayPal \((.+)\), credited by staff$/,
      "Recharge de crédit via PayPal ($1), créditée par notre équipe",
    ],
    [/^Credit top-up via PayPal \((.+)\)$/, "Recharge de crédit via PayPal ($1)"],
    [
      /^PayPal refund (\S+) of a credit top-up$/,
      "Remboursement PayPal $1 d'une recharge de crédit",
    ],
    [/^PayPal reversal (\S+) of a credit top-up$/, "Annulation PayPal $1 d'une recharge de crédit"],
    [/^Plan change (.+) → (.+), (\d+) of 30 days$/, "Changement d'offre $1 → $2, $3 jours sur 30"],
    [
      /^Plan change (.+) → (.+): unused days credited$/,
      "Changement d'offre $1 → $2\u00a0: jours non utilisés recrédités",
    ],
    [
      /^Plan change (.+) → (.+) not made at the provider$/,
      "Changement d'offre $1 → $2 non effectué chez le fournisseur",
    ],
    [/^(.+) cancelled: unused days credited$/, "$1 résilié\u00a0: jours non utilisés recrédités"],
    [
      /^(.+): cancellation undone, unused days charged again$/,
      "$1\u00a0: résiliation annulée, jours non utilisés de nouveau facturés",
    ],
  ],
  nl: [
    [/^(.+) \(order\)$/, "$1 (bestelling)"],
    [/^(.+) \(renewal\)$/, "$1 (verlenging)"],
    [
      /^Credit top-up via PayPal \((.+)\), credited by staff$/,
      "Opwaardering van tegoed via PayPal ($1), bijgeschreven door onze medewerkers",
    ],
    [/^Credit top-up via PayPal \((.+)\)$/, "Opwaardering van tegoed via PayPal ($1)"],
    [/^PayPal refund (\S+) of a credit top-up$/, "PayPal-terugbetaling $1 van een opwaardering"],
    [/^PayPal reversal (\S+) of a credit top-up$/, "PayPal-terugboeking $1 van een opwaardering"],
    [/^Plan change (.+) → (.+), (\d+) of 30 days$/, "Pakketwijziging $1 → $2, $3 van 30 dagen"],
    [
      /^Plan change (.+) → (.+): unused days credited$/,
      "Pakketwijziging $1 → $2: ongebruikte dagen gecrediteerd",
    ],
    [
      /^Plan change (.+) → (.+) not made at the provider$/,
      "Pakketwijziging $1 → $2 niet uitgevoerd bij de provider",
    ],
    [/^(.+) cancelled: unused days credited$/, "$1 opgezegd: ongebruikte dagen gecrediteerd"],
    [
      /^(.+): cancellation undone, unused days charged again$/,
      "$1: opzegging ongedaan gemaakt, ongebruikte dagen opnieuw in rekening gebracht",
    ],
  ],
};

/** " (corrects 2026-000123)", which a correcting credit note's description ends with. */
const CORRECTS: Record<Exclude<Locale, "en">, string> = {
  de: "korrigiert",
  fr: "corrige",
  nl: "corrigeert",
};

function describeIn(locale: Locale, description: string): string {
  if (locale === "en") return description;
  const corrects = description.match(/^(.*) \(corrects (\S+)\)$/);
  const core = corrects ? corrects[1]! : description;
  const suffix = corrects ? ` (${CORRECTS[locale]} ${corrects[2]})` : "";
  for (const [pattern, replacement] of DESCRIPTIONS[locale]) {
    if (pattern.test(core)) return core.replace(pattern, replacement) + suffix;
  }
  return description;
}

/** The language a document is rendered in: the one stored with it at issue time. */
export const documentLocale = (row: Pick<InvoiceRow, "customer">): Locale =>
  isLocale(row.customer.locale) ? row.customer.locale : "en";

// Windows-1252 beyond ASCII and Latin-1: what the standard Helvetica font can encode.
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const encodable = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch);
};
/**
 * Plain spellings of signs the money paths write but WinAnsi lacks: a plan change's description
 * says "VPS S → VPS M", which would otherwise print as "VPS S ? VPS M".
 */
const SPELLED: Record<string, string> = { "→": "->", "←": "<-", "↔": "<->", "\u2212": "-" };
/** Text the standard font can draw: accents dropped where needed ("Ł" is not in WinAnsi), else "?". */
export function drawable(text: string): string {
  return [...text.replace(/[\r\t\n]/g, " ")]
    .map((ch) => {
      if (encodable(ch)) return ch;
      if (SPELLED[ch]) return SPELLED[ch];
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

const isoDay = (d: Date | string) => (typeof d === "string" ? d : d.toISOString()).slice(0, 10);

/**
 * Renders the document with the standard Helvetica font. Deterministic: the metadata dates are
 * the issue instant, no producer string from the library, and pdf-lib (Cantoo's maintained fork)
 * writes no random file id, so the same row gives the same bytes on every download (tested in
 * invoices.test.ts and, against fixed hashes, in invoice-locales.test.ts).
 */
export async function renderInvoicePdf(row: InvoiceRow): Promise<Uint8Array> {
  const locale = documentLocale(row);
  const w = WORDS[locale];
  const day = (d: Date | string) => formatDate(isoDay(d), locale);
  // English keeps "12.50 EUR" (SPEC §9); the others their own format ("12,50 €", "€ 12,50").
  const money = (m: string) => (locale === "en" ? `${m} ${row.currency}` : formatMoney(m, locale));
  const label = (name: string, value: string) => `${name}${w.sep}${value}`;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `${w.titles[row.kind]} ${row.number}`;
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
    write(label(w.vatId, row.seller.vat_id));
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
    write(label(w.vatId, c.vat_id));
    next();
  }
  next(20);
  write(title, { f: bold, size: 16 });
  next(20);
  write(label(w.date, day(row.issued_at)));
  next();
  if (row.refers_to_number) {
    write(label(w.refersTo, row.refers_to_number));
    next();
  }
  next(16);
  write(w.description, { f: bold });
  write(w.amount(row.currency), { x: 450, f: bold });
  next(16);
  write(describeIn(locale, row.description));
  write(locale === "en" ? row.gross : formatDecimal(row.gross, locale), { x: 450 });
  next();
  if (row.period_from && row.period_to) {
    write(w.period(day(row.period_from), day(row.period_to)));
    next();
  }
  next(16);
  if (row.kind === "receipt") {
    write(label(w.received, money(row.gross)), { f: bold });
    next();
    write(w.prepaid);
    next();
  } else {
    write(label(w.net, money(row.net)));
    next();
    const rate = locale === "en" ? `${row.vat_rate}` : formatPercent(row.vat_rate, locale);
    write(label(w.vat(rate), money(row.vat)));
    next();
    write(label(w.total, money(row.gross)), { f: bold });
    next();
    if (row.reverse_charge) {
      next(6);
      write(w.reverseCharge, { size: 9 });
      next();
    }
  }
  return await doc.save();
}
