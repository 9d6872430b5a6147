import { recordAudit } from "../audit/audit.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Sql, Tx } from "./db.ts";
import { log } from "./log.ts";
import type { ServerPlan } from "./ports.ts";

export const DEMO_ACCOUNTS = [
  { email: "admin@example.com", password: "admin123", username: "admin", admin: true },
  { email: "customer@example.com", password: "customer123", username: "customer", admin: false },
] as const;

const DEMO_PRODUCTS = [
  [
    "VPS Start",
    "4.99",
    "1 vCore",
    "2 GB",
    "40 GB NVMe",
    "1 Gbit/s",
    "Always-on DDoS protection",
    "vps",
  ],
  [
    "VPS Plus",
    "9.99",
    "2 vCores",
    "4 GB",
    "80 GB NVMe",
    "1 Gbit/s",
    "Always-on DDoS protection",
    "vps",
  ],
  [
    "VPS Pro",
    "19.99",
    "4 vCores",
    "8 GB",
    "160 GB NVMe",
    "2.5 Gbit/s",
    "Always-on DDoS protection",
    "vps",
  ],
  [
    "Dedicated AMD",
    "79.00",
    "AMD Ryzen 7 7700",
    "64 GB DDR5",
    "2 x 1 TB NVMe",
    "1 Gbit/s",
    "Permanent DDoS protection up to 1 Tbit/s",
    "dedicated",
  ],
  [
    "Dedicated Intel",
    "99.00",
    "Intel Xeon E-2388G",
    "128 GB DDR4 ECC",
    "2 x 1.92 TB NVMe",
    "10 Gbit/s",
    "Permanent DDoS protection up to 1 Tbit/s",
    "dedicated",
  ],
] as const;

/** Each demo VPS's server at the provider (cores, memory MB, disk GB, IPv4 count); the template comes from the provider. */
const DEMO_PLANS: Record<string, Omit<ServerPlan, "template">> = {
  "VPS Start": { cpuCores: 1, memoryMb: 2048, diskGb: 40, ipv4Count: 1 },
  "VPS Plus": { cpuCores: 2, memoryMb: 4096, diskGb: 80, ipv4Count: 1 },
  "VPS Pro": { cpuCores: 4, memoryMb: 8192, diskGb: 160, ipv4Count: 1 },
};

/** The provider's first Debian template, else its first; null when it lists none. */
export const demoTemplate = (templates: string[]): string | null =>
  templates.find((t) => /debian/i.test(t)) ?? templates[0] ?? null;

/**
 * What the seed needs of the provider: its templates (for the VPS products' plans) and, with the
 * simulator, a server made at once for the demo customer's VPS. With a real provider the demo VPS
 * points at no server of it (the drift report shows that).
 */
export interface SeedProvider {
  templates: string[];
  demoServer?: (plan: ServerPlan) => { vmId: number; ipv4: string };
}

/**
 * What the demo customer owns, so the first run shows the product: a PayPal top-up, then two
 * purchases (a VPS and a dedicated server), each order with its service linked (services.order_id,
 * as an admin links them) and each money movement with its ledger row and audit row, exactly as
 * the capture and purchase paths write them. Balance = sum of the ledger = 200.00 - 9.99 - 79.00.
 */
export const DEMO_CUSTOMER_DATA = {
  topup: { amount: "200.00", paypalOrderId: "DEMO-ORDER-0001", captureId: "DEMO-CAPTURE-0001" },
  purchases: [
    {
      product: "VPS Plus",
      service: {
        service_type: "vps",
        ipv4: "203.0.113.10",
        ram: "4",
        cpu: "2",
        storage: "80",
        reseller_id: 1001,
      },
    },
    {
      product: "Dedicated AMD",
      service: {
        service_type: "dedicated",
        ipv4: "203.0.113.20",
        ram: "64 GB DDR5",
        cpu: "AMD Ryzen 7 7700",
        storage: "2 x 1 TB NVMe",
        reseller_id: 2001,
      },
    },
  ],
  credits: "111.01",
} as const;

/** On an empty database, in one SQL transaction: demo accounts, products and the customer's data, so `npm start` is usable at once. */
export async function seedDemo(
  sql: Sql,
  provider: SeedProvider = { templates: [] },
): Promise<boolean> {
  // Instances starting together must not both see an empty database and seed it twice.
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${SEED_LOCK})`;
    return await sql.begin((tx) => seedIfEmpty(tx, provider));
  } finally {
    await lock`select pg_advisory_unlock(${SEED_LOCK})`;
    lock.release();
  }
}

const SEED_LOCK = 72_701_002;

async function seedIfEmpty(tx: Tx, provider: SeedProvider): Promise<boolean> {
  const [existing] = await tx`select 1 from profiles limit 1`;
  if (existing) return false;
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hashPassword(account.password);
    const [row] = await tx<{ id: string }[]>`
      insert into profiles (username, email) values (${account.username}, ${account.email}) returning id`;
    await tx`insert into credentials (user_id, password_hash) values (${row!.id}, ${passwordHash})`;
    if (account.admin)
      await tx`insert into user_roles (user_id, role) values (${row!.id}, 'admin')`;
    ids[account.email] = row!.id;
  }
  const products: Record<string, { id: string; price: string; plan: ServerPlan | null }> = {};
  const template = demoTemplate(provider.templates);
  if (!template) log("warn", "the provider listed no templates: demo VPS products have no plan");
  for (const [name, price, cpu, ram, storage, uplink, ddos, type] of DEMO_PRODUCTS) {
    const sizes = DEMO_PLANS[name];
    const plan = sizes && template ? { template, ...sizes } : null;
    const [row] = await tx<{ id: string; price: string }[]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
        plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
      values (${name}, ${price}, ${cpu}, ${ram}, ${storage}, ${uplink}, ${ddos}, ${type},
        ${plan?.template ?? null}, ${plan?.cpuCores ?? null}, ${plan?.memoryMb ?? null},
        ${plan?.diskGb ?? null}, ${plan?.ipv4Count ?? null})
      returning id, price::text`;
    products[name] = { ...row!, plan };
  }
  await seedCustomer(tx, ids["customer@example.com"]!, products, provider);
  log("info", "demo data seeded");
  return true;
}

async function seedCustomer(
  tx: Tx,
  userId: string,
  products: Record<string, { id: string; price: string; plan: ServerPlan | null }>,
  provider: SeedProvider,
) {
  const { topup } = DEMO_CUSTOMER_DATA;
  // The top-up: a completed PayPal order (simulated ids), the credit, its ledger row and audit row.
  const [credited] = await tx<{ credits: string }[]>`
    update profiles set credits = credits + ${topup.amount}::numeric where id = ${userId} returning credits::text`;
  const [topupRow] = await tx<{ id: string }[]>`
    insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
    values (${userId}, ${topup.amount}::numeric, 'paid', 'topup', ${topup.captureId}, now() - interval '3 days')
    returning id`;
  await tx`
    insert into paypal_orders (id, user_id, amount, currency, status, request_id, capture_id, capture_status,
      transaction_id, created_at, completed_at)
    values (${topup.paypalOrderId}, ${userId}, ${topup.amount}::numeric, 'EUR', 'completed', gen_random_uuid(),
      ${topup.captureId}, 'COMPLETED', ${topupRow!.id}, now() - interval '3 days', now() - interval '3 days')`;
  await recordAudit(tx, {
    actorId: userId,
    action: "credits.topup",
    entity: "profile",
    entityId: userId,
    before: { credits: "0.00" },
    after: {
      credits: credited!.credits,
      amount: topup.amount,
      paypal_order_id: topup.paypalOrderId,
      paypal_capture_id: topup.captureId,
      transaction_id: topupRow!.id,
      source: "seed",
    },
  });

  // The purchases: debit, order (30 days from the purchase), ledger row, audit row, linked service.
  for (const { product: name, service } of DEMO_CUSTOMER_DATA.purchases) {
    const product = products[name]!;
    const [debited] = await tx<{ credits: string; before: string }[]>`
      update profiles set credits = credits - ${product.price}::numeric where id = ${userId}
      returning credits::text, (credits + ${product.price}::numeric)::text as before`;
    const [order] = await tx<{ id: string }[]>`
      insert into orders (user_id, product_id, expire_date, status, created_at)
      values (${userId}, ${product.id}, now() + interval '28 days', 'active', now() - interval '2 days')
      returning id`;
    await tx`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
      values (${userId}, -(${product.price}::numeric), 'paid', 'purchase', ${`ORDER-${product.id.slice(0, 8)}`},
        now() - interval '2 days')`;
    await recordAudit(tx, {
      actorId: userId,
      action: "order.purchase",
      entity: "order",
      entityId: order!.id,
      before: { credits: debited!.before },
      after: { credits: debited!.credits, order_id: order!.id, product: name, source: "seed" },
    });
    // With the simulator the demo VPS is a real server of it; else the fixed demo values.
    const server = product.plan && provider.demoServer ? provider.demoServer(product.plan) : null;
    await tx`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
      values (${userId}, ${service.service_type}, 'active', ${server?.ipv4 ?? service.ipv4}, ${service.ram},
        ${service.cpu}, ${service.storage}, ${server?.vmId ?? service.reseller_id}, ${order!.id})`;
  }
}
