-- Plan changes and cancellations (api/src/plan-changes/): which VPS products a product can change
-- to, each change with its money and its provider job, and each cancellation with its reason.

-- Staff mark the products a product's customers may move to. A downgrade to a smaller disk is
-- refused when saved (the provider never shrinks a disk), not here: plans may change later, so the
-- service page and the change itself check the disks again.
create table product_upgrade_paths (
  product_id uuid not null references products (id) on delete cascade,
  target_id uuid not null references products (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (product_id, target_id),
  check (product_id <> target_id)
);

-- One change of an order's product. `amount` is what moved, signed from the customer's view:
-- positive paid (upgrade, invoiced at once), negative credited (downgrade, credited with its
-- credit note once the provider made the change). `pending` until the provider's change is done.
create table plan_changes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  order_id uuid not null references orders (id) on delete cascade,
  service_id uuid not null references services (id) on delete cascade,
  from_product_id uuid not null references products (id),
  to_product_id uuid not null references products (id),
  days_left integer not null check (days_left between 0 and 30),
  amount numeric(12, 2) not null,
  -- The Idempotency-Key of the request: a replay answers with this change.
  idempotency_key text not null,
  state text not null default 'pending' check (state in ('pending', 'done', 'reversed')),
  -- The ledger rows: the upgrade's debit or the downgrade's credit, and a reversal's.
  transaction_id uuid,
  reversal_transaction_id uuid,
  reason text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (user_id, idempotency_key)
);
-- One change at a time per service, whichever replica or tab asks.
create unique index plan_changes_one_pending_key on plan_changes (service_id) where state = 'pending';
create index plan_changes_order_idx on plan_changes (order_id, created_at desc);

-- A customer's cancellation. period_end: auto-renew off, no reminders, the server deleted at the
-- expiry; undo until then. now: the unused days credited at once (credit note), the server stopped
-- and deleted at the provider after `delete_after`; undo until then.
create table cancellations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  order_id uuid not null references orders (id) on delete cascade,
  service_id uuid references services (id) on delete set null,
  mode text not null check (mode in ('period_end', 'now')),
  reason text not null,
  comment text check (length(comment) <= 500),
  state text not null default 'scheduled' check (state in ('scheduled', 'undone', 'done')),
  -- What auto-renew was before (an undo puts it back).
  auto_renew_before boolean not null,
  -- now: the unused days credited, their ledger row; the server is deleted from delete_after on.
  refunded numeric(12, 2) not null default 0,
  transaction_id uuid,
  delete_after timestamptz,
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  undone_at timestamptz,
  done_at timestamptz,
  unique (user_id, idempotency_key)
);
-- One open cancellation per order.
create unique index cancellations_one_open_key on cancellations (order_id) where state = 'scheduled';
create index cancellations_created_idx on cancellations (created_at desc, id desc);

alter table transactions drop constraint transactions_kind_check;
alter table transactions add constraint transactions_kind_check check (kind in (
  'topup', 'purchase', 'renewal', 'admin_adjustment', 'refund', 'reversal', 'order_refund',
  'plan_change', 'cancellation_refund'));

-- change: the provider's resize of a plan change's server.
alter table provider_jobs drop constraint provider_jobs_kind_check;
alter table provider_jobs add constraint provider_jobs_kind_check
  check (kind in ('provision', 'power', 'delete', 'reinstall', 'change'));
alter table provider_jobs add column plan_change_id uuid references plan_changes (id) on delete cascade;
create unique index provider_jobs_one_change_key on provider_jobs (plan_change_id)
  where kind = 'change' and state = 'pending';

-- Plan changes and cancellations take the purchase's Idempotency-Key: the operation names the
-- product changed to, or the cancellation's mode.
alter table idempotency_keys drop constraint idempotency_keys_operation_check;
alter table idempotency_keys add constraint idempotency_keys_operation_check
  check (operation in ('purchase', 'renewal') or operation ~ '^credits:(add|remove):\d+\.\d{2}$'
    or operation ~ '^plan_change:[0-9a-f-]{36}$' or operation in ('cancel:period_end', 'cancel:now'));
