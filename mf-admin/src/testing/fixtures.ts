import type { AdminProduct, AdminService, AdminUser } from "@contracts/admin.ts";

/*
 * The rows mf-admin's tests list, written once: a test spreads one and names only the fields it
 * is about (`{ ...vpsService, service_status: "failed" }`), and a field added to a contract is
 * added here once.
 */

/** A customer with a balance, one order and one service. */
export const alice: AdminUser = {
  id: "2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091",
  username: "alice",
  email: "alice@example.com",
  credits: "25.00",
  status: "active",
  is_admin: false,
  orders_count: 1,
  services_count: 1,
  created_at: "2026-11-20T16:45:00Z",
};

/** Alice's active VPS, linked to its order and to a server at the provider. */
export const vpsService: AdminService = {
  id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
  user_id: alice.id,
  username: alice.username,
  email: alice.email,
  service_type: "vps",
  service_status: "active",
  ipv4: "203.0.113.10",
  ram: "4",
  cpu: "2",
  storage: "80",
  reseller_id: 104233,
  order_id: "c0ffee00-1234-4abc-8def-0123456789ab",
  created_at: "2026-11-20T17:00:00Z",
  provider_error: null,
};

/** A suspended dedicated server of Alice's that no order covers. */
export const dedicatedService: AdminService = {
  ...vpsService,
  id: "9f8e7d6c-5b4a-4938-8271-605f4e3d2c1b",
  service_type: "dedicated",
  service_status: "suspended",
  ipv4: "198.51.100.7",
  ram: "128 GB DDR4 ECC",
  cpu: "AMD EPYC 7313P",
  storage: "2 x 1.92 TB NVMe",
  reseller_id: 88012,
  order_id: null,
};

/** The cheapest VPS, with a provider plan, ordered three times. */
export const starterProduct: AdminProduct = {
  id: "6f1c2b7e-3d4a-4e5b-8c6d-7e8f9a0b1c2d",
  name: "VPS Starter",
  price: "4.99",
  cpu: "2 vCPU",
  ram: "4 GB",
  storage: "80 GB NVMe",
  uplink: "1 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "vps",
  orders_count: 3,
  created_at: "2025-01-01T00:00:00Z",
  plan: { template: "Debian12", cpu_cores: 2, memory_mb: 4096, disk_gb: 80, ipv4_count: 1 },
};

/** A dedicated server product, never ordered, without a plan. */
export const epycProduct: AdminProduct = {
  id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
  name: "Dedicated EPYC 16",
  price: "89.00",
  cpu: "AMD EPYC 7313P",
  ram: "128 GB",
  storage: "2 x 1.92 TB NVMe",
  uplink: "10 Gbit/s",
  ddos_protection: "Always-on",
  product_type: "dedicated",
  orders_count: 0,
  created_at: "2025-02-01T00:00:00Z",
  plan: null,
};
