-- An admin's credit change is performed once per (admin, Idempotency-Key), like a purchase: a
-- double submit or a retried request after a lost answer adds the amount once. The operation
-- names the change ("credits:add:100.00"), so the same key for another amount is refused; the
-- ledger row it wrote is kept for the replayed answer.
alter table idempotency_keys drop constraint idempotency_keys_operation_check;
alter table idempotency_keys add constraint idempotency_keys_operation_check
  check (operation in ('purchase', 'renewal') or operation ~ '^credits:(add|remove):\d+\.\d{2}$');
alter table idempotency_keys add column transaction_id uuid;
