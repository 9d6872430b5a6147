-- Money flowing back: disputes, and the payments staff must look at.

-- A dispute PayPal opened on one of our captures (disputed_transactions[].seller_transaction_id),
-- or a hold: a credited capture PayPal put back to PENDING for a buyer complaint or a chargeback
-- (id 'HOLD-<capture id>'). While open, the disputed amount is held: it stays in the balance but
-- cannot be spent. Its outcome is applied once (outcome_applied_at), whatever order the events
-- come in: the buyer's favour takes the amount back like a reversal, the seller's favour gives back
-- what reversals of the capture took.
create table paypal_disputes (
  id text not null,
  capture_id text not null,
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null,
  status text not null check (status in ('open', 'resolved')),
  paypal_status text,
  outcome text,
  resolved_at timestamptz,
  outcome_applied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (id, capture_id)
);
create index paypal_disputes_capture_idx on paypal_disputes (capture_id);
create index paypal_disputes_open_idx on paypal_disputes (capture_id) where status = 'open';

-- What open disputes hold, per profile; kept by billing/disputes.service.ts, read by the one
-- money path (shop/money.ts): a purchase or renewal may spend only credits - credits_held.
alter table profiles add column credits_held numeric(12, 2) not null default 0
  check (credits_held >= 0);

-- A reversal the buyer's favour implies (dispute_id set) and PayPal's own reversal event are the
-- same money: billing/refunds.service.ts never takes both. restored_at: the seller won the
-- dispute and what this reversal debited went back to the balance (once).
alter table paypal_refunds add column dispute_id text;
alter table paypal_refunds add column restored_at timestamptz;

-- A capture that does not match its order (amount or currency) is held for staff ('mismatch')
-- instead of being read back for ever; staff either refund it at PayPal ('returned') or credit it
-- by hand ('completed'). denied_at: a capture PayPal held PENDING and then refused; the buyer had
-- been told it would be credited, so they are mailed and it shows on their transactions page.
alter table paypal_orders drop constraint paypal_orders_status_check;
alter table paypal_orders add constraint paypal_orders_status_check
  check (status in ('created', 'pending', 'captured', 'completed', 'failed', 'closed', 'refunded',
    'reversed', 'mismatch', 'returned'));
alter table paypal_orders add column denied_at timestamptz;
alter table paypal_orders add column captured_amount numeric(12, 2);
alter table paypal_orders add column captured_currency text;

-- Payments needing attention (the admin's Payments page): one row per thing to look at, opened
-- once by the path that found it and closed once, each step in the audit log
-- (entity 'paypal_attention').
create table paypal_attention (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('mismatch', 'dispute', 'shortfall', 'refund_failed', 'refund_currency')),
  ref text not null,
  user_id uuid references profiles (id) on delete set null,
  order_id text references paypal_orders (id) on delete set null,
  capture_id text,
  amount numeric(12, 2),
  currency text,
  detail jsonb not null default '{}',
  status text not null default 'open' check (status in ('open', 'closed')),
  resolution text,
  -- The PayPal-Request-Id of the refund sent from the page: a retry replays, never refunds twice.
  refund_request_id uuid,
  resolved_by uuid references profiles (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  unique (kind, ref)
);
create index paypal_attention_open_idx on paypal_attention (created_at desc) where status = 'open';
