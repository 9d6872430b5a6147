import "./csp.ts";
import { z } from "zod/mini";

/** Money travels as a decimal string with two places ("12.50"), never as a float. */
export const Money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));
export type Money = z.infer<typeof Money>;

export const Uuid = z.uuid();

/**
 * Classic zod's `preprocess(fn, schema)`, which zod/mini does not have: the same pipe from a
 * transform into `schema`, typed as classic zod types it (a key whose `schema` is optional is
 * optional in the input type too; the pipe itself accepts a missing key either way).
 */
export const preprocess = <B extends z.ZodMiniType<unknown, unknown>>(
  fn: (value: unknown) => unknown,
  schema: B,
) =>
  z.pipe(z.transform(fn), schema) as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, B> & {
    _zod: { optin: B["_zod"]["optin"] };
  };

export const Timestamp = z.string().check(z.describe("ISO 8601 date-time"));

export const ServiceType = z.enum(["vps", "dedicated"]);
export type ServiceType = z.infer<typeof ServiceType>;
/**
 * SPEC's active and suspended, plus the provider's lifecycle: `provisioning` from the purchase
 * until the server exists (a dedicated server: until staff set it up), `failed` when it could not
 * be made (the order is cancelled and refunded), `terminated` once deleted at the provider (kept
 * in the history).
 */
export const ServiceStatus = z.enum([
  "provisioning",
  "active",
  "suspended",
  "failed",
  "terminated",
]);
export type ServiceStatus = z.infer<typeof ServiceStatus>;
/** SPEC's three, plus `cancelled`: provisioning failed for good and the price went back. */
export const OrderStatus = z.enum(["active", "suspended", "expired", "cancelled"]);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ProductType = ServiceType;
export type ProductType = ServiceType;

/**
 * Postgres cannot store U+0000 in text (and refuses it inside JSON too), so no request
 * may carry it. The API checks every validated request part with this before its schema runs;
 * forms may use `NoNullText` for the same rule with the same message.
 */
export const NULL_CHARACTER_MESSAGE = "must not contain null characters (\\u0000)";

/** The path ("body.username", "query.type") of the first string (or key) holding U+0000, else null. */
export function findNullCharacter(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "value" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNullCharacter(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return path || "value";
      const found = findNullCharacter(item, at);
      if (found) return found;
    }
  }
  return null;
}

export const NoNullText = z
  .string()
  .check(z.refine((s) => !s.includes("\u0000"), { message: `Text ${NULL_CHARACTER_MESSAGE}` }));
