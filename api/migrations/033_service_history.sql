-- The history graphs of a VPS (api/src/history/): one provider reading per active server per
-- minute, kept as minute samples for a short while and as hourly averages for longer, and this
-- month's traffic counted from the provider's counters, which restart from zero with the server.

-- One row per sampled server: when it is next due (the claim of a sampler: moving it to the next
-- minute under FOR UPDATE SKIP LOCKED is what makes one call per server per minute across
-- replicas), the last counters read (to turn cumulative counters into deltas) and this month's sums.
create table service_meters (
  service_id uuid primary key references services (id) on delete cascade,
  due_at timestamptz not null default '-infinity',
  -- The last successful reading: when it was taken and the provider's counters then.
  last_at timestamptz,
  last_in bigint,
  last_out bigint,
  last_uptime bigint,
  -- The first day (UTC) of the month month_in/month_out count; a reading in a later month starts
  -- them again.
  month date,
  month_in bigint not null default 0,
  month_out bigint not null default 0,
  -- Readings that failed in a row, and why the last one did (staff look here; the graph has a gap).
  failures integer not null default 0,
  last_error text
);
create index service_meters_due_idx on service_meters (due_at);

-- Minute samples. `at` is the minute; rates are bytes per second over the time since the previous
-- reading. The primary key serves the per-service range read of the graphs; rows arrive in time
-- order, so a BRIN index on `at` serves the rollup's and retention's scans across all servers at
-- a few pages' cost instead of a second b-tree as large as the table.
create table service_samples (
  service_id uuid not null references services (id) on delete cascade,
  at timestamptz not null,
  cpu real,
  mem_used bigint,
  mem_total bigint,
  net_in real,
  net_out real,
  primary key (service_id, at)
);
create index service_samples_at_brin on service_samples using brin (at);

-- Hourly averages of the minute samples (cpu_max keeps the peaks an average would hide).
create table service_samples_hourly (
  service_id uuid not null references services (id) on delete cascade,
  at timestamptz not null,
  cpu real,
  cpu_max real,
  mem_used bigint,
  mem_total bigint,
  net_in real,
  net_out real,
  samples smallint not null,
  primary key (service_id, at)
);
create index service_samples_hourly_at_brin on service_samples_hourly using brin (at);

-- How far the minute samples are rolled up into hours: one row, locked by the replica rolling up.
create table service_history_rollup (
  id boolean primary key default true check (id),
  rolled_until timestamptz not null
);
insert into service_history_rollup (rolled_until) values (date_trunc('hour', now()));
