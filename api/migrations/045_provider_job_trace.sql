-- The W3C trace context (traceparent) of the transaction that queued a provider job, so the
-- job's steps, run later by the provider runner, join the trace of the request that asked for
-- them (a purchase's provider calls in the purchase's trace). Set from a transaction-local
-- setting that the API writes only when it exports traces (metrics/tracing.ts): no insert names
-- the column, and without tracing it stays null.
alter table provider_jobs
  add column traceparent text default nullif(current_setting('portal.traceparent', true), '');
