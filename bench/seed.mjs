// A database of realistic size for the benchmarks, written straight through SQL in a few statements.
// Every balance equals the sum of its ledger rows, so the invariants can be checked afterwards.
import { hash } from "@node-rs/argon2";

export const BENCH_PASSWORD = "bench-pass-1";
export const MEASURED_EMAIL = "bench@example.com";
/** The admin whose /admin/users the page benchmark loads. */
export const BENCH_ADMIN_EMAIL = "bench-admin@example.com";

export async function seed(sql, { users = 1000, products = 50, transactions = 10_000 } = {}) {
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await sql`
    insert into profiles (username, email, created_at)
    select 'bench' || i, case when i = 0 then ${MEASURED_EMAIL} else 'bench' || i || '@example.com' end,
      now() - make_interval(mins => i)
    from generate_series(0, ${users - 1}) as i`;
  const [admin] = await sql`
    insert into profiles (username, email) values ('benchadmin', ${BENCH_ADMIN_EMAIL}) returning id`;
  await sql`insert into user_roles (user_id, role) values (${admin.id}, 'admin')`;
  await sql`
    insert into credentials (user_id, password_hash)
    select id, ${passwordHash} from profiles where email like 'bench%@example.com'`;
  await sql`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    select case when i % 2 = 0 then 'VPS ' else 'Dedicated ' end || i,
      (case when i % 2 = 0 then 3 + i * 0.5 else 40 + i * 2 end)::numeric(12,2),
      (1 + i % 8) || ' vCores', (2 + i % 16) || ' GB', (20 + i * 10) || ' GB NVMe', '1 Gbit/s',
      'Always-on DDoS protection', case when i % 2 = 0 then 'vps' else 'dedicated' end
    from generate_series(1, ${products}) as i`;
  const [measured] = await sql`select id from profiles where email = ${MEASURED_EMAIL}`;
  await sql`
    insert into orders (user_id, product_id, expire_date, status, created_at)
    select ${measured.id}, (select id from products order by price limit 1 offset (i % 20)),
      now() + make_interval(days => i), 'active', now() - make_interval(days => 30 - i)
    from generate_series(1, 30) as i`;
  await sql`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
    select ${measured.id}, 'vps', 'active', '10.0.' || (i / 200) || '.' || (i % 200 + 1), '4', '2', '80', 1000 + i, o.id
    from (select id, row_number() over (order by created_at) as i from orders where user_id = ${measured.id}) o
    where o.i <= 20`;
  // A fifth of the ledger belongs to the measured user, the rest is spread over everyone else.
  // The rows and the balances they sum to in one transaction: the database checks it at commit.
  await sql.begin(async (tx) => {
    await tx`
    insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
    select case when i % 5 = 0 then ${measured.id}::uuid
        else (select id from profiles where username = 'bench' || (1 + i % ${users - 1})) end,
      case when i % 7 = 0 then -2.50 else 10.00 end, 'paid',
      case when i % 7 = 0 then 'purchase' else 'topup' end,
      case when i % 7 = 0 then 'ORDER-bench000' else 'BENCH-CAPTURE-' || i end,
      now() - make_interval(mins => i)
    from generate_series(1, ${transactions}) as i`;
    await tx`
    update profiles p set credits = t.total
    from (select user_id, sum(amount) as total from transactions group by user_id) t
    where t.user_id = p.id and t.total >= 0`;
  });
  await sql`analyze`;
  return { measuredUserId: measured.id };
}

/** Ledger sum equals balance for every user, no balance below 0, no PayPal capture credited twice. */
export async function checkInvariants(sql) {
  const [mismatch] = await sql`
    select count(*)::int as n from profiles p
    left join (select user_id, sum(amount) as total from transactions group by user_id) t on t.user_id = p.id
    where p.credits <> coalesce(t.total, 0)`;
  const [negative] = await sql`select count(*)::int as n from profiles where credits < 0`;
  const [doubled] = await sql`
    select count(*)::int as n from (
      select paypal_transaction_id from transactions where kind = 'topup'
      group by paypal_transaction_id having count(*) > 1) d`;
  return {
    ledgerEqualsBalance: mismatch.n === 0,
    usersWithMismatch: mismatch.n,
    noNegativeBalance: negative.n === 0,
    noDoubleCredit: doubled.n === 0,
    doubleCredited: doubled.n,
  };
}

export const SCALE_ADMIN_EMAIL = "scale-admin@example.com";
const SCALE_PRODUCTS = 20;
const EMAIL_DOMAINS = ["example.com", "mail.example", "hosting.example", "corp.example"];

/**
 * A hosting company of `customers` customers for the admin lists, in a handful of
 * set-based statements (generate_series), so 100,000 customers take seconds. Each customer has a
 * top-up and two purchases in the ledger (the balance is their sum), two orders (the second one
 * active, expired or suspended by turns) and a service linked to each order, with its own IPv4.
 * Customer i is `cust<i>`, email `cust<i>@<one of EMAIL_DOMAINS>`, created i seconds ago (so
 * low numbers are on the first page), service IPv4s are 10.x.y.z counting up from 10.0.0.1.
 * Returns what the benchmark searches for.
 */
export async function seedAdminScale(sql, { customers = 100_000 } = {}) {
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await sql.begin(async (tx) => {
    await tx`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      select case when i % 2 = 0 then 'Scale VPS ' else 'Scale Dedicated ' end || i,
        (4 + i * 1.5)::numeric(12, 2), (1 + i % 8) || ' vCores', (2 + i % 16) || ' GB',
        (20 + i * 10) || ' GB NVMe', '1 Gbit/s', 'Always-on DDoS protection',
        case when i % 2 = 0 then 'vps' else 'dedicated' end
      from generate_series(1, ${SCALE_PRODUCTS}) as i`;
    // Each customer buys products (2i) and (2i + 1) of the list; the balance is what the ledger
    // below leaves: a 100.00 top-up minus both prices (at most 2 x 34.00).
    await tx`
      with p as (select array_agg(price order by name) as prices
        from products where name like 'Scale %')
      insert into profiles (username, email, credits, created_at)
      select 'cust' || i, 'cust' || i || '@' || (${EMAIL_DOMAINS}::text[])[1 + i % 4],
        100 - p.prices[1 + (2 * i) % ${SCALE_PRODUCTS}] - p.prices[1 + (2 * i + 1) % ${SCALE_PRODUCTS}],
        now() - make_interval(secs => i)
      from generate_series(1, ${customers}) as i, p`;
    await tx`
      with p as (select array_agg(id order by name) as ids from products where name like 'Scale %'),
      c as (select id, substr(username, 5)::int as i, created_at from profiles
        where username ~ '^cust[0-9]+$')
      insert into orders (user_id, product_id, expire_date, status, created_at)
      select c.id, p.ids[1 + (2 * c.i + k - 1) % ${SCALE_PRODUCTS}],
        case when k = 1 or c.i % 3 = 0 then now() + make_interval(days => c.i % 60)
          else now() - make_interval(days => 1 + c.i % 30) end,
        case when k = 1 or c.i % 3 = 0 then 'active' when c.i % 3 = 1 then 'expired'
          else 'suspended' end,
        c.created_at + make_interval(mins => k)
      from c cross join generate_series(1, 2) as k cross join p`;
    await tx`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage,
        reseller_id, order_id, created_at)
      select o.user_id, pr.product_type,
        case when o.status = 'active' then 'active' else 'suspended' end,
        '10.' || (n / 65536) || '.' || (n / 256 % 256) || '.' || (n % 256),
        pr.ram, pr.cpu, pr.storage, 100000 + n, o.id, o.created_at + interval '1 second'
      from (select o.*, row_number() over (order by o.created_at, o.id) as n
        from orders o join profiles c on c.id = o.user_id where c.username ~ '^cust[0-9]+$') o
      join products pr on pr.id = o.product_id`;
    await tx`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
      select c.id, 100.00, 'paid', 'topup', 'SCALE-CAPTURE-' || c.username, c.created_at
      from profiles c where c.username ~ '^cust[0-9]+$'
      union all
      select o.user_id, -pr.price, 'paid', 'purchase', 'ORDER-' || left(pr.id::text, 8), o.created_at
      from orders o join products pr on pr.id = o.product_id where pr.name like 'Scale %'`;
    const [admin] = await tx`
      insert into profiles (username, email) values ('scaleadmin', ${SCALE_ADMIN_EMAIL})
      returning id`;
    await tx`insert into credentials (user_id, password_hash) values (${admin.id}, ${passwordHash})`;
    await tx`insert into user_roles (user_id, role) values (${admin.id}, 'admin')`;
  });
  // What autovacuum does to a live database after bulk inserts: statistics, and the visibility
  // map that lets counts (the products' order counts) read the index alone.
  await sql`vacuum analyze`;
  // Search targets from the middle of the data, far from the first page.
  const middle = Math.floor(customers * 0.77);
  const [target] = await sql`
    select p.id, p.username, p.email, s.ipv4 from profiles p join services s on s.user_id = p.id
    where p.username = ${`cust${middle}`} order by s.created_at limit 1`;
  return { customers, target };
}

/**
 * Support tickets for the admin-scale customers: `perCustomer` each (300,000 at 100,000
 * customers), spread over statuses, categories and the last 90 days of activity, a tenth assigned
 * to the scale admin, with subjects from a small vocabulary plus the ticket's number (a search for
 * a word matches many tickets, one for a number few). Returns a subject word to search for.
 */
export async function seedAdminScaleTickets(sql, { perCustomer = 3 } = {}) {
  const [admin] = await sql`select id from profiles where email = ${SCALE_ADMIN_EMAIL}`;
  await sql`
    insert into support_tickets (user_id, subject, category, status, assignee_id, created_at,
      last_activity_at, last_reply_at, waiting_since, first_answered_at, closed_at, closed_by)
    select c.id,
      (array['Server unreachable', 'Invoice question', 'Upgrade my plan', 'Abuse report',
        'Reverse DNS', 'Refund request', 'Slow disk', 'Backup restore'])[1 + n % 8] || ' #' || n,
      (array['technical', 'billing', 'sales', 'abuse'])[1 + (n / 6) % 4],
      s.status,
      case when n % 10 = 0 then ${admin.id}::uuid end,
      t.at - interval '1 hour', t.at, t.at,
      case when s.status = 'waiting_customer' then t.at end,
      case when s.status <> 'open' then t.at - interval '30 minutes' end,
      case when s.status = 'closed' then t.at end,
      case when s.status = 'closed' then 'staff' end
    from (select id, substr(username, 5)::int as i from profiles where username ~ '^cust[0-9]+$') c
      cross join generate_series(1, ${perCustomer}) as k
      cross join lateral (select c.i * ${perCustomer} + k as n) as num
      cross join lateral (select now() - make_interval(secs => ((n::bigint * 7919) % (90 * 86400))::int) as at) as t
      cross join lateral (select (array['open', 'waiting_customer', 'waiting_staff', 'closed',
        'closed', 'closed'])[1 + (n * 31) % 6] as status) as s`;
  await sql`vacuum analyze support_tickets`;
  return { subjectWord: "Refund" };
}

/**
 * The provisioning scenario's buyers: `customers` customers `prov<i>` (prov<i>@example.com,
 * BENCH_PASSWORD), each with `credit` EUR as a top-up ledger row and the balance it makes, in one
 * transaction: every balance equals its ledger, as after a real top-up.
 */
export async function seedProvisioningCustomers(sql, { customers = 500, credit }) {
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  return await sql.begin(async (tx) => {
    const rows = await tx`
      insert into profiles (username, email, credits)
      select 'prov' || i, 'prov' || i || '@example.com', ${credit}
      from generate_series(1, ${customers}) as i
      returning id, email`;
    await tx`
      insert into credentials (user_id, password_hash)
      select id, ${passwordHash} from profiles where id = any(${rows.map((r) => r.id)})`;
    await tx`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      select id, ${credit}, 'paid', 'topup', 'BENCH-PROV-' || id from profiles
      where id = any(${rows.map((r) => r.id)})`;
    return rows;
  });
}
