-- The balance limit holds for captures running at the same time. Before a capture is sent to
-- PayPal, its amount is reserved under the profile row's lock: the limit check counts the balance
-- plus every top-up of the user PayPal may be taking money for (a capture sent and not answered,
-- one PayPal holds PENDING, one captured and not credited yet), so two captures, the webhook, the
-- reconciler and an admin addition can never together pass it. Cleared when PayPal refused the
-- capture (nothing was taken); a credited, failed or closed order no longer counts.
alter table paypal_orders add column capture_reserved_at timestamptz;
