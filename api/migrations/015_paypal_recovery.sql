-- PayPal as it really behaves.
--
-- paypal_orders gains the states a real capture can be in, so nothing captured at PayPal is ever
-- left uncredited or credited twice:
--   created   no capture known yet (not approved, approved, or a capture whose answer was lost)
--   pending   PayPal answered a PENDING capture (eCheck, review); credited when it completes
--   captured  PayPal completed the capture but crediting failed; the reconciler credits it later
--   completed credited (refunds and reversals no longer change it: they are rows of their own)
--   failed    the capture was DECLINED or FAILED at PayPal: never credited
--   closed    never captured and given up on (expired, voided, unknown at PayPal)
-- 'refunded' and 'reversed' stay valid for rows written before this migration.
alter table paypal_orders drop constraint paypal_orders_status_check;
alter table paypal_orders drop constraint paypal_orders_check;
alter table paypal_orders add constraint paypal_orders_status_check
  check (status in ('created', 'pending', 'captured', 'completed', 'failed', 'closed', 'refunded', 'reversed'));
alter table paypal_orders add constraint paypal_orders_capture_check
  check ((status in ('created', 'closed')) = (capture_id is null));
-- The reconciler's schedule: when the order is next read back from PayPal, and how often it was.
alter table paypal_orders add column next_check_at timestamptz;
alter table paypal_orders add column check_attempts integer not null default 0;
alter table paypal_orders add column capture_status text;
update paypal_orders set next_check_at = created_at + interval '5 minutes' where status = 'created';
create index paypal_orders_unsettled_idx on paypal_orders (next_check_at)
  where status in ('created', 'pending', 'captured');

-- Refunds and reversals (chargebacks), one row per PayPal refund id, whatever order the webhooks
-- come in. A COMPLETED one debits the balance once (applied_at), floored at 0: what could not be
-- taken back because the credits were already spent is the shortfall, shown to the admin.
-- capture_id may name a capture this portal has not credited yet (its answer was lost): the row
-- waits and is applied in the same transaction that credits the capture.
create table paypal_refunds (
  id text primary key,
  capture_id text not null,
  kind text not null check (kind in ('refund', 'reversal')),
  status text not null,
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null,
  order_id text references paypal_orders (id) on delete cascade,
  user_id uuid references profiles (id) on delete cascade,
  debited numeric(12, 2),
  shortfall numeric(12, 2),
  transaction_id uuid references transactions (id) on delete set null,
  applied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((applied_at is null) = (debited is null) and (applied_at is null) = (shortfall is null))
);
create index paypal_refunds_capture_idx on paypal_refunds (capture_id);
create index paypal_refunds_shortfall_idx on paypal_refunds (applied_at) where shortfall > 0;
