-- Receipts, expiry reminders, grace period, auto-renew and the customer's mail choices.

-- The customer's email choices. Security mails (password reset, verification) and the notices
-- that a service was suspended or reactivated always go; these two families can be turned off.
alter table profiles
  add column notify_reminders boolean not null default true,
  add column notify_receipts boolean not null default true;

-- Auto-renew: the lifecycle job renews the order from credits shortly before it expires, through
-- the same renewal function (and so the same transaction rules and ledger row) as the Renew button.
alter table orders add column auto_renew boolean not null default false;
create index orders_auto_renew_expiry_idx on orders (expire_date)
  where status = 'active' and auto_renew;

-- What the lifecycle job has done for an order, once each: 'reminder:<days>', 'topup-needed' and
-- 'grace' for the current period (a renewal deletes them, so the next period gets its own), and
-- 'staff-new-order' once per order. period_end is the expire_date the notice was about. A row is
-- written even when the customer turned the mail off, so the job never reconsiders it; the
-- outbox's dedupe key is the second lock on the same door.
create table order_notices (
  order_id uuid not null references orders (id) on delete cascade,
  notice text not null check (notice ~ '^(reminder:[0-9]+|topup-needed|grace|staff-new-order)$'),
  period_end timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (order_id, notice)
);

-- Auto-renewals performed, one per order and period: a manual renewal that raced with one (the
-- customer pressed Renew while the job renewed) is answered with this renewal instead of a second.
create table order_auto_renewals (
  order_id uuid not null references orders (id) on delete cascade,
  period_end timestamptz not null,
  renewed_at timestamptz not null default clock_timestamp(),
  primary key (order_id, period_end)
);
create index order_auto_renewals_order_idx on order_auto_renewals (order_id, renewed_at desc);
