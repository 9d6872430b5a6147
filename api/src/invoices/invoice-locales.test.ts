import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";
import {
  json,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { type InvoiceRow, renderInvoicePdf } from "./pdf.ts";

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

const sha256 = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

const base: InvoiceRow = {
  id: "00000000-0000-0000-0000-000000000001",
  number: "2026-000042",
  kind: "invoice",
  issued_at: new Date("2026-03-05T14:07:09Z"),
  seller: {
    name: "Hosting GmbH",
    address: "Hauptstraße 1|10115 Berlin",
    country: "DE",
    vat_id: "DE123456789",
    contact: "billing@example.com",
  },
  customer: {
    name: "Jan de Vries",
    company: "Vries BV",
    address: "Damrak 1|Amsterdam",
    country: "NL",
    vat_id: "NL123456789B01",
    email: "jan@example.com",
  },
  description: "VPS Pro (order)",
  period_from: "2026-03-05",
  period_to: "2026-04-04",
  net: "1234.50",
  vat_rate: "0.00",
  vat: "0.00",
  gross: "1234.50",
  currency: "EUR",
  reverse_charge: true,
  refers_to_number: null,
};
/**
 * The English documents' bytes, fixed. Taken again once, when pdf-lib gave way to Cantoo's
 * maintained fork: every object of each file (page content, fonts, document info) is the same
 * after inflating; the fork keeps the catalog and the page tree outside the object stream and
 * deflates with fflate instead of pako, so the container's bytes differ, the document does not.
 */
const english: [InvoiceRow, string][] = [
  [base, "211fc605f964b2daeb2485b6afe18e075c12af363acb56412529c1c657db1612"],
  [
    {
      ...base,
      number: "2026-000043",
      reverse_charge: false,
      net: "100.00",
      vat_rate: "19.00",
      vat: "19.00",
      gross: "119.00",
      // A snapshot taken since languages exist carries the customer's (here: none).
      customer: { ...base.customer, company: null, vat_id: null, country: "DE", locale: null },
    },
    "3ed1f38d1c1e231659e4dfb2dea8c341902222e143dad623702355c18a02a73a",
  ],
  [
    {
      ...base,
      kind: "receipt",
      number: "R2026-000007",
      description: "Credit top-up via PayPal (CAP-1)",
      period_from: null,
      period_to: null,
      net: "25.00",
      gross: "25.00",
      reverse_charge: false,
    },
    "86aead5e3dc5ce0157c11bd5ded941958ecc58c142e97afa1ceb5b3296a9776b",
  ],
  [
    {
      ...base,
      kind: "credit_note",
      number: "C2026-000003",
      description: "PayPal refund RF-1 of a credit top-up",
      period_from: null,
      period_to: null,
      net: "-25.00",
      gross: "-25.00",
      reverse_charge: false,
      refers_to_number: "R2026-000007",
    },
    "14d72c45e77274f760f72125c0b0e96d5a119ae29b9f2ffc0cb4169781e6ab15",
  ],
];

test("invoice PDFs: English documents keep their bytes, as before languages (invoice, reverse charge, receipt, credit note)", async () => {
  for (const [row, hash] of english) {
    assert.equal(await sha256(await renderInvoicePdf(row)), hash, row.number);
  }
});

const inLocale = (locale: string, row: InvoiceRow = base): InvoiceRow => ({
  ...row,
  customer: { ...row.customer, locale },
});

test("invoice PDFs: German, French and Dutch wording, reverse-charge mention, money and dates per locale; deterministic", async () => {
  const expected: Record<string, string[]> = {
    de: [
      "Rechnung 2026-000042",
      "Steuerschuldnerschaft des Leistungsempfängers",
      "USt-IdNr.: NL123456789B01",
      "Datum: 05.03.2026",
      "Leistungszeitraum: 05.03.2026 bis 04.04.2026",
      "VPS Pro (Bestellung)",
      "Gesamtbetrag: 1.234,50 €",
    ],
    fr: [
      "Facture 2026-000042",
      "Autoliquidation",
      "Date : 05/03/2026",
      "VPS Pro (commande)",
      "Total : 1 234,50 €",
    ],
    nl: [
      "Factuur 2026-000042",
      "Btw verlegd",
      "Btw-nummer: NL123456789B01",
      "Datum: 05-03-2026",
      "Totaal: € 1.234,50",
    ],
  };
  for (const [locale, parts] of Object.entries(expected)) {
    const bytes = await renderInvoicePdf(inLocale(locale));
    assert.deepEqual(await renderInvoicePdf(inLocale(locale)), bytes, `${locale} deterministic`);
    // The text layer has plain spaces where the locale writes no-break ones.
    const text = (await pdfText(bytes)).replace(/[\u00a0\u202f]/g, " ");
    for (const part of parts) assert.ok(text.includes(part), `${locale}: ${part} in ${text}`);
    assert.ok(!text.includes("Reverse charge"), `${locale}: no English mention`);
  }
  const receipt = await pdfText(await renderInvoicePdf(inLocale("de", english[2]![0])));
  assert.ok(receipt.includes("Zahlungsbeleg R2026-000007"), receipt);
  assert.ok(receipt.includes("Guthabenaufladung über PayPal (CAP-1)"), receipt);
  const credit = await pdfText(await renderInvoicePdf(inLocale("de", english[3]![0])));
  assert.ok(credit.includes("Rechnungskorrektur C2026-000003"), credit);
  assert.ok(credit.includes("Bezieht sich auf: R2026-000007"), credit);
  const cancelled = await pdfText(
    await renderInvoicePdf(
      inLocale("de", {
        ...english[3]![0],
        description: "VPS Pro cancelled: unused days credited (corrects 2026-000001)",
      }),
    ),
  );
  assert.ok(
    cancelled.includes(
      "VPS Pro gekündigt: ungenutzte Tage gutgeschrieben (korrigiert 2026-000001)",
    ),
    cancelled,
  );
});

test("invoice PDFs: a plan change's arrow is drawn as '->' (the standard font has no '→'), in every language", async () => {
  const change: InvoiceRow = {
    ...base,
    description: "Plan change VPS S → VPS M, 12 of 30 days",
    reverse_charge: false,
  };
  const expected: Record<string, string> = {
    en: "Plan change VPS S -> VPS M, 12 of 30 days",
    de: "Tarifwechsel VPS S -> VPS M, 12 von 30 Tagen",
    fr: "Changement d'offre VPS S -> VPS M, 12 jours sur 30",
    nl: "Pakketwijziging VPS S -> VPS M, 12 van 30 dagen",
  };
  for (const [locale, line] of Object.entries(expected)) {
    const text = await pdfText(await renderInvoicePdf(inLocale(locale, change)));
    assert.ok(text.includes(line), `${locale}: ${line} in ${text}`);
    assert.ok(!text.includes("?"), `${locale}: nothing drawn as '?' in ${text}`);
  }
});

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

test("invoices: a German customer downloads a German invoice; its language stays when they change theirs", async () => {
  const me = await signUpAndIn(api);
  await setCredits(api.sql, me.user.id, "500.00");
  const put = (path: string, body: unknown) =>
    api.fetch(path, { method: "PUT", token: me.access_token, json: body });
  assert.equal((await put("/api/account/locale", { locale: "de" })).status, 204);
  const details = await put("/api/account/billing-details", {
    name: "Jan de Vries",
    company: "Vries BV",
    address: "Damrak 1|Amsterdam",
    country: "NL",
    vat_id: "NL123456789B01",
  });
  assert.equal(details.status, 200);
  const [product] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('Rechnungs-VPS', '119.00', '2', '4', '80', '1 Gbit', 'yes', 'vps') returning id`;
  const bought = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    json: { product_id: product!.id },
  });
  assert.equal(bought.status, 201);
  await json(bought);
  const [doc] = await api.sql<{ id: string; number: string }[]>`
    select id, number from invoices where user_id = ${me.user.id}`;
  const download = async () => {
    const res = await api.fetch(`/api/invoices/${doc!.id}/pdf`, { token: me.access_token });
    assert.equal(res.status, 200);
    return new Uint8Array(await res.arrayBuffer());
  };
  const first = await download();
  const text = (await pdfText(first)).replace(/[\u00a0\u202f]/g, " ");
  for (const part of [
    `Rechnung ${doc!.number}`,
    "Steuerschuldnerschaft des Leistungsempfängers",
    "Rechnungs-VPS (Bestellung)",
    "Gesamtbetrag: 119,00 €",
    "Leistungszeitraum:",
  ]) {
    assert.ok(text.includes(part), `${part} in ${text}`);
  }

  // An issued document does not change: a new language applies to documents issued from now on.
  assert.equal((await put("/api/account/locale", { locale: "fr" })).status, 204);
  assert.deepEqual(await download(), first);
});
