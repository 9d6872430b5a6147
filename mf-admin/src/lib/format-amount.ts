import { formatEur, formatMoney, formatNumber, getLocale } from "@hosting-portal/shared-ui";

/**
 * An amount in a currency that may not be euros (a PayPal capture, an invoice's currency): euros
 * through shared-ui's formatEur; another currency as "2.50 USD" in English (SPEC's way of writing
 * money) and through Intl in the other languages ("2,50 $"), read from the decimal string exactly;
 * an amount whose currency is not known, as a plain number with two decimals.
 */
export function formatAmount(amount: string, currency: string | null): string {
  if (currency === "EUR") return formatEur(amount);
  const exact = formatMoney(amount);
  if (getLocale() === "en") return currency ? `${exact} ${currency}` : exact;
  // Intl reads a decimal string exactly; the type says number only.
  const decimal = exact as unknown as number;
  if (!currency)
    return formatNumber(decimal, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  try {
    return formatNumber(decimal, { style: "currency", currency });
  } catch {
    // A code Intl does not know: the amount as it is, with the code.
    return `${exact} ${currency}`;
  }
}
