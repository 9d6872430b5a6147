import { z } from "zod";

/** Money travels as a decimal string with two places ("12.50"), never as a float. */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);
export type Money = z.infer<typeof Money>;

export const Uuid = z.uuid();
export const Timestamp = z.string().describe("ISO 8601 date-time");

export const ServiceType = z.enum(["vps", "dedicated"]);
export type ServiceType = z.infer<typeof ServiceType>;
export const ServiceStatus = z.enum(["active", "suspended"]);
export type ServiceStatus = z.infer<typeof ServiceStatus>;
export const OrderStatus = z.enum(["active", "suspended", "expired"]);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ProductType = ServiceType;
export type ProductType = ServiceType;
