import type { Sql } from "./db.ts";
import { createAccount } from "./auth/auth.service.ts";
import { log } from "./log.ts";

export const DEMO_ACCOUNTS = [
  { email: "admin@example.com", password: "admin123", username: "admin", admin: true },
  { email: "customer@example.com", password: "customer123", username: "customer", admin: false },
] as const;

const DEMO_PRODUCTS = [
  ["VPS Start", "4.99", "1 vCore", "2 GB", "40 GB NVMe", "1 Gbit/s", "Always-on DDoS protection", "vps"],
  ["VPS Plus", "9.99", "2 vCores", "4 GB", "80 GB NVMe", "1 Gbit/s", "Always-on DDoS protection", "vps"],
  ["VPS Pro", "19.99", "4 vCores", "8 GB", "160 GB NVMe", "2.5 Gbit/s", "Always-on DDoS protection", "vps"],
  ["Dedicated AMD", "79.00", "AMD Ryzen 7 7700", "64 GB DDR5", "2 x 1 TB NVMe", "1 Gbit/s", "Permanent DDoS protection up to 1 Tbit/s", "dedicated"],
  ["Dedicated Intel", "99.00", "Intel Xeon E-2388G", "128 GB DDR4 ECC", "2 x 1.92 TB NVMe", "10 Gbit/s", "Permanent DDoS protection up to 1 Tbit/s", "dedicated"],
] as const;

/** On an empty database: a demo admin, a demo customer and demo products, so `npm start` is usable at once. */
export async function seedDemo(sql: Sql): Promise<boolean> {
  // Instances starting together must not both see an empty database and seed it twice.
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${SEED_LOCK})`;
    return await seedIfEmpty(sql);
  } finally {
    await lock`select pg_advisory_unlock(${SEED_LOCK})`;
    lock.release();
  }
}

const SEED_LOCK = 72_701_002;

async function seedIfEmpty(sql: Sql): Promise<boolean> {
  const [existing] = await sql`select 1 from profiles limit 1`;
  if (existing) return false;
  for (const account of DEMO_ACCOUNTS) {
    const user = await createAccount(sql, account);
    if (account.admin) await sql`insert into user_roles (user_id, role) values (${user.id}, 'admin')`;
  }
  for (const [name, price, cpu, ram, storage, uplink, ddos, type] of DEMO_PRODUCTS) {
    await sql`insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values (${name}, ${price}, ${cpu}, ${ram}, ${storage}, ${uplink}, ${ddos}, ${type})`;
  }
  log("info", "demo data seeded");
  return true;
}
