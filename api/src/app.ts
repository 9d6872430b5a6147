import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { contextStorage } from "hono/context-storage";
import { HTTPException } from "hono/http-exception";
import { ErrorCode } from "../contracts/errors.ts";
import { httpMessages } from "../contracts/http-messages.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { invitationRoutes, memberRoutes, myAccountRoutes } from "./account/members.routes.ts";
import { notificationRoutes } from "./account/notifications.routes.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { apiTokenRoutes } from "./auth/api-tokens.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { emailVerificationRoutes } from "./auth/email-verification.routes.ts";
import { factorRoutes } from "./auth/factors.routes.ts";
import { passwordResetRoutes } from "./auth/password-reset.routes.ts";
import { sessionRoutes } from "./auth/sessions.routes.ts";
import { billingRoutes } from "./billing/billing.routes.ts";
import { eventRoutes } from "./events/events.routes.ts";
import { historyRoutes } from "./history/history.routes.ts";
import { localizedErrors } from "./i18n/i18n.ts";
import { billingDetailsRoutes, invoiceRoutes } from "./invoices/invoices.routes.ts";
import { configureInvoices } from "./invoices/issue.ts";
import { metricsHandler, requestMetrics } from "./metrics/metrics.ts";
import { planChangeRoutes } from "./plan-changes/plan-changes.routes.ts";
import { clientIp } from "./platform/client-ip.ts";
import type { AppEnv, Deps } from "./platform/context.ts";
import { healthOf } from "./platform/db.ts";
import { isConnectionError } from "./platform/db-health.ts";
import { docsRoutes } from "./platform/docs.ts";
import { fromDatabaseError, HttpError, InputMessages } from "./platform/http-error.ts";
import { log, logs } from "./platform/log.ts";
import { openApiHandler } from "./platform/openapi.ts";
import { securityHeaders } from "./platform/security-headers.ts";
import { staticRoutes } from "./platform/static.ts";
import { serverActionRoutes } from "./server-actions/server-actions.routes.ts";
import { serviceRoutes } from "./services/services.routes.ts";
import { autoRenewRoutes } from "./shop/auto-renew.routes.ts";
import { shopRoutes } from "./shop/shop.routes.ts";
import { ATTACHMENT_UPLOAD_PATH, supportRoutes } from "./support/support.routes.ts";

/** The most an API request body may hold (64 KB); the compose proxy has the same limit. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

export function createApp(deps: Deps, options: { staticRoot?: string } = {}) {
  const app = new Hono<AppEnv>();
  // The seller and VAT rates of the invoices the money paths issue.
  configureInvoices(deps.config);

  // The security trail (auth/security-log.ts) names the request an event happened in without
  // every service function passing the request down.
  app.use("*", contextStorage());
  // Prometheus: how long each route takes, by status (GET /metrics, below).
  app.use("*", requestMetrics());
  // Request log: method, path without the query string, status, time. Never bodies or headers.
  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("clientIp", clientIp(c, deps.config));
    const started = performance.now();
    await next();
    c.header("x-request-id", requestId);
    // At LOG_LEVEL warn or above nothing is written: the fields are not even built (no cost).
    if (logs("info") && (c.req.path.startsWith("/api/") || c.res.status >= 500)) {
      log("info", "request", {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round(performance.now() - started),
        user_id: c.get("auth")?.userId,
      });
    }
  });

  // Error messages in the caller's language (Accept-Language, else the saved choice); outside
  // the body limit below so that its refusal is translated too.
  app.use("/api/*", localizedErrors(deps.sql));

  // Every API body is small JSON (the largest, a webhook delivery, a few KB): a larger one is
  // refused before it is read whole into memory, for signed-in and anonymous callers alike.
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: (c) =>
      c.json({ error: { code: ErrorCode.payloadTooLarge, message: InputMessages.tooLarge } }, 413),
  });
  // A ticket attachment's upload is the file itself: its route sets its own, larger limit.
  app.use("/api/*", (c, next) =>
    c.req.method === "POST" && c.req.path === ATTACHMENT_UPLOAD_PATH
      ? next()
      : apiBodyLimit(c, next),
  );

  // API answers hold the caller's own data (profile, balance, admin lists): no cache or proxy may
  // keep them. The public description and its docs page set their own caching.
  app.use("/api/*", async (c, next) => {
    await next();
    const path = c.req.path;
    if (path === "/api/openapi.json" || path.startsWith("/api/docs")) return;
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  });

  // CSP, frame, sniffing, referrer, permissions and (over https) HSTS headers on every response.
  app.use("*", securityHeaders(deps.config, options));

  const api = new Hono<AppEnv>()
    .route("/auth", authRoutes(deps))
    .route("/auth/factors", factorRoutes(deps))
    .route("/auth/sessions", sessionRoutes(deps))
    .route("/auth", passwordResetRoutes(deps))
    .route("/auth", emailVerificationRoutes(deps))
    .route("/billing", billingRoutes(deps))
    .route("/shop", shopRoutes(deps))
    .route("/shop", autoRenewRoutes(deps))
    .route("/admin", adminRoutes(deps))
    .route("/account/api-tokens", apiTokenRoutes(deps))
    .route("/account/members", memberRoutes(deps))
    .route("/account/accounts", myAccountRoutes(deps))
    .route("/invitations", invitationRoutes(deps))
    .route("/account", accountRoutes(deps))
    .route("/account/notifications", notificationRoutes(deps))
    .route("/account/billing-details", billingDetailsRoutes(deps))
    .route("/invoices", invoiceRoutes(deps))
    .route("/services", serviceRoutes(deps))
    .route("/services", historyRoutes(deps))
    .route("/services", serverActionRoutes(deps))
    .route("/services", planChangeRoutes(deps))
    .route("/events", eventRoutes(deps))
    .route("/support", supportRoutes(deps));

  app.route("/api", api);
  app.route("/api/docs", docsRoutes());
  app.get("/api/openapi.json", openApiHandler(app));
  app.get("/.well-known/jwks.json", (c) =>
    c.json(deps.signer.jwks(), 200, { "cache-control": "public, max-age=300" }),
  );
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  const metrics = metricsHandler(deps.sql, deps.config);
  app.get("/metrics", async (c) => (await metrics(c.req.raw)) ?? c.notFound());
  app.get("/readyz", async (c) => {
    try {
      await deps.sql`select 1`;
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "database unreachable" }, 503);
    }
  });
  app.all("/api/*", () => {
    throw new HttpError(404, ErrorCode.notFound, httpMessages.notFound);
  });
  if (options.staticRoot)
    app.route("/", staticRoutes(options.staticRoot, deps.config.SHELL_DIST_DIR));

  app.notFound((c) =>
    c.json({ error: { code: ErrorCode.notFound, message: httpMessages.notFound } }, 404),
  );
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json({ error: { code: err.code, message: err.message } }, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      const code = err.status === 400 ? ErrorCode.validation : ErrorCode.internal;
      return c.json(
        { error: { code, message: err.message || httpMessages.badRequest } },
        err.status,
      );
    }
    // An unreachable database answers 503 (and marks it down, so the next requests are
    // refused at once until it answers again); input Postgres refuses answers 422.
    const mapped = fromDatabaseError(err, isConnectionError);
    if (mapped) {
      if (mapped.status === 503) healthOf(deps.sql)?.report(err);
      return c.json(
        { error: { code: mapped.code, message: mapped.message } },
        mapped.status,
        mapped.headers,
      );
    }
    const pg = err as { code?: string };
    // postgres.js errors carry the query and parameters: log only the message and code.
    log("error", "unhandled error", {
      request_id: c.get("requestId"),
      error: err.message,
      code: pg.code,
    });
    return c.json({ error: { code: ErrorCode.internal, message: httpMessages.internal } }, 500);
  });
  return app;
}
