import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the API reads (README.md lists them too). */
const EnvSchema = z.object({
  /**
   * `production`: every real dependency must be configured (productionProblems below); nothing is
   * simulated, no demo account is seeded, admins need a second factor. `development`: the
   * simulators, the mail catcher and the demo accounts stand in for what is not configured.
   */
  PORTAL_ENV: z.enum(["development", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  /** Default: 127.0.0.1 in development (the demo admin is not for the network), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  PUBLIC_URL: z.url().default("http://localhost:8000"),
  DATABASE_URL: z.url().optional(),
  /**
   * The tables' owner, which runs the migrations; DATABASE_URL is then the app role the API serves
   * as (README, Database roles). Default: DATABASE_URL, one role for both (not in production).
   */
  DATABASE_MIGRATION_URL: z.url().optional(),
  /** Postgres connections per API process (mind the server's max_connections across replicas). */
  DATABASE_POOL_MAX: int(20),
  /**
   * API processes on this host, sharing PORT (SO_REUSEPORT, Linux): one per core uses them all.
   * The first starts the others (api/src/platform/processes.ts); each opens its own DATABASE_POOL_MAX.
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Seals TOTP seeds at rest (AES-256, 32 bytes in base64); default: a key generated under DATA_DIR. */
  MFA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes in base64 (openssl rand -base64 32)")
    .optional(),
  JWT_ISSUER: z.string().default("hosting-portal"),
  JWT_AUDIENCE: z.string().default("hosting-portal"),
  ACCESS_TOKEN_TTL_SECONDS: int(600),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  AUTH_RATE_LIMIT_PER_IP: int(60),
  /** Failed sign-ins (and reset requests) per account and client address per window. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: int(10),
  /** Failed sign-ins (and reset requests) per account per hour, from all addresses together. */
  AUTH_RATE_LIMIT_PER_ACCOUNT_HOURLY: int(100),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(300),
  /** Requests per API token per minute (each token on its own). */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: int(120),
  TRUST_PROXY: bool.default(false),
  /** Proxies of our own in front of the API (each appends to X-Forwarded-For): the client is that many entries from the right. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  STATIC_ROOT: z.string().optional(),
  /** The shell build served at `/` (default STATIC_ROOT/shell/dist); the page benchmark points it at shell/dist-single. */
  SHELL_DIST_DIR: z.string().optional(),
  SEED_DEMO: bool.optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.url().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /** A PayPal simulator run as its own process (`deno run -A api/sim/paypal.ts`), shared by every replica. */
  PAYPAL_SIM_URL: z.url().optional(),
  /** Orders left in created (or pending, or captured but not credited) this long are read back from PayPal. */
  PAYPAL_RECONCILE_AFTER_SECONDS: int(300),
  /** Webhook deliveries accepted per IP per AUTH_RATE_LIMIT_WINDOW_SECONDS. */
  PAYPAL_WEBHOOK_RATE_LIMIT_PER_IP: int(600),
  /** No top-up or admin addition may take a balance above this (EUR, at most numeric(12,2)). */
  MAX_BALANCE_EUR: z
    .string()
    .regex(
      /^\d{1,10}(\.\d{1,2})?$/,
      "must be an amount in EUR of at most 9999999999.99, e.g. 10000 or 2500.50",
    )
    .default("10000.00")
    .transform((v) => `${BigInt(v.split(".")[0]!)}.${(v.split(".")[1] ?? "").padEnd(2, "0")}`),
  SERVER_PROVIDER_URL: z.url().optional(),
  SERVER_PROVIDER_TOKEN: z.string().optional(),
  SERVER_PROVIDER_TIMEOUT_MS: int(10_000),
  /** Port of the embedded provider simulator (used when SERVER_PROVIDER_URL is unset); 0 = any. */
  SERVER_PROVIDER_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long the simulator's create and reinstall jobs take, in seconds (0: done at the next request). */
  SERVER_PROVIDER_SIM_JOB_SECONDS: z.coerce.number().min(0).max(3600).default(3),
  /** How long a create whose answer was lost may take to show its server before it is sent again. */
  SERVER_PROVIDER_CREATE_SETTLE_SECONDS: int(600),
  /** From a purchase until its provisioning is given up (order cancelled, price refunded). */
  PROVISION_DEADLINE_MINUTES: int(60),
  /** How often a provider job in progress is read again, and the job runner's idle wait (ms). */
  PROVIDER_POLL_MS: int(1_000),
  /** Provider jobs one API process works on at once. */
  PROVIDER_JOB_CONCURRENCY: int(16),
  /**
   * How long a claimed provider job is its process's: after a crash, another process takes it
   * over this much later. Keep it well above SERVER_PROVIDER_TIMEOUT_MS.
   */
  PROVIDER_JOB_LEASE_SECONDS: int(120),
  /** How often the provider's server list is compared with the services (drift report). */
  DRIFT_INTERVAL_SECONDS: int(300),
  /** Days a service stays suspended before its server is deleted at the provider (mail 3 days before). */
  TERMINATE_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  JOBS_ENABLED: bool.default(true),
  /**
   * Bearer token of GET /metrics (Prometheus). Without one the endpoint is open in development and
   * absent (404) in production.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Provider status readings one process has in flight at once while sampling the history graphs:
   * servers × the provider's answer time / this must stay well under a minute (10,000 servers at
   * 100 ms: 31 s).
   */
  HISTORY_SAMPLE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** Days minute samples are kept (the hour and day graphs read them). */
  HISTORY_MINUTE_RETENTION_DAYS: z.coerce.number().int().min(2).max(31).default(2),
  /** Days hourly averages are kept (the week graph reads them). */
  HISTORY_HOURLY_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(90),
  /** Passkeys: relying-party id and the origin browsers sign for; default from PUBLIC_URL. */
  WEBAUTHN_RP_ID: z.string().optional(),
  WEBAUTHN_ORIGIN: z.url().optional(),
  WEBAUTHN_RP_NAME: z.string().default("Hosting Portal"),
  /** The SMTP server mails go through (smtp:// or smtps://, user:pass@ for auth); unset = the local mail catcher. */
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://")
    .optional(),
  /** The From of every mail; default no-reply@ the host of PUBLIC_URL. */
  MAIL_FROM: z.string().optional(),
  /** Where staff mails (new order waiting for a server, suspensions) go; unset = none. */
  ADMIN_NOTIFY_EMAIL: z.email().optional(),
  /** Support tickets: where attachments are stored (outside any web root); default DATA_DIR/support-attachments. */
  SUPPORT_ATTACHMENTS_DIR: z.string().optional(),
  /** Support tickets: days a ticket waits for the customer before it closes itself (with a mail). */
  SUPPORT_AUTO_CLOSE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Support tickets: new tickets a customer may open per hour. */
  SUPPORT_TICKETS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Port of the local mail catcher started without SMTP_URL (0 = any free port). */
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Delivery attempts of one mail before it is marked failed (backoff doubles from 30 s). */
  MAIL_MAX_ATTEMPTS: int(8),
  /** Days a sent or failed mail stays in the outbox (its body is removed at once), then it is deleted. */
  MAIL_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days before an order expires on which its reminder goes, once each (comma-separated). */
  REMINDER_DAYS: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/, "must be whole days separated by commas, e.g. 7,3,1")
    .default("7,3,1")
    .transform((v) => [...new Set(v.split(",").map(Number))].sort((a, b) => b - a))
    .refine((days) => days.every((d) => d >= 1 && d <= 365), "each day must be 1 to 365"),
  /** Days after expiry before the order's services are suspended; 0 = at expiry. */
  GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(0),
  /** How long before expiry auto-renew renews an order (retried each minute until then). */
  AUTO_RENEW_HOURS_BEFORE: z.coerce.number().int().min(1).max(720).default(72),
  /** The seller on every invoice (name, address lines separated by "|", VAT ID, contact lines separated by "|"). */
  SELLER_NAME: z.string().default("Hosting Portal"),
  SELLER_ADDRESS: z.string().default(""),
  /** The seller's country (ISO 3166-1 alpha-2): its VAT rate applies when the customer's is unknown. */
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be a two-letter ISO country code, e.g. DE")
    .default("DE"),
  SELLER_VAT_ID: z.string().optional(),
  SELLER_CONTACT: z.string().optional(),
  /** VAT rates in percent per country, e.g. DE:19,FR:20; they replace the built-in EU standard rates of those countries. */
  VAT_RATES: z
    .string()
    .regex(
      /^[A-Z]{2}:\d{1,2}(\.\d{1,2})?(,[A-Z]{2}:\d{1,2}(\.\d{1,2})?)*$/,
      "must be COUNTRY:PERCENT pairs separated by commas, e.g. DE:19,FR:20",
    )
    .optional()
    .transform((v) =>
      Object.fromEntries(
        (v ? v.split(",") : []).map((pair) => pair.split(":") as [string, string]),
      ),
    ),
});

export type Config = z.infer<typeof EnvSchema> & { HOST: string };

/** Connections the API may open to its embedded Postgres (max_connections is 100). */
const EMBEDDED_MAX_CONNECTIONS = 90;

/** Parses the environment; a wrong or missing variable names itself and stops the process. */
export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const empty = Object.entries(env)
    .filter(([, v]) => v === "")
    .map(([k]) => k);
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k]) => !empty.includes(k)));
  const given = { ...cleaned };
  // PUBLIC_URL follows PORT unless it is set: `PORT=9000 npm start` prints and uses :9000.
  cleaned.PUBLIC_URL ??= `http://localhost:${cleaned.PORT ?? 8000}`;
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const production = result.data.PORTAL_ENV === "production";
  const config: Config = {
    ...result.data,
    HOST: result.data.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
  };
  if (production) {
    const problems = productionProblems(given, config);
    if (problems.length > 0) {
      throw new ConfigError(
        `Invalid configuration for PORTAL_ENV=production:\n${problems.map((p) => `  ${p}`).join("\n")}`,
      );
    }
  }
  config.WEBAUTHN_ORIGIN ??= new URL(config.PUBLIC_URL).origin;
  config.WEBAUTHN_RP_ID ??= new URL(config.WEBAUTHN_ORIGIN).hostname;
  config.MAIL_FROM ??= `Hosting Portal <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
  if (config.PAYPAL_CLIENT_ID && !config.PAYPAL_CLIENT_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYPAL_CLIENT_SECRET: required with PAYPAL_CLIENT_ID",
    );
  }
  if (config.PAYPAL_CLIENT_ID && !config.PAYPAL_WEBHOOK_ID) {
    // Refunds, chargebacks and disputes reach the portal as webhooks: without the id every
    // delivery fails its verification and money paid back to a buyer stays credited.
    throw new ConfigError(
      "Invalid configuration:\n  PAYPAL_WEBHOOK_ID: required with PAYPAL_CLIENT_ID: the id of the webhook registered for PUBLIC_URL/api/billing/paypal/webhook in the PayPal app",
    );
  }
  if (config.PAYPAL_CLIENT_ID && !config.PAYPAL_API_BASE) {
    // Sandbox and live credentials are refused by the other host (every payment 401).
    throw new ConfigError(
      "Invalid configuration:\n  PAYPAL_API_BASE: required with PAYPAL_CLIENT_ID: https://api-m.paypal.com for live credentials, https://api-m.sandbox.paypal.com for sandbox ones",
    );
  }
  // The embedded Postgres allows 100 connections; each API process holds its pool plus two (the
  // event hub's LISTEN and the health probe), and the tools and the admin CLI need a few more.
  const embeddedConnections = config.API_PROCESSES * (config.DATABASE_POOL_MAX + 2);
  if (!config.DATABASE_URL && embeddedConnections > EMBEDDED_MAX_CONNECTIONS) {
    throw new ConfigError(
      `Invalid configuration:\n  API_PROCESSES: ${config.API_PROCESSES} processes × (DATABASE_POOL_MAX ${config.DATABASE_POOL_MAX} + 2) = ${embeddedConnections} connections, more than the embedded Postgres's ${EMBEDDED_MAX_CONNECTIONS}: lower one of them, or use DATABASE_URL`,
    );
  }
  if (config.DATABASE_MIGRATION_URL && !config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_MIGRATION_URL: only with DATABASE_URL (the embedded Postgres has its own roles)",
    );
  }
  if (config.SERVER_PROVIDER_URL && !config.SERVER_PROVIDER_TOKEN) {
    throw new ConfigError(
      "Invalid configuration:\n  SERVER_PROVIDER_TOKEN: required with SERVER_PROVIDER_URL",
    );
  }
  return config;
}

export class ConfigError extends Error {}

/** The variables production cannot do without (docker-compose.yml requires each of them too). */
const PRODUCTION_REQUIRED = [
  "DATABASE_URL",
  "DATABASE_MIGRATION_URL",
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_API_BASE",
  "PAYPAL_WEBHOOK_ID",
  "SMTP_URL",
  "SERVER_PROVIDER_URL",
  "SERVER_PROVIDER_TOKEN",
  "JWT_PRIVATE_KEY",
  "MFA_ENCRYPTION_KEY",
  "PUBLIC_URL",
] as const;

/**
 * What production needs, one line per missing or wrong variable: outside production each of these
 * falls back to a simulator, a generated key or the mail catcher, which in production would mean
 * free credits (the PayPal simulator approves anything), mail that never leaves, servers that do
 * not exist, or replicas that each sign with their own key.
 */
function productionProblems(env: Record<string, string | undefined>, config: Config): string[] {
  const problems: string[] = [];
  for (const name of PRODUCTION_REQUIRED) {
    if (!env[name]) problems.push(`${name}: required in production`);
  }
  if (env.PUBLIC_URL && new URL(config.PUBLIC_URL).protocol !== "https:") {
    problems.push("PUBLIC_URL: must be an https:// address in production");
  }
  if (
    config.DATABASE_URL &&
    config.DATABASE_MIGRATION_URL &&
    new URL(config.DATABASE_URL).username === new URL(config.DATABASE_MIGRATION_URL).username
  ) {
    // The owner (or a superuser) can change issued invoices and the audit log, or switch off the
    // triggers that stop it; the API serves as a role that cannot.
    problems.push(
      "DATABASE_URL: must sign in as the app role, not as DATABASE_MIGRATION_URL's owner (README, Database roles)",
    );
  }
  if (config.PAYPAL_SIM_URL) {
    problems.push("PAYPAL_SIM_URL: the PayPal simulator is not allowed in production");
  }
  if (config.SEED_DEMO) {
    problems.push("SEED_DEMO: demo accounts are never seeded in production");
  }
  return problems;
}

/** Defaults for tests: every value the schema would produce from an empty environment. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ JOBS_ENABLED: "false", ...overrides });
}
