// A database of realistic size for the benchmarks, written straight through SQL in a few statements.
// Every balance equals the sum of its ledger rows, so the invariants can be checked afterwards.
import { hash } from "@node-rs/argon2";

export const BENCH_PASSWORD = "bench-pass-1";
export const MEASURED_EMAIL = "bench@example.com";

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
  await sql`
    insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
    select case when i % 5 = 0 then ${measured.id}::uuid
        else (select id from profiles where username = 'bench' || (1 + i % ${users - 1})) end,
      case when i % 7 = 0 then -2.50 else 10.00 end, 'paid',
      case when i % 7 = 0 then 'purchase' else 'topup' end,
      case when i % 7 = 0 then 'ORDER-bench000' else 'BENCH-CAPTURE-' || i end,
      now() - make_interval(mins => i)
    from generate_series(1, ${transactions}) as i`;
  await sql`
    update profiles p set credits = t.total
    from (select user_id, sum(amount) as total from transactions group by user_id) t
    where t.user_id = p.id and t.total >= 0`;
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
