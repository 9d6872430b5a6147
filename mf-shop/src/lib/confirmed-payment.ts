import { ErrorCode } from "@contracts/errors.ts";
import { ShopMessages } from "@contracts/shop.ts";
import { ApiError, contractMessage, toast } from "@hosting-portal/shared-ui";
import { useRef, useState } from "react";
import { newIdempotencyKey } from "./idempotency-key";

/** What useConfirmedPayment needs of a paying mutation (buying an order, renewing one). */
export interface PaymentMutation<V, R> {
  mutate(
    variables: V,
    options: { onSuccess: (result: R) => void; onError: (error: Error) => void },
  ): void;
  isPending: boolean;
}

export interface PaymentTexts<T, V, R> {
  /** The mutation's variables for the item being confirmed, with the attempt's key. */
  variables: (item: T, idempotencyKey: string) => V;
  /** Says what was paid for (a success toast). */
  onPaid: (result: R) => void;
  /** The text under 'Insufficient Credits' (it names what could not be paid for). */
  insufficientCredits: string;
  /** The title of the error toast of any other failure, over the server's message. */
  failedTitle: string;
}

/**
 * A payment confirmed in a dialog (a ConfirmDialog given `dialog`): the item the dialog is open
 * for, and one idempotency key per
 * opened dialog, so a double click or a retry after a network error cannot pay twice. A refusal
 * for lack of credits closes the dialog; any other failure leaves it open to try again.
 */
export function useConfirmedPayment<T, V, R>(
  mutation: PaymentMutation<V, R>,
  texts: PaymentTexts<T, V, R>,
) {
  const [selected, setSelected] = useState<T | null>(null);
  const key = useRef(newIdempotencyKey());

  const open = (item: T) => {
    key.current = newIdempotencyKey();
    setSelected(item);
  };

  const confirm = () => {
    if (!selected || mutation.isPending) return;
    mutation.mutate(texts.variables(selected, key.current), {
      onSuccess: (result) => {
        texts.onPaid(result);
        setSelected(null);
      },
      onError: (error) => {
        // A network failure keeps the key: confirming again cannot pay twice.
        if (!(error instanceof ApiError) || !error.retryable) key.current = newIdempotencyKey();
        if (error instanceof ApiError && error.code === ErrorCode.insufficientCredits) {
          toast.error(
            contractMessage(ShopMessages.insufficientCreditsTitle),
            texts.insufficientCredits,
          );
          setSelected(null);
        } else {
          toast.error(texts.failedTitle, error.message);
        }
      },
    });
  };

  /** The confirmation dialog's state; closing it waits for a payment under way to answer. */
  const dialog = {
    isOpen: selected !== null,
    onOpenChange: (isOpen: boolean) => {
      if (!isOpen && !mutation.isPending) setSelected(null);
    },
    onConfirm: confirm,
    isPending: mutation.isPending,
  };

  return { selected, open, dialog };
}
