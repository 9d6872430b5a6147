import { ErrorCode } from "@contracts/errors.ts";
import {
  CANCEL_REASONS,
  type CancelBody,
  PlanChangeMessages,
  type PlanOption,
} from "@contracts/plan-changes.ts";
import type { Service } from "@contracts/services.ts";
import { ShopMessages } from "@contracts/shop.ts";
import {
  ApiError,
  Button,
  Card,
  ConfirmDialog,
  formatDate,
  formatDateTime,
  formatEur,
  Select,
  Skeleton,
  toast,
} from "@hosting-portal/shared-ui";
import { useEffect, useRef, useState } from "react";
import {
  newIdempotencyKey,
  useCancelService,
  useChangePlan,
  usePlanOptions,
  useUndoCancellation,
} from "../api/plan-changes";
import * as styles from "./manage-server/manage-server.css";
import { useReportServiceError } from "./manage-server/use-report";
import * as shared from "./services.css";

/** The amount of an option as the customer reads it: paid now, or back to the balance. */
const difference = (o: PlanOption) =>
  o.amount.startsWith("-")
    ? `${formatEur(o.amount.slice(1))} back to your balance`
    : `${formatEur(o.amount)} to pay now`;

/**
 * "Plan": the VPS's product, the products it can change to with the price difference for the rest
 * of the period, and cancellation (at the end of the period or now) with its undo. The API decides
 * every amount and rule; the page shows its quotes and asks before each step.
 */
export function PlanPanel({ service }: { service: Service }) {
  const { data, isError } = usePlanOptions(service.id);
  const change = useChangePlan(service.id);
  const cancel = useCancelService(service.id);
  const undo = useUndoCancellation(service.id);
  const report = useReportServiceError();
  const [chosen, setChosen] = useState<PlanOption | null>(null);
  const [cancelMode, setCancelMode] = useState<CancelBody["mode"] | null>(null);
  const [reason, setReason] = useState<CancelBody["reason"]>(CANCEL_REASONS[0]);
  // One key per confirmation dialog: a retry of the same step is the same request to the API.
  const key = useRef(newIdempotencyKey());
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.code === ErrorCode.insufficientCredits) {
      toast.error(ShopMessages.insufficientCreditsTitle, err.message);
    } else report(err);
  };

  // Tell the customer how a change they watched ended.
  const latest = data?.latest_change ?? null;
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (latest?.state === "pending") watched.current = latest.id;
    else if (latest && watched.current === latest.id) {
      watched.current = null;
      if (latest.state === "done") toast.success(`Your server now runs ${latest.to_product}.`);
      else toast.error(PlanChangeMessages.changeFailed);
    }
  }, [latest]);

  if (!data) {
    return (
      <Card as="section" title="Plan" description="Change your server's product or cancel it.">
        {isError ? (
          <p className={shared.muted}>The plan cannot be read right now.</p>
        ) : (
          <Skeleton height={80} />
        )}
      </Card>
    );
  }
  const cancellation = data.cancellation?.state === "scheduled" ? data.cancellation : null;
  const pending = latest?.state === "pending";

  return (
    <Card as="section" title="Plan" description="Change your server's product or cancel it.">
      <div className={styles.sections}>
        <section className={styles.section} aria-labelledby="plan-current-heading">
          <h3 id="plan-current-heading" className={styles.heading}>
            {data.product.name}
          </h3>
          <p className={shared.muted}>
            {formatEur(data.product.price)} per 30 days · period ends {formatDate(data.expire_date)}{" "}
            ({data.days_left} {data.days_left === 1 ? "day" : "days"} left)
          </p>
          {pending && (
            <p className={shared.muted} role="status">
              Changing your server to {latest.to_product} at the provider…
            </p>
          )}
          {latest?.state === "reversed" && (
            <p className={shared.muted}>
              The change to {latest.to_product} could not be made; the money went back to your
              balance.
            </p>
          )}
        </section>

        {!cancellation && (
          <section className={styles.section} aria-labelledby="plan-options-heading">
            <h3 id="plan-options-heading" className={styles.heading}>
              Change plan
            </h3>
            {data.options.length === 0 ? (
              <p className={shared.muted}>No other product is available for this server.</p>
            ) : (
              <ul className={styles.list} aria-label="Products you can change to">
                {data.options.map((o) => (
                  <li key={o.product.id} className={styles.row}>
                    <span>
                      <strong>{o.product.name}</strong> · {o.product.cpu} · {o.product.ram} RAM ·{" "}
                      {o.product.storage} · {formatEur(o.product.price)} per 30 days
                      <br />
                      <span className={shared.note}>{difference(o)}</span>
                    </span>
                    <Button
                      variant="secondary"
                      isDisabled={pending}
                      onPress={() => {
                        key.current = newIdempotencyKey();
                        setChosen(o);
                      }}
                    >
                      {o.direction === "upgrade" ? "Upgrade" : "Downgrade"} to {o.product.name}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        <section className={styles.section} aria-labelledby="plan-cancel-heading">
          <h3 id="plan-cancel-heading" className={styles.heading}>
            Cancellation
          </h3>
          {cancellation ? (
            <>
              <p className={shared.muted} role="status">
                {cancellation.mode === "period_end"
                  ? `Cancelled at the end of the period: the server runs until ${formatDateTime(cancellation.effective_at)} and is then deleted.`
                  : `Cancelled: the server is deleted at ${formatDateTime(cancellation.effective_at)}.${
                      cancellation.refunded !== "0.00"
                        ? ` ${formatEur(cancellation.refunded)} for the unused days went back to your balance (credit note with your transactions).`
                        : ""
                    }`}
              </p>
              <div>
                <Button
                  variant="secondary"
                  isPending={undo.isPending}
                  onPress={() =>
                    undo.mutate(undefined, {
                      onSuccess: () => toast.success("The cancellation was undone."),
                      onError,
                    })
                  }
                >
                  Undo cancellation
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className={shared.muted}>
                At the end of the period the server keeps running until its expiry, then it is
                deleted. Cancelling now gives the unused days back to your balance and deletes the
                server shortly after.
              </p>
              <div className={shared.actions}>
                <Button
                  variant="secondary"
                  isDisabled={pending}
                  onPress={() => {
                    key.current = newIdempotencyKey();
                    setCancelMode("period_end");
                  }}
                >
                  Cancel at the end of the period
                </Button>
                <Button
                  variant="danger"
                  isDisabled={pending}
                  onPress={() => {
                    key.current = newIdempotencyKey();
                    setCancelMode("now");
                  }}
                >
                  Cancel now
                </Button>
              </div>
            </>
          )}
        </section>
      </div>

      <ConfirmDialog
        title={chosen ? `Change to ${chosen.product.name}` : "Change plan"}
        isOpen={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        confirmLabel={chosen?.amount.startsWith("-") ? "Downgrade" : "Pay and upgrade"}
        isPending={change.isPending}
        onConfirm={() =>
          chosen &&
          change.mutate(
            { productId: chosen.product.id, key: key.current },
            {
              onSuccess: () => {
                toast.success(PlanChangeMessages.changeStarted(chosen.product.name));
                setChosen(null);
              },
              onError,
            },
          )
        }
      >
        {chosen && (
          <p className={shared.note}>
            Your server changes to {chosen.product.name} now; the period still ends{" "}
            {formatDate(data.expire_date)}. {difference(chosen)} for the {data.days_left}{" "}
            {data.days_left === 1 ? "day" : "days"} left. From the next renewal it costs{" "}
            {formatEur(chosen.product.price)} per 30 days.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        title={cancelMode === "now" ? "Cancel now" : "Cancel at the end of the period"}
        isOpen={cancelMode !== null}
        onOpenChange={(open) => {
          if (!open) setCancelMode(null);
        }}
        confirmLabel={cancelMode === "now" ? "Cancel now" : "Cancel at period end"}
        cancelLabel="Keep the server"
        destructive={cancelMode === "now"}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancelMode &&
          cancel.mutate(
            { body: { mode: cancelMode, reason }, key: key.current },
            {
              onSuccess: () => {
                toast.success("Your service was cancelled.");
                setCancelMode(null);
              },
              onError,
            },
          )
        }
      >
        <Select
          label="Why are you cancelling?"
          value={reason}
          onValueChange={(value) => setReason(value as CancelBody["reason"])}
        >
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
        <p className={shared.note}>
          {cancelMode === "now"
            ? "The unused days go back to your balance with a credit note. The server is deleted with all its data a few minutes from now; until then you can undo this."
            : `Auto-renew is turned off. The server runs until ${formatDateTime(data.expire_date)} and is then deleted with all its data; until then you can undo this.`}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
