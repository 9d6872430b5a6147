import type { ProductType } from "@contracts/common.ts";
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The query keys of the one shared query cache: the contract between the shell and the remotes
 * (see "Query keys" in shared-ui/README.md). Every app builds its keys from here, never from
 * literal arrays, so a key renamed here is renamed everywhere and an invalidation cannot miss.
 *
 * Keys are hierarchical, resource first: `<resource>.all` is a prefix of every key of that
 * resource, whoever shows it (the customer's pages and the admin tables alike), and React Query
 * matches invalidations by prefix. So "products changed" is `queryKeys.products.all`, which
 * reaches the shop's VPS and dedicated lists and the admin products table.
 */
export const queryKeys = {
  /**
   * The signed-in user's record (owner: shell, which copies it into the session). Filled from
   * every session the API hands out (query-client.ts), so it is read again only once stale.
   */
  auth: {
    all: ["auth"] as const,
    /** GET /api/auth/user (shell app layout). */
    user: ["auth", "user"] as const,
  },

  /**
   * The caller's money and profile (owner: shared-ui, mf-account). Invalidate `account.all`
   * after any balance change: it refreshes the top bar balance and the transaction history.
   */
  account: {
    all: ["account"] as const,
    /** GET /api/account/profile: username, email, credits (top bar; shared-ui useProfile). */
    profile: ["account", "profile"] as const,
    /**
     * GET /api/billing/transactions?limit= (mf-account). Under `account` on purpose: every
     * money movement invalidates `account.all`, which refreshes the history with the balance.
     */
    transactions: (limit: number) => ["account", "transactions", limit] as const,
    /** GET /api/billing/payment-notices (mf-account): credits held by a dispute, denied top-ups. */
    paymentNotices: ["account", "payment-notices"] as const,
    /**
     * GET /api/account/accounts: the accounts the person belongs to, their roles, which one the
     * session acts on and whether it is suspended (shell's switcher and banner, mf-account's
     * Members section). Read again on the event stream's `accounts` topic.
     */
    memberships: ["account", "memberships"] as const,
    /** GET /api/account/members: the acting account's members and invitations (mf-account). */
    members: ["account", "members"] as const,
  },

  /** The product catalogue (owners: mf-shop reads it, mf-admin writes it). */
  products: {
    all: ["products"] as const,
    /** Prefix of every shop list. */
    shop: ["products", "shop"] as const,
    /** GET /api/shop/products?type=: products on sale of one type (mf-shop VPS / dedicated). */
    byType: (type: ProductType) => ["products", "shop", type] as const,
    /** GET /api/admin/products: the whole catalogue with order counts (mf-admin). */
    admin: ["products", "admin"] as const,
  },

  /** Orders (owners: mf-shop for the caller's, mf-admin for everyone's). */
  orders: {
    all: ["orders"] as const,
    /** GET /api/shop/orders: the caller's orders (mf-shop; live `orders` topic). */
    mine: ["orders", "mine"] as const,
    /** GET /api/admin/orders: every order (mf-admin). */
    admin: ["orders", "admin"] as const,
  },

  /** Support tickets (owner: mf-support, for the caller's and the staff queue). */
  support: {
    all: ["support"] as const,
    /** GET /api/support/tickets and each of the caller's ticket pages (live `support` topic). */
    mine: ["support", "mine"] as const,
    /** GET /api/admin/support/...: the staff queue and ticket pages. */
    admin: ["support", "admin"] as const,
  },

  /** Servers (owners: shared-ui + mf-services for the caller's, mf-admin for everyone's). */
  services: {
    all: ["services"] as const,
    /**
     * GET /api/services: the caller's services (side navigation, dashboard; shared-ui
     * useMyServices; live `services` topic). A prefix of `one(id)`: invalidating the caller's
     * services refreshes the list and every open service page.
     */
    mine: ["services", "mine"] as const,
    /** GET /api/services/:id: one of the caller's services (mf-services service page). */
    one: (id: string) => ["services", "mine", id] as const,
    /** GET /api/admin/services: every service with owner and order link (mf-admin). */
    admin: ["services", "admin"] as const,
  },

  /** Accounts as the admin sees them (owner: mf-admin). */
  users: {
    all: ["users"] as const,
    /** GET /api/admin/users: every profile with credits (mf-admin). */
    admin: ["users", "admin"] as const,
  },

  /** The audit log (owner: mf-admin). */
  audit: {
    all: ["audit"] as const,
    /** GET /api/admin/audit, paged (infinite query, mf-admin). */
    admin: ["audit", "admin"] as const,
  },

  /** The caller's second factors (owner: mf-account). */
  mfa: {
    all: ["mfa"] as const,
    /** GET /api/auth/factors (mf-account settings). */
    factors: ["mfa", "factors"] as const,
  },

  /** Billing settings (owner: mf-account). */
  billing: {
    all: ["billing"] as const,
    /** GET /api/billing/config: PayPal credentials or the sandbox checkout (mf-account). */
    config: ["billing", "config"] as const,
    /** GET /api/account/billing-details: name, address, country, VAT ID for invoices. */
    details: ["billing", "details"] as const,
  },

  /** Invoices, receipts and credit notes (owner: mf-admin for the admin list). */
  invoices: {
    all: ["invoices"] as const,
    /** GET /api/admin/invoices?month=&q=, paged (mf-admin). */
    admin: ["invoices", "admin"] as const,
  },
} as const;

/**
 * Invalidates every query under each of `keys` (prefix match): active ones refetch, inactive ones
 * are marked stale and refetch when next shown. Resolves when the refetches have settled.
 */
export async function invalidateKeys(
  client: QueryClient,
  keys: readonly QueryKey[],
): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
