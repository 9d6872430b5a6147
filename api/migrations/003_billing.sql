-- PayPal top-ups. A PayPal order is credited at most once, whatever the retries,
-- double clicks, concurrent captures or webhooks: the order row flips to 'completed' once, and the
-- ledger refuses a second top-up row for the same capture id.

create table paypal_orders (
  -- PayPal's order id
  id text primary key,
  user_id uuid not null references profiles (id) on delete cascade,
  amount numeric(12, 2) not null check (amount >= 5 and amount <= 300),
  currency text not null default 'EUR' check (currency = 'EUR'),
  status text not null default 'created' check (status in ('created', 'completed', 'refunded', 'reversed')),
  -- PayPal-Request-Id of the create call: a retried create returns the same order.
  request_id uuid not null unique,
  -- PayPal-Request-Id of the capture call: every retry of the capture replays the same one.
  capture_request_id uuid not null unique default gen_random_uuid(),
  capture_id text unique,
  transaction_id uuid references transactions (id) on delete set null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  check ((status = 'created') = (capture_id is null))
);
create index paypal_orders_user_created_idx on paypal_orders (user_id, created_at desc);

create unique index transactions_topup_paypal_key on transactions (paypal_transaction_id) where kind = 'topup';
create unique index transactions_refund_paypal_key on transactions (paypal_transaction_id)
  where kind in ('refund', 'reversal');

-- Webhook events already processed (PayPal delivers at least once).
create table paypal_webhook_events (
  id text primary key,
  event_type text not null,
  resource_id text,
  received_at timestamptz not null default now()
);
