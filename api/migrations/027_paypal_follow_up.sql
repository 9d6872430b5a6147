-- Credited top-ups are read back from PayPal during its refund and dispute window (180 days), so a
-- refund whose webhook never arrived is still found (billing/reconcile.service.ts). Each credited
-- order keeps its next read-back in next_check_at (null once the window is over).
create index paypal_orders_follow_up_idx on paypal_orders (next_check_at) where status = 'completed';
-- Top-ups credited before this migration: read back within the next day (spread, not all at once),
-- and not at all once their window is over.
update paypal_orders
set next_check_at = case
  when completed_at > now() - interval '180 days' then now() + random() * interval '1 day'
  end
where status = 'completed';
