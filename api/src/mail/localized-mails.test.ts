import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { setCredits, signUpAndIn, startTestApi, type TestApi, test } from "../platform/testing.ts";
import { linkIn, recipientOf, startTestSmtp } from "./testing.ts";

// Mails in the recipient's saved language, delivered to a real SMTP server in this process.
const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: "http://portal.test" });
globalThis.addEventListener("unload", () => {
  void api.close().then(() => smtp.stop());
});

type Customer = Awaited<ReturnType<typeof signUpAndIn>>;

async function customerIn(locale: Locale | null): Promise<Customer> {
  const me = await signUpAndIn(api);
  if (locale) {
    const res = await api.fetch("/api/account/locale", {
      method: "PUT",
      token: me.access_token,
      json: { locale },
    });
    assert.equal(res.status, 204);
  }
  return me;
}

const to = (me: Customer) => (m: ParsedMail) => recipientOf(m) === me.user.email.toLowerCase();

async function buyProduct(me: Customer) {
  const name = `Mail VPS ${crypto.randomUUID().slice(0, 6)}`;
  const [product] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values (${name}, '1234.50'::numeric, '2', '4', '80', '1 Gbit', 'yes', 'vps') returning id`;
  await setCredits(api.sql, me.user.id, "1500.00");
  const bought = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    json: { product_id: product!.id },
  });
  assert.equal(bought.status, 201);
  return name;
}

/** The purchase receipt's subject and lines in each language, money in the locale's format. */
const RECEIPTS: Record<Locale, { subject: (p: string) => string; lines: RegExp[]; lang: string }> =
  {
    en: {
      subject: (p) => `Receipt: ${p} ordered`,
      lines: [
        /Amount: 1234\.50 EUR/,
        /Balance after: 265\.50 EUR/,
        /Date: \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
      ],
      lang: 'lang="en"',
    },
    de: {
      subject: (p) => `Beleg: ${p} bestellt`,
      lines: [
        /Betrag: 1\.234,50\u00a0€/,
        /Guthaben danach: 265,50\u00a0€/,
        /Datum: \d\d\.\d\d\.\d{4}, \d\d:\d\d UTC/,
        /Vielen Dank für Ihre Bestellung/,
      ],
      lang: 'lang="de"',
    },
    fr: {
      subject: (p) => `Reçu\u00a0: ${p} commandé`,
      lines: [
        /Montant\u00a0?: 1\u202f234,50\u00a0€/,
        /Merci pour votre commande/,
        /\d\d\/\d\d\/\d{4} \d\d:\d\d UTC/,
      ],
      lang: 'lang="fr"',
    },
    nl: {
      subject: (p) => `Ontvangstbewijs: ${p} besteld`,
      lines: [/Bedrag: € 1\.234,50/, /Saldo daarna: € 265,50/, /Bedankt voor uw bestelling/],
      lang: 'lang="nl"',
    },
  };

for (const [locale, expected] of Object.entries(RECEIPTS) as [Locale, (typeof RECEIPTS)["en"]][]) {
  test(`mails (${locale}): the purchase receipt is in the customer's saved language, subject included`, async () => {
    const me = await customerIn(locale === "en" ? null : locale);
    const product = await buyProduct(me);
    const mail = await smtp.waitFor((m) => to(me)(m) && m.subject === expected.subject(product));
    // Dutch puts a no-break space between € and the amount: compare with a plain one.
    const text = (mail.text ?? "").replace(/€\u00a0/g, "€ ");
    for (const line of expected.lines) assert.match(text, line);
    assert.ok(String(mail.html).includes(expected.lang));
  });
}

test("mails (de): a password reset mail is German and its sealed link still works", async () => {
  const me = await customerIn("de");
  const res = await api.fetch("/api/auth/password-reset", {
    method: "POST",
    json: { email: me.user.email },
  });
  assert.equal(res.status, 202);
  const mail = await smtp.waitFor(
    (m) => to(me)(m) && m.subject === "Passwort für Ihr Hosting-Portal-Konto zurücksetzen",
  );
  assert.match(mail.text ?? "", /Hallo /);
  assert.ok(String(mail.html).includes("Neues Passwort festlegen"));
  const link = linkIn(mail, "http://portal.test/auth/reset-password?token=");
  const token = new URL(link).searchParams.get("token")!;
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  const confirmed = await api.fetch("/api/auth/password-reset/confirm", {
    method: "POST",
    json: { token, password: "harbour-violet-58" },
  });
  assert.equal(confirmed.status, 204);
});

test("mails (de, fr, nl): the team mails are in each recipient's saved language, roles named as Settings names them; the invitation link still works", async () => {
  const owner = await customerIn("de");
  const member = await customerIn("fr");
  const post = (path: string, token: string, json: unknown) =>
    api.fetch(path, { method: "POST", token, json });

  // The invitation goes to an address: its account's saved language (French here).
  const invited = await post("/api/account/members/invitations", owner.access_token, {
    email: member.user.email,
    role: "technical",
  });
  assert.equal(invited.status, 201);
  const invitation = await smtp.waitFor(
    (m) => to(member)(m) && (m.subject ?? "").startsWith("Invitation au compte Hosting Portal"),
  );
  assert.match(invitation.text ?? "", /avec le rôle «\u00a0Technique\u00a0»/);
  assert.ok(String(invitation.html).includes('lang="fr"'));
  const token = new URL(
    linkIn(invitation, "http://portal.test/settings?invitation="),
  ).searchParams.get("invitation")!;
  const accepted = await post("/api/invitations/accept", member.access_token, { token });
  assert.equal(accepted.status, 200);

  // The owner (German) is told of the invitation and of the join, in German.
  const joined = await smtp.waitFor(
    (m) => to(owner)(m) && /ist mit der Rolle „Technik“ beigetreten/.test(m.text ?? ""),
  );
  assert.match(joined.subject ?? "", /^Mitglieder von .+ geändert$/);
  assert.match(joined.text ?? "", /Mitglieder ansehen: http:\/\/portal\.test\/settings/);

  // A role change reaches the owner in German and the member in French.
  const changed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "PATCH",
    token: owner.access_token,
    json: { role: "billing" },
  });
  assert.equal(changed.status, 200);
  await smtp.waitFor(
    (m) => to(owner)(m) && /von „Technik“ in „Abrechnung“ geändert/.test(m.text ?? ""),
  );
  await smtp.waitFor(
    (m) =>
      to(member)(m) &&
      /de «\u00a0Technique\u00a0» en «\u00a0Facturation\u00a0»/.test(m.text ?? "") &&
      (m.subject ?? "").startsWith("Les membres du compte"),
  );

  // A removal: the owner reads it in German, the removed member in French.
  const removed = await api.fetch(`/api/account/members/${member.user.id}`, {
    method: "DELETE",
    token: owner.access_token,
  });
  assert.equal(removed.status, 204);
  await smtp.waitFor((m) => to(owner)(m) && /aus dem Konto entfernt\./.test(m.text ?? ""));
  await smtp.waitFor((m) => to(member)(m) && /du compte\./.test(m.text ?? ""));
});

test("mails (nl): an invitation to an address without an account is in the inviter's language", async () => {
  const owner = await customerIn("nl");
  const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const invited = await api.fetch("/api/account/members/invitations", {
    method: "POST",
    token: owner.access_token,
    json: { email, role: "read_only" },
  });
  assert.equal(invited.status, 201);
  const mail = await smtp.waitFor((m) => recipientOf(m) === email);
  assert.match(mail.subject ?? "", /^Uitnodiging voor het Hosting Portal-account /);
  assert.match(mail.text ?? "", /met de rol ‘Alleen lezen’/);
});
