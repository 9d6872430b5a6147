import { Hono } from "hono";
import {
  BillingConfig,
  CaptureResponse,
  CreateOrderBody,
  CreateOrderResponse,
  CURRENCY,
  OrderIdParam,
  PaymentNotices,
  TransactionsQuery,
  TransactionsResponse,
  WebhookResponse,
} from "../../contracts/billing.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import { countHits, type Limit, refuseIfExhausted } from "../auth/rate-limit.ts";
import { clientIp } from "../platform/client-ip.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { HttpError } from "../platform/http-error.ts";
import { describe, validate } from "../platform/openapi.ts";
import { captureTopUp } from "./capture.service.ts";
import { paymentNotices } from "./notices.service.ts";
import { createTopUpOrder, sandboxApprove } from "./top-up.service.ts";
import { listTransactions } from "./transactions.service.ts";
import { assertSignatureHeaders, handleWebhook } from "./webhooks.service.ts";

/** Top-ups through PayPal, the PayPal webhook and the caller's transactions. */
export function billingRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["billing"];
  return new Hono<AppEnv>()
    .get(
      "/config",
      describe({
        operationId: "getBillingConfig",
        summary: "How the page pays: PayPal buttons or the sandbox checkout",
        tags,
        access: "public",
        response: BillingConfig,
      }),
      (c) =>
        c.json(
          {
            mode: deps.paypal.mode,
            client_id: deps.paypal.mode === "paypal" ? deps.paypal.clientId : null,
            currency: CURRENCY,
            min: "5.00",
            max: "300.00",
            max_balance: deps.config.MAX_BALANCE_EUR,
          } satisfies BillingConfig,
          200,
        ),
    )
    .post(
      "/orders",
      describe({
        operationId: "createTopUpOrder",
        summary: "Create a PayPal order for a top-up (5 to 300 EUR)",
        tags,
        response: CreateOrderResponse,
        status: 201,
        errors: [409, 502],
      }),
      auth,
      validate("json", CreateOrderBody),
      async (c) => {
        const body = c.req.valid("json");
        return c.json(
          await createTopUpOrder(deps, accountOf(c), body.amount, body.request_id),
          201,
        );
      },
    )
    .post(
      "/orders/:id/capture",
      describe({
        operationId: "captureTopUpOrder",
        summary:
          "Capture the caller's approved PayPal order and credit it exactly once (202 while PayPal holds it PENDING)",
        tags,
        response: CaptureResponse,
        alsoSuccess: { 202: "PayPal holds the capture PENDING: credited when it completes" },
        errors: [402, 404, 502],
      }),
      auth,
      validate("param", OrderIdParam),
      async (c) => {
        const result = await captureTopUp(deps, accountOf(c), c.req.valid("param").id);
        return c.json(result.body, result.status);
      },
    )
    .post(
      "/orders/:id/sandbox-approve",
      describe({
        operationId: "approveSandboxOrder",
        summary: "Sandbox checkout only: approve the caller's order at the PayPal simulator",
        tags,
        errors: [404, 502],
      }),
      auth,
      validate("param", OrderIdParam),
      async (c) => {
        await sandboxApprove(deps, accountOf(c), c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .post(
      "/paypal/webhook",
      describe({
        operationId: "receivePaypalWebhook",
        summary: "PayPal webhook (verified with PayPal)",
        description:
          "For PayPal only: the raw body is verified with PayPal (verify-webhook-signature) using the PAYPAL-TRANSMISSION-* and PAYPAL-CERT-URL headers, which are required.",
        tags,
        access: "public",
        response: WebhookResponse,
        errors: [400, 429, 502],
      }),
      async (c) => {
        // Cheap refusals first (a flood costs little): no signature headers, no database or PayPal.
        assertSignatureHeaders(c.req.raw.headers);
        // Only refused deliveries count: after an outage PayPal retries a backlog from its few
        // addresses, and answering those 429 until PayPal gives up would lose refunds for good.
        const refused: Limit[] = [
          {
            key: `paypal-webhook:ip:${clientIp(c, deps.config)}`,
            max: deps.config.PAYPAL_WEBHOOK_RATE_LIMIT_PER_IP,
            windowSeconds: deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
          },
        ];
        await refuseIfExhausted(deps.sql, refused);
        // The raw text, as PayPal signed it: verification must not see a re-serialised copy.
        const raw = await c.req.text();
        try {
          return c.json({ status: await handleWebhook(deps, c.req.raw.headers, raw) }, 200);
        } catch (err) {
          if (err instanceof HttpError && err.status === 400) await countHits(deps.sql, refused);
          throw err;
        }
      },
    )
    .get(
      "/payment-notices",
      describe({
        operationId: "getPaymentNotices",
        summary:
          "Credits held by open PayPal disputes (not spendable) and top-ups PayPal denied after holding them pending",
        tags,
        response: PaymentNotices,
      }),
      auth,
      async (c) => c.json(await paymentNotices(deps.sql, accountOf(c)), 200),
    )
    .get(
      "/transactions",
      describe({
        operationId: "listTransactions",
        summary: "The caller's transactions, newest first, one page at a time (next_cursor)",
        tags,
        response: TransactionsResponse,
      }),
      auth,
      validate("query", TransactionsQuery),
      async (c) =>
        c.json(await listTransactions(deps.sql, accountOf(c), c.req.valid("query")), 200),
    );
}
