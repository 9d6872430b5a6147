import { attentionAdvice } from "@contracts/payments-attention.ts";
import { useT } from "../../../i18n";

/**
 * The kinds the page words itself, in the page's language. Their English is the contract's
 * `attentionAdvice` (the API's README says the same), and the generic `attentionFallback`; advice.test.ts keeps
 * them equal.
 */
export const ADVISED_KINDS = [
  "mismatch",
  "dispute",
  "shortfall",
  "refund_failed",
  "refund_currency",
] as const;
type AdvisedKind = (typeof ADVISED_KINDS)[number];

const advised = (kind: string): kind is AdvisedKind =>
  (ADVISED_KINDS as readonly string[]).includes(kind);

/**
 * What a kind is and what staff do about it. A kind added to the API after this page was built
 * reads the generic advice; one the contract words but this page's messages do not, in English.
 */
export function useAdvice(kind: string): { title: string; todo: string } {
  const t = useT();
  if (advised(kind))
    return { title: t(`payments.kind.${kind}.title`), todo: t(`payments.kind.${kind}.todo`) };
  return (
    attentionAdvice[kind] ?? {
      title: t("payments.kind.other.title"),
      todo: t("payments.kind.other.todo"),
    }
  );
}
