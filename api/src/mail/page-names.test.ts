import assert from "node:assert/strict";
import shellDe from "../../../shell/src/messages/de.json" with { type: "json" };
import shellEn from "../../../shell/src/messages/en.json" with { type: "json" };
import shellFr from "../../../shell/src/messages/fr.json" with { type: "json" };
import shellNl from "../../../shell/src/messages/nl.json" with { type: "json" };
import type { Locale } from "../../contracts/i18n/locales.ts";
import { locales } from "../../contracts/i18n/locales.ts";
import { test } from "../platform/testing.ts";
import { passwordChangedInSettingsMail } from "./templates/account.ts";
import { expiryReminder } from "./templates/lifecycle.ts";
import { creditsHeld, paymentDenied } from "./templates/payments.ts";

/** The menu's labels, as the shell shows them in each language. */
const MENU: Record<Locale, Record<string, string>> = {
  en: shellEn,
  de: shellDe,
  fr: shellFr,
  nl: shellNl,
};

const variant = (
  mail: { text: string; translations?: Partial<Record<Locale, { text: string }>> },
  l: Locale,
) => (l === "en" ? mail.text : mail.translations![l]!.text);

test("mails name the portal's pages with the menu's labels in every language", () => {
  const payment = { amount: "25.00", date: "2026-11-27T10:00:00Z", reference: "CAP-1" };
  const reminder = expiryReminder({
    productName: "VPS Pro",
    orderId: "0123456789abcdef",
    days: 3,
    expireDate: "2026-11-30T10:00:00Z",
    price: "12.50",
    balance: "20.00",
    autoRenew: false,
    graceDays: 0,
  });
  for (const l of locales) {
    const menu = (key: string) => {
      const label = MENU[l][`nav.${key}`];
      assert.ok(label, `nav.${key} in ${l}`);
      return label;
    };
    const expected: [string, string, string][] = [
      ["payment denied", variant(paymentDenied(payment), l), menu("chargeCredits")],
      ["credits held", variant(creditsHeld(payment), l), menu("transactions")],
      ["credits held", variant(creditsHeld(payment), l), menu("settings")],
      ["expiry reminder", variant(reminder, l), menu("orders")],
      [
        "password changed",
        variant(passwordChangedInSettingsMail({ username: "ann", forgotUrl: "http://x" }), l),
        menu("settings"),
      ],
    ];
    for (const [mail, text, label] of expected)
      assert.ok(text.includes(label), `${l} ${mail} mail names the page "${label}"`);
  }
});
