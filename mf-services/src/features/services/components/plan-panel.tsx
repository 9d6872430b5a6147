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
  contractMessage,
  formatDate,
  formatDateTime,
  formatEur,
  Select,
  Skeleton,
  toast,
} from "@hosting-portal/shared-ui";
import { useEffect, useRef, useState } from "react";
import { messages, useT } from "../../../i18n";
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
const difference = (o: PlanOption, t: typeof messages.t) =>
  o.amount.startsWith("-")
    ? t("plan.back", { amount: formatEur(o.amount.slice(1)) })
    : t("plan.toPay", { amount: formatEur(o.amount) });

/**
 * "Plan": the VPS's product, the products it can change to with the price difference for the rest
 * of the period, and cancellation (at the end of the period or now) with its undo. The API decides
 * every amount and rule; the page shows its quotes and asks before each step.
 */
export function PlanPanel({ service }: { service: Service }) {
  const t = useT();
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
      toast.error(contractMessage(ShopMessages.insufficientCreditsTitle), err.message);
    } else report(err);
  };

  // Tell the customer how a change they watched ended.
  const latest = data?.latest_change ?? null;
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (latest?.state === "pending") watched.current = latest.id;
    else if (latest && watched.current === latest.id) {
      watched.current = null;
      if (latest.state === "done")
        toast.success(messages.t("plan.nowRuns", { product: latest.to_product }));
      else toast.error(contractMessage(PlanChangeMessages.changeFailed));
    }
  }, [latest]);

  if (!data) {
    return (
      <Card as="section" title={t("plan.title")} description={t("plan.description")}>
        {isError ? (
          <p className={shared.muted}>{t("plan.unreadable")}</p>
        ) : (
          <Skeleton height={80} />
        )}
      </Card>
    );
  }
  const cancellation = data.cancellation?.state === "scheduled" ? data.cancellation : null;
  const pending = latest?.state === "pending";

  return (
    <Card as="section" title={t("plan.title")} description={t("plan.description")}>
      <div className={styles.sections}>
        <section className={styles.section} aria-labelledby="plan-current-heading">
          <h3 id="plan-current-heading" className={styles.heading} translate="no">
            {data.product.name}
          </h3>
          <p className={shared.muted}>
            {t("plan.current", {
              price: formatEur(data.product.price),
              date: formatDate(data.expire_date),
              days: data.days_left,
            })}
          </p>
          {pending && (
            <p className={shared.muted} role="status">
              {t("plan.changing", { product: latest.to_product })}
            </p>
          )}
          {latest?.state === "reversed" && (
            <p className={shared.muted}>{t("plan.reversed", { product: latest.to_product })}</p>
          )}
        </section>

        {!cancellation && (
          <section className={styles.section} aria-labelledby="plan-options-heading">
            <h3 id="plan-options-heading" className={styles.heading}>
              {t("plan.changePlan")}
            </h3>
            {data.options.length === 0 ? (
              <p className={shared.muted}>{t("plan.noOptions")}</p>
            ) : (
              <ul className={styles.list} aria-label={t("plan.optionsLabel")}>
                {data.options.map((o) => (
                  <li key={o.product.id} className={styles.row}>
                    <span>
                      <span translate="no">
                        <strong>{o.product.name}</strong> · {o.product.cpu} · {o.product.ram} RAM ·{" "}
                        {o.product.storage}
                      </span>{" "}
                      · {t("plan.perPeriod", { price: formatEur(o.product.price) })}
                      <br />
                      <span className={shared.note}>{difference(o, t)}</span>
                    </span>
                    <Button
                      variant="secondary"
                      isDisabled={pending}
                      onPress={() => {
                        key.current = newIdempotencyKey();
                        setChosen(o);
                      }}
                    >
                      {t(o.direction === "upgrade" ? "plan.upgradeTo" : "plan.downgradeTo", {
                        product: o.product.name,
                      })}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        <section className={styles.section} aria-labelledby="plan-cancel-heading">
          <h3 id="plan-cancel-heading" className={styles.heading}>
            {t("plan.cancellation")}
          </h3>
          {cancellation ? (
            <>
              <p className={shared.muted} role="status">
                {cancellation.mode === "period_end"
                  ? t("plan.cancelledPeriodEnd", {
                      date: formatDateTime(cancellation.effective_at),
                    })
                  : `${t("plan.cancelledNow", { date: formatDateTime(cancellation.effective_at) })}${
                      cancellation.refunded !== "0.00"
                        ? ` ${t("plan.refunded", { amount: formatEur(cancellation.refunded) })}`
                        : ""
                    }`}
              </p>
              <div>
                <Button
                  variant="secondary"
                  isPending={undo.isPending}
                  onPress={() =>
                    undo.mutate(undefined, {
                      onSuccess: () => toast.success(messages.t("plan.undone")),
                      onError,
                    })
                  }
                >
                  {t("plan.undo")}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className={shared.muted}>{t("plan.cancelExplained")}</p>
              <div className={shared.actions}>
                <Button
                  variant="secondary"
                  isDisabled={pending}
                  onPress={() => {
                    key.current = newIdempotencyKey();
                    setCancelMode("period_end");
                  }}
                >
                  {t("plan.cancelPeriodEnd")}
                </Button>
                <Button
                  variant="danger"
                  isDisabled={pending}
                  onPress={() => {
                    key.current = newIdempotencyKey();
                    setCancelMode("now");
                  }}
                >
                  {t("plan.cancelNow")}
                </Button>
              </div>
            </>
          )}
        </section>
      </div>

      <ConfirmDialog
        title={chosen ? t("plan.changeTo", { product: chosen.product.name }) : t("plan.changePlan")}
        isOpen={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        confirmLabel={t(
          chosen?.amount.startsWith("-") ? "plan.confirmDowngrade" : "plan.confirmUpgrade",
        )}
        isPending={change.isPending}
        onConfirm={() =>
          chosen &&
          change.mutate(
            { productId: chosen.product.id, key: key.current },
            {
              onSuccess: ({ change: started }) => {
                // Watched from its answer: a provider that resizes fast can finish before the
                // page's next read, which would then never see it pending.
                watched.current = started.id;
                toast.success(messages.t("plan.changeStarted", { product: chosen.product.name }));
                setChosen(null);
              },
              onError,
            },
          )
        }
      >
        {chosen && (
          <p className={shared.note}>
            {t("plan.changeText", {
              product: chosen.product.name,
              date: formatDate(data.expire_date),
              difference: difference(chosen, t),
              days: data.days_left,
              price: formatEur(chosen.product.price),
            })}
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        title={t(cancelMode === "now" ? "plan.cancelNow" : "plan.cancelPeriodEnd")}
        isOpen={cancelMode !== null}
        onOpenChange={(open) => {
          if (!open) setCancelMode(null);
        }}
        confirmLabel={t(cancelMode === "now" ? "plan.cancelNow" : "plan.confirmCancelPeriodEnd")}
        cancelLabel={t("plan.keepServer")}
        destructive={cancelMode === "now"}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancelMode &&
          cancel.mutate(
            { body: { mode: cancelMode, reason }, key: key.current },
            {
              onSuccess: () => {
                toast.success(messages.t("plan.cancelled"));
                setCancelMode(null);
              },
              onError,
            },
          )
        }
      >
        <Select
          label={t("plan.reasonLabel")}
          value={reason}
          onValueChange={(value) => setReason(value as CancelBody["reason"])}
        >
          {CANCEL_REASONS.map((r, i) => (
            <option key={r} value={r}>
              {t(`plan.reason.${i as 0 | 1 | 2 | 3 | 4 | 5}`)}
            </option>
          ))}
        </Select>
        <p className={shared.note}>
          {cancelMode === "now"
            ? t("plan.cancelNowNote")
            : t("plan.cancelPeriodEndNote", { date: formatDateTime(data.expire_date) })}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
