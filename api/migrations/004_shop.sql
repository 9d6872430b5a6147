-- Purchases and renewals are performed once per (user, Idempotency-Key), whatever the
-- double clicks, retries or concurrent requests. The row is written in the same SQL transaction
-- as the debit, so a failed attempt (e.g. insufficient credits) leaves the key free to retry.
create table idempotency_keys (
  user_id uuid not null references profiles (id) on delete cascade,
  key text not null check (char_length(key) between 8 and 100),
  operation text not null check (operation in ('purchase', 'renewal')),
  -- the product bought or the order renewed: the same key for another target is refused
  target_id uuid not null,
  order_id uuid,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
-- The expiry job prunes keys past their retry window.
create index idempotency_keys_created_idx on idempotency_keys (created_at);
