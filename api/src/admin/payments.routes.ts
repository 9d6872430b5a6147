import { Hono } from "hono";
import { IdParam } from "../../contracts/admin.ts";
import {
  AttentionCloseBody,
  AttentionCreditBody,
  AttentionList,
} from "../../contracts/payments-attention.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import { closeHandled, creditMismatch, listAttention, refundMismatch } from "./payments.service.ts";

/** Admin: PayPal payments needing attention (mounted at /admin/payments). */
export function adminPaymentRoutes(deps: Deps) {
  const { sql } = deps;
  return new Hono<AppEnv>()
    .get(
      "/",
      adminDoc({
        operationId: "adminListPaymentsAttention",
        summary:
          "PayPal payments needing attention: mismatched captures, open disputes, shortfalls, failed and foreign-currency refunds, each with its audit trail",
        response: AttentionList,
      }),
      async (c) => c.json(await listAttention(sql), 200),
    )
    .post(
      "/:id/refund",
      adminDoc({
        operationId: "adminRefundMismatchedCapture",
        summary:
          "Refund a mismatched capture at PayPal in full (one PayPal-Request-Id per item: a retry never refunds twice)",
        response: AttentionList,
        errors: [404, 409, 502],
      }),
      validate("param", IdParam),
      async (c) =>
        c.json(await refundMismatch(deps, c.get("auth").userId, c.req.valid("param").id), 200),
    )
    .post(
      "/:id/credit",
      adminDoc({
        operationId: "adminCreditMismatchedCapture",
        summary: "Credit a mismatched capture to the customer by hand (once)",
        response: AttentionList,
        errors: [404, 409],
      }),
      validate("param", IdParam),
      validate("json", AttentionCreditBody),
      async (c) =>
        c.json(
          await creditMismatch(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            c.req.valid("json").amount,
            deps.config.MAX_BALANCE_EUR,
          ),
          200,
        ),
    )
    .post(
      "/:id/close",
      adminDoc({
        operationId: "adminCloseHandledPayment",
        summary: "Close a shortfall or a failed or foreign-currency refund, saying what was done",
        response: AttentionList,
        errors: [404, 409],
      }),
      validate("param", IdParam),
      validate("json", AttentionCloseBody),
      async (c) =>
        c.json(
          await closeHandled(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            c.req.valid("json").note,
          ),
          200,
        ),
    );
}
