import { accountMessages } from "../account.ts";
import { adminMessages, planMessages } from "../admin.ts";
import { apiTokenMessages } from "../api-tokens.ts";
import { accessMessages, messages as authMessages } from "../auth.ts";
import { AutoRenewMessages } from "../auto-renew.ts";
import { billingMessages } from "../billing.ts";
import { factorMessages } from "../factors.ts";
import { historyMessages } from "../history.ts";
import { httpMessages, InputMessages } from "../http-messages.ts";
import { invoiceMessages } from "../invoices.ts";
import { listPageMessages } from "../list-page.ts";
import { memberMessages } from "../members.ts";
import { NotificationMessages } from "../notifications.ts";
import { attentionMessages } from "../payments-attention.ts";
import { PlanChangeMessages } from "../plan-changes.ts";
import { recoveryMessages } from "../recovery.ts";
import { serverActionMessages } from "../server-actions.ts";
import { serviceMessages } from "../services.ts";
import { sessionMessages } from "../sessions.ts";
import { ShopMessages } from "../shop.ts";
import { SupportMessages } from "../support.ts";

/**
 * The contracts' `messages` objects under one namespace each: a message's id is
 * `<namespace>.<key>` (`auth.invalidEmail`). The English texts stay where they are (the contracts
 * are their one source); the catalogs of the other languages are keyed by these ids.
 */
const sources = {
  access: accessMessages,
  account: accountMessages,
  auth: authMessages,
  admin: adminMessages,
  adminPlan: planMessages,
  apiTokens: apiTokenMessages,
  autoRenew: AutoRenewMessages,
  billing: billingMessages,
  factors: factorMessages,
  history: historyMessages,
  http: httpMessages,
  input: InputMessages,
  invoices: invoiceMessages,
  listPage: listPageMessages,
  members: memberMessages,
  notifications: NotificationMessages,
  paymentsAttention: attentionMessages,
  planChanges: PlanChangeMessages,
  recovery: recoveryMessages,
  serverActions: serverActionMessages,
  services: serviceMessages,
  sessions: sessionMessages,
  shop: ShopMessages,
  support: SupportMessages,
} as const;

/**
 * Every fixed English message by id, and the templates of messages the API builds from values
 * (`"Missing or malformed {name} header"`, message-template.ts). Builder functions
 * (`orderSuccess(name)`) have no id here: their pages translate them with their own catalogs.
 */
export const englishMessages: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    Object.entries(sources).flatMap(([namespace, messages]) =>
      Object.entries(messages)
        .filter((entry): entry is [string, string] => typeof entry[1] === "string")
        .map(([key, text]) => [`${namespace}.${key}`, text]),
    ),
  ),
);
