import { z } from "zod/mini";
import { SignUpBody } from "./auth.ts";
import {
  Money,
  OrderStatus,
  ProductType,
  preprocess,
  ServiceStatus,
  ServiceType,
  Timestamp,
  Uuid,
} from "./common.ts";
import { emptyToUndefined, SearchText } from "./list-page.ts";
import { ServiceFields } from "./services.ts";
import { Product } from "./shop.ts";

/** SPEC §5 and §8 admin messages (exact text), plus the ones the spec leaves to us. */
export const adminMessages = {
  validAmount: "Please enter a valid amount",
  positiveAmount: "Please enter a positive number",
  updateCreditsFailed: "Failed to update credits",
  ipv4: "Valid IPv4 address is required",
  resellerInteger: "Reseller ID must be an integer",
  createServiceFailed: "Failed to create service. Please try again.",
  userRequired: "User is required",
  typeRequired: "Type must be vps or dedicated",
  ramRequired: "RAM is required",
  cpuRequired: "CPU is required",
  storageRequired: "Storage is required",
  ramInteger: "RAM must be a whole number of GB",
  cpuInteger: "CPU must be a whole number of cores",
  storageInteger: "Storage must be a whole number of GB",
  nameRequired: "Name is required",
  priceInvalid: "Price must be a number with up to 2 decimals",
  uplinkRequired: "Uplink is required",
  ddosRequired: "DDoS protection is required",
  userNotFound: "User not found",
  serviceNotFound: "Service not found",
  orderNotFound: "Order not found",
  productNotFound: "Product not found",
  otherUsersOrder: "The order belongs to another user",
  linkedElsewhere: "This service is already linked to another order",
  resellerTaken: "Another service already uses this server (reseller id)",
  notLive: "Only an active or suspended service can be activated or suspended",
  orderCancelled:
    "This order was cancelled (its server could not be made) and cannot change status",
  userHasCredits:
    "This user still has credits. Remove them first, so the ledger records where the money went.",
  userAccountHasMembers:
    "This user's account has other members. Remove them from it first, so that nobody loses the account they work in.",
  notYourself: "You cannot do this to your own account",
  limitInvalid: "limit must be a whole number from 1 to 200",
  limitTooLarge: "limit must be at most 200",
  cursorInvalid: "Invalid cursor: pass the next_cursor of the previous page unchanged",
  daysInvalid: "expiring_within_days must be a whole number from 0 to 3650",
} as const;

// ---------------------------------------------------------------- list pages

/** Rows per page of an admin list when `limit` is not given, and the most one page may hold. */
export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;

/** Query-string values arrive as text; an empty one (`?q=`) means "not given". */

const PageQuery = {
  limit: preprocess(
    emptyToUndefined,
    z.optional(
      z.pipe(
        z.pipe(
          z.string().check(z.regex(/^\d{1,6}$/, adminMessages.limitInvalid)),
          z.transform(Number),
        ),
        z
          .number()
          .check(
            z.int(),
            z.gte(1, adminMessages.limitInvalid),
            z.lte(ADMIN_PAGE_MAX, adminMessages.limitTooLarge),
          ),
      ),
    ),
  ).check(
    z.describe(
      `Rows per page, 1 to ${ADMIN_PAGE_MAX} (default ${ADMIN_PAGE_DEFAULT}); more is refused with 422`,
    ),
  ),
  cursor: preprocess(
    emptyToUndefined,
    z.optional(
      z
        .string()
        .check(
          z.maxLength(2000, adminMessages.cursorInvalid),
          z.regex(/^[A-Za-z0-9_-]+$/, adminMessages.cursorInvalid),
        ),
    ),
  ).check(
    z.describe(
      "Opaque: the next_cursor of the previous page (same filters); omit for the first page",
    ),
  ),
  q: SearchText.check(z.describe("Case-insensitive search text")),
};

export const AdminUserQuery = z.object({
  ...PageQuery,
  q: PageQuery.q.check(
    z.describe("Case-insensitive: part of the username or email, or the start of the id"),
  ),
});
export type AdminUserQuery = z.output<typeof AdminUserQuery>;

export const AdminServiceQuery = z.object({
  ...PageQuery,
  q: PageQuery.q.check(
    z.describe(
      "Case-insensitive: part of the IPv4 or of the owner's email, the reseller id, or the start of the id",
    ),
  ),
  type: preprocess(emptyToUndefined, z.optional(ServiceType)),
  status: preprocess(emptyToUndefined, z.optional(ServiceStatus)),
});
export type AdminServiceQuery = z.output<typeof AdminServiceQuery>;

export const AdminOrderQuery = z.object({
  ...PageQuery,
  q: PageQuery.q.check(
    z.describe(
      "Case-insensitive: part of the customer's email or username, or of the product name",
    ),
  ),
  status: preprocess(emptyToUndefined, z.optional(OrderStatus)),
  expiring_within_days: preprocess(
    emptyToUndefined,
    z.optional(
      z.pipe(
        z.pipe(
          z.string().check(z.regex(/^\d{1,4}$/, adminMessages.daysInvalid)),
          z.transform(Number),
        ),
        z.number().check(z.int(), z.lte(3650, adminMessages.daysInvalid)),
      ),
    ),
  ).check(z.describe("Only orders whose expire date lies between now and now + this many days")),
});
export type AdminOrderQuery = z.output<typeof AdminOrderQuery>;

export const AdminProductQuery = z.object({
  ...PageQuery,
  q: PageQuery.q.check(z.describe("Case-insensitive: part of the product name")),
  type: preprocess(emptyToUndefined, z.optional(ProductType)),
});
export type AdminProductQuery = z.output<typeof AdminProductQuery>;

/** Pass as `cursor` for the next page; null on the last page. */
// Defaults to null so a web app reading an older API (no next_cursor) sees one complete page.
const NextCursor = z._default(z.nullable(z.string()), null);

// Enough for numeric(12,2): 10 digits before the point.
const MAX_AMOUNT_DIGITS = 10;

/** A form field's value: the browser sends text, scripts may send a number. */
const Input = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v: string | number) => String(v).trim()),
);

/**
 * A positive EUR amount, up to 2 decimals, normalised to a decimal string ("12.50"). SPEC §5:
 * 'Please enter a valid amount' when missing or not a number, 'Please enter a positive number'
 * when zero or negative.
 */
export const PositiveAmount = z.pipe(
  Input,
  z.pipe(
    z.string().check(
      z.superRefine((v, ctx) => {
        if (
          !/^-?\d+(\.\d{1,2})?$/.test(v) ||
          v.replace(/^-/, "").split(".")[0]!.length > MAX_AMOUNT_DIGITS
        ) {
          ctx.addIssue({ code: "custom", message: adminMessages.validAmount, abort: true });
          return;
        }
        if (v.startsWith("-") || /^0+(\.0+)?$/.test(v)) {
          ctx.addIssue({ code: "custom", message: adminMessages.positiveAmount });
        }
      }),
    ),
    z.transform((v: string) => {
      const [whole, frac = ""] = v.split(".");
      return `${BigInt(whole!).toString()}.${frac.padEnd(2, "0")}`;
    }),
  ),
);

export const CreditOperation = z.enum(["add", "remove"]);
export type CreditOperation = z.infer<typeof CreditOperation>;

export const CreditAdjustmentBody = z.object({
  operation: CreditOperation,
  amount: z.pipe(
    z.union([z.string(), z.number()], { error: adminMessages.validAmount }),
    PositiveAmount,
  ),
});
export type CreditAdjustmentBody = z.input<typeof CreditAdjustmentBody>;

export const AdminUser = z.object({
  id: Uuid,
  username: z.string(),
  email: z.string(),
  credits: Money,
  status: z.enum(["active", "suspended"]),
  is_admin: z.boolean(),
  orders_count: z.number().check(z.int()),
  services_count: z.number().check(z.int()),
  created_at: Timestamp,
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({ users: z.array(AdminUser), next_cursor: NextCursor });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const CreditAdjustmentResult = z.object({
  user: AdminUser,
  /** The delta actually applied: a removal floors the balance at 0, so it may be smaller. */
  applied: Money,
  /** The ledger row; null when nothing changed (removal from a zero balance). */
  transaction_id: z.nullable(Uuid),
});
export type CreditAdjustmentResult = z.infer<typeof CreditAdjustmentResult>;

/** SPEC §5 admin create user: username ≥ 3, valid email, password ≥ 6 (the sign-up rules). */
export const CreateUserBody = SignUpBody;
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UserStatusBody = z.object({ status: z.enum(["active", "suspended"]) });
export type UserStatusBody = z.infer<typeof UserStatusBody>;

export const IdParam = z.object({ id: Uuid });

export const AdminService = z.extend(ServiceFields, {
  username: z.string(),
  email: z.string(),
  /** Why the provider work of this service keeps failing or failed for good; null when fine. */
  provider_error: z.nullable(z.string()),
});
export type AdminService = z.infer<typeof AdminService>;

export const AdminServiceList = z.object({
  services: z.array(AdminService),
  next_cursor: NextCursor,
});
export type AdminServiceList = z.infer<typeof AdminServiceList>;

const Required = (message: string) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: message }),
      z.transform((v: string | number) => String(v).trim()),
    ),
    z.string().check(z.minLength(1, message), z.maxLength(200)),
  );

/** The IPv4 text must be a real dotted quad (0-255 each, no leading zeros), not just 7 characters. */
export const Ipv4 = z.pipe(
  z.string(adminMessages.ipv4).check(z.trim()),
  z.ipv4(adminMessages.ipv4),
);

export const ResellerId = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()], { error: adminMessages.resellerInteger }),
    z.transform((v: string | number) => String(v).trim()),
  ),
  z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d{1,10}$/, adminMessages.resellerInteger)),
      z.transform(Number),
    ),
    z.number().check(z.int(), z.lte(2_147_483_647, adminMessages.resellerInteger)),
  ),
);

export const CreateServiceBody = z
  .object({
    user_id: z.pipe(z.string(adminMessages.userRequired), z.uuid(adminMessages.userRequired)),
    service_type: z.enum(["vps", "dedicated"], adminMessages.typeRequired),
    ipv4: Ipv4,
    ram: Required(adminMessages.ramRequired),
    cpu: Required(adminMessages.cpuRequired),
    storage: Required(adminMessages.storageRequired),
    reseller_id: ResellerId,
  })
  .check(
    z.superRefine((v, ctx) => {
      // SPEC §5: for VPS the hints are integers (GB / cores); dedicated takes free text ("2x Xeon").
      if (v.service_type !== "vps") return;
      const fields = [
        ["ram", adminMessages.ramInteger],
        ["cpu", adminMessages.cpuInteger],
        ["storage", adminMessages.storageInteger],
      ] as const;
      for (const [field, message] of fields) {
        if (!/^[1-9]\d{0,5}$/.test(v[field]))
          ctx.addIssue({ code: "custom", message, path: [field] });
      }
    }),
  );
export type CreateServiceBody = z.input<typeof CreateServiceBody>;

/** Staff activate or suspend; the provider lifecycle sets the other states. */
export const ServiceStatusBody = z.object({ status: z.enum(["active", "suspended"]) });
export type ServiceStatusBody = z.infer<typeof ServiceStatusBody>;

/** Links the service to an order of the same user; null unlinks. */
export const LinkServiceBody = z.object({ order_id: z.nullable(Uuid) });
export type LinkServiceBody = z.infer<typeof LinkServiceBody>;

// ---------------------------------------------------------------- provider plans and lifecycle

export const planMessages = {
  planRequired: "A VPS product needs its server plan (template, cores, memory, disk, IPv4 count)",
  templateRequired: "Pick a template from the provider's list",
  templateUnknown: "The provider has no such template",
  coresInvalid: "Cores must be a whole number from 1 to 64",
  memoryInvalid: "Memory must be a whole number of MB from 512 to 524288",
  diskInvalid: "Disk must be a whole number of GB from 5 to 10000",
  ipv4Invalid: "IPv4 count must be a whole number from 1 to 16",
  dedicatedHasNoPlan: "Dedicated servers are set up by staff and have no provider plan",
  notProvisioningFailed: "Only a service whose provisioning failed can be retried",
  notBeingSetUp: "Only a dedicated server that is being set up can be completed this way",
  providerUnavailable: "The server provider did not answer. Please try again.",
} as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: message }),
      z.transform((v: string | number) => String(v).trim()),
    ),
    z.pipe(
      z.string().check(z.regex(/^\d{1,7}$/, message)),
      z.pipe(z.transform(Number), z.number().check(z.gte(min, message), z.lte(max, message))),
    ),
  );

/** What a VPS product asks the provider for; memory in MB and disk in GB, as the provider sells them. */
export const ProductPlan = z.object({
  template: z
    .string()
    .check(z.trim(), z.minLength(1, planMessages.templateRequired), z.maxLength(100)),
  cpu_cores: wholeNumber(planMessages.coresInvalid, 1, 64),
  memory_mb: wholeNumber(planMessages.memoryInvalid, 512, 524_288),
  disk_gb: wholeNumber(planMessages.diskInvalid, 5, 10_000),
  ipv4_count: wholeNumber(planMessages.ipv4Invalid, 1, 16),
});
export type ProductPlan = z.output<typeof ProductPlan>;
export type ProductPlanInput = z.input<typeof ProductPlan>;

/** The systems the provider can install (adminListProviderTemplates). */
export const ProviderTemplates = z.object({ templates: z.array(z.string()) });
export type ProviderTemplates = z.infer<typeof ProviderTemplates>;

/** Removing a service: also delete its server at the provider (in a durable job), or keep it. */
export const RemoveServiceQuery = z.object({
  delete_at_provider: preprocess(
    (v) => (v === "true" ? true : v === "false" || v === "" || v === undefined ? false : v),
    z.optional(z.boolean()),
  ),
});
export type RemoveServiceQuery = z.output<typeof RemoveServiceQuery>;

/** Staff finish a dedicated server's set-up: its address, the provider's id and its specs. */
export const CompleteSetupBody = z.object({
  ipv4: Ipv4,
  reseller_id: ResellerId,
  ram: Required(adminMessages.ramRequired),
  cpu: Required(adminMessages.cpuRequired),
  storage: Required(adminMessages.storageRequired),
});
export type CompleteSetupBody = z.input<typeof CompleteSetupBody>;

/** A server the provider has that no service knows, or a service whose server is gone. */
export const DriftItem = z.object({
  kind: z.enum(["unknown_server", "missing_server"]),
  vm_id: z.number().check(z.int()),
  service_id: z.nullable(Uuid),
  email: z.nullable(z.string()),
  first_seen: Timestamp,
  last_seen: Timestamp,
});
export type DriftItem = z.infer<typeof DriftItem>;
export const DriftReport = z.object({
  items: z.array(DriftItem),
  /** When the provider's list was last compared; null before the first comparison. */
  checked_at: z.nullable(Timestamp),
});
export type DriftReport = z.infer<typeof DriftReport>;

/** A provider job (create, power, delete) that keeps failing or failed for good. */
export const ProviderJobRow = z.object({
  id: Uuid,
  kind: z.enum(["provision", "power", "delete"]),
  state: z.enum(["pending", "done", "failed"]),
  service_id: z.nullable(Uuid),
  vm_id: z.nullable(z.number().check(z.int())),
  attempts: z.number().check(z.int()),
  last_error: z.nullable(z.string()),
  run_after: Timestamp,
  created_at: Timestamp,
});
export type ProviderJobRow = z.infer<typeof ProviderJobRow>;
export const ProviderJobList = z.object({ jobs: z.array(ProviderJobRow) });
export type ProviderJobList = z.infer<typeof ProviderJobList>;

export const AdminProduct = z.extend(Product, {
  orders_count: z.number().check(z.int()),
  created_at: Timestamp,
  /** A VPS product's server at the provider; null for dedicated servers (staff set them up). */
  plan: z.nullable(ProductPlan),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductList = z.object({
  products: z.array(AdminProduct),
  next_cursor: NextCursor,
});
export type AdminProductList = z.infer<typeof AdminProductList>;

/** SPEC §5: all fields required, price a number with (up to) 2 decimals. */
export const CreateProductBody = z
  .object({
    name: Required(adminMessages.nameRequired),
    price: z.pipe(
      z.pipe(
        z.union([z.string(), z.number()], { error: adminMessages.priceInvalid }),
        z.transform((v: string | number) => String(v).trim()),
      ),
      z.pipe(
        z.string().check(z.regex(/^\d{1,10}(\.\d{1,2})?$/, adminMessages.priceInvalid)),
        z.transform((v: string) => {
          const [whole, frac = ""] = v.split(".");
          return `${BigInt(whole!).toString()}.${frac.padEnd(2, "0")}`;
        }),
      ),
    ),
    cpu: Required(adminMessages.cpuRequired),
    ram: Required(adminMessages.ramRequired),
    storage: Required(adminMessages.storageRequired),
    uplink: Required(adminMessages.uplinkRequired),
    ddos_protection: Required(adminMessages.ddosRequired),
    product_type: z.enum(["vps", "dedicated"], adminMessages.typeRequired),
    plan: z.optional(z.nullable(ProductPlan)),
  })
  .check(
    z.superRefine((v, ctx) => {
      // A VPS is made by the provider from its plan; a dedicated server by staff.
      if (v.product_type === "vps" && !v.plan)
        ctx.addIssue({ code: "custom", message: planMessages.planRequired, path: ["plan"] });
      if (v.product_type === "dedicated" && v.plan)
        ctx.addIssue({ code: "custom", message: planMessages.dedicatedHasNoPlan, path: ["plan"] });
    }),
  );
export type CreateProductBody = z.input<typeof CreateProductBody>;

export const ProductRemoval = z.object({
  /** "archived" when orders reference the product (they keep its name), else "deleted". */
  outcome: z.enum(["deleted", "archived"]),
});
export type ProductRemoval = z.infer<typeof ProductRemoval>;

export const AdminOrderService = z.object({
  id: Uuid,
  service_type: ServiceType,
  service_status: ServiceStatus,
  ipv4: z.nullable(z.string()),
});

export const AdminOrder = z.object({
  id: Uuid,
  user_id: Uuid,
  username: z.string(),
  email: z.string(),
  product_id: Uuid,
  product_name: z.string(),
  product_price: Money,
  product_archived: z.boolean(),
  expire_date: Timestamp,
  status: OrderStatus,
  created_at: Timestamp,
  services: z.array(AdminOrderService),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderList = z.object({ orders: z.array(AdminOrder), next_cursor: NextCursor });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

/** SPEC §4: an admin sets one of the three states; `cancelled` is only reached by a failed provisioning. */
export const OrderStatusBody = z.object({ status: z.enum(["active", "suspended", "expired"]) });
export type OrderStatusBody = z.infer<typeof OrderStatusBody>;

export const AuditEntry = z.object({
  id: z.string(),
  actor_id: z.nullable(Uuid),
  actor_label: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  created_at: Timestamp,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
  /** Cursor: entries with a smaller id than this (the last id of the previous page). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  entity: z.optional(z.string().check(z.maxLength(40))),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditList = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next page; null at the end. */
  next_before: z.nullable(z.string()),
});
export type AuditList = z.infer<typeof AuditList>;
