import type { Config } from "../platform/config.ts";

/**
 * EU standard VAT rates in percent (2025), the default table; VAT_RATES replaces single
 * countries. Greece is GR here (its VAT IDs start with EL).
 */
export const EU_STANDARD_RATES: Record<string, string> = {
  AT: "20",
  BE: "21",
  BG: "20",
  CY: "19",
  CZ: "21",
  DE: "19",
  DK: "25",
  EE: "24",
  ES: "21",
  FI: "25.5",
  FR: "20",
  GR: "24",
  HR: "25",
  HU: "27",
  IE: "23",
  IT: "22",
  LT: "21",
  LU: "17",
  LV: "21",
  MT: "18",
  NL: "21",
  PL: "23",
  PT: "23",
  RO: "21",
  SE: "25",
  SI: "22",
  SK: "23",
};

export const REVERSE_CHARGE_TEXT =
  "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)";

export interface VatSplit {
  net: string;
  vat_rate: string;
  vat: string;
  gross: string;
  reverse_charge: boolean;
}

/** Where an online VAT ID check (VIES) would go; today only the format is checked (contracts). */
export function checkVatId(_country: string, vatId: string | null): boolean {
  return !!vatId;
}

const cents = (money: string) => {
  const [whole, frac = ""] = money.replace("-", "").split(".");
  const value = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0").slice(0, 2));
  return money.startsWith("-") ? -value : value;
};
const money = (c: bigint) => {
  const sign = c < 0n ? "-" : "";
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
};
/** A rate like "25.5" in hundredths of a percent (2550). */
const basisPoints = (rate: string) => {
  const [whole, frac = ""] = rate.split(".");
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0").slice(0, 2));
};

/**
 * The VAT split of a gross price (what the customer pays; shop prices include VAT). The rate is
 * the customer's country's (billing details), the seller's when the country is unknown or not in
 * the table. A business with a VAT ID in another EU country than the seller's: reverse charge,
 * 0 % VAT, the price unchanged as the net amount. Net is rounded half up to the cent and VAT is
 * the rest, so net + VAT is always the gross.
 */
export function splitVat(
  config: Pick<Config, "SELLER_COUNTRY" | "VAT_RATES">,
  gross: string,
  customer: { country: string | null; vat_id: string | null },
): VatSplit {
  const rates = { ...EU_STANDARD_RATES, ...config.VAT_RATES };
  const country = customer.country && rates[customer.country] ? customer.country : null;
  const reverseCharge =
    !!country &&
    country !== config.SELLER_COUNTRY &&
    country in EU_STANDARD_RATES &&
    checkVatId(country, customer.vat_id);
  const rate = reverseCharge ? "0" : (rates[country ?? config.SELLER_COUNTRY] ?? "0");
  const g = cents(gross);
  const bp = basisPoints(rate);
  const sign = g < 0n ? -1n : 1n;
  const abs = g * sign;
  // round(abs * 10000 / (10000 + bp)), half up, in integers.
  const denominator = 10000n + bp;
  const net = ((abs * 10000n * 2n + denominator) / (denominator * 2n)) * sign;
  return {
    net: money(net),
    vat_rate: money(bp),
    vat: money(g - net),
    gross: money(g),
    reverse_charge: reverseCharge,
  };
}
