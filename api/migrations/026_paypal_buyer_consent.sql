-- A top-up is captured only while its buyer is waiting for it. Once the page has told the buyer
-- the payment failed (their funding source was declined, or PayPal needed them again), only the
-- buyer's own next capture may take money for the order: the reconciler reads such an order back
-- but never captures it, and gives it up once PayPal lets it expire.
alter table paypal_orders add column buyer_told_failed_at timestamptz;
