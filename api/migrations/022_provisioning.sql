-- Servers made and run at the provider (api/src/provisioning/): a VPS product's plan, the
-- lifecycle states of a service, and the durable provider jobs that do the work.

-- A VPS product's server at the provider; all five set or none (dedicated servers: none).
alter table products add column plan_template text;
alter table products add column plan_cpu_cores integer check (plan_cpu_cores between 1 and 64);
alter table products add column plan_memory_mb integer check (plan_memory_mb between 512 and 524288);
alter table products add column plan_disk_gb integer check (plan_disk_gb between 5 and 10000);
alter table products add column plan_ipv4_count integer check (plan_ipv4_count between 1 and 16);
alter table products add constraint products_plan_whole check (
  num_nulls(plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count) in (0, 5));
alter table products add constraint products_plan_vps_only check (
  plan_template is null or product_type = 'vps');

-- `cancelled`: provisioning failed for good and the price went back to the balance.
alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check
  check (status in ('active', 'suspended', 'expired', 'cancelled'));

alter table services drop constraint services_service_status_check;
alter table services add constraint services_service_status_check
  check (service_status in ('provisioning', 'active', 'suspended', 'failed', 'terminated'));
-- A service has its address and the provider's id once the server exists.
alter table services alter column ipv4 drop not null;
alter table services alter column reseller_id drop not null;
alter table services add constraint services_live_has_server check (
  service_status not in ('active', 'suspended') or (ipv4 is not null and reseller_id is not null));
-- When the service was last suspended: TERMINATE_AFTER_DAYS counts from here.
alter table services add column suspended_at timestamptz;
update services set suspended_at = now() where service_status = 'suspended';
-- The root password the provider set, sealed (secret-box, bound to the service id), until the
-- customer has seen it once.
alter table services add column root_password_sealed text;
-- One server, one service: an adopted or finished server can never be given to a second order.
create unique index services_reseller_live_key on services (reseller_id)
  where service_type = 'vps' and service_status in ('provisioning', 'active', 'suspended');
create index services_suspended_at_idx on services (suspended_at) where service_status = 'suspended';

create function services_track_suspension() returns trigger language plpgsql as $$
begin
  if new.service_status = 'suspended' and old.service_status is distinct from 'suspended' then
    new.suspended_at := now();
  elsif new.service_status <> 'suspended' then
    new.suspended_at := null;
  end if;
  return new;
end
$$;
create trigger services_track_suspension
  before update of service_status on services
  for each row execute function services_track_suspension();

-- The provider's side of the work, done by api/src/provisioning/runner.ts on any replica:
-- `provision` makes a VPS for an order, `power` brings a server's power state to what its service's
-- status wants (running when active, stopped when suspended), `delete` removes one.
create table provider_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('provision', 'power', 'delete')),
  state text not null default 'pending' check (state in ('pending', 'done', 'failed')),
  service_id uuid references services (id) on delete set null,
  order_id uuid,
  -- The provider's server: known for power and delete, and for provision once made or adopted.
  vm_id integer,
  -- provision: the provider's create job, once the create was answered.
  provider_job_id text,
  -- provision: when a create was sent whose answer is not in yet (or was lost), and the servers the
  -- account had just before: a server that appears beyond them is this job's.
  create_sent_at timestamptz,
  servers_before integer[],
  attempts integer not null default 0,
  last_error text,
  run_after timestamptz not null default now(),
  -- The lease of the runner working on it; an expired lease is taken over (a replica died).
  lease_until timestamptz,
  lease_token uuid,
  -- provision: given up after this (the order is cancelled and refunded).
  deadline timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index provider_jobs_due_idx on provider_jobs (run_after) where state = 'pending';
create unique index provider_jobs_one_provision_key on provider_jobs (service_id)
  where kind = 'provision' and state = 'pending';
create unique index provider_jobs_one_power_key on provider_jobs (service_id)
  where kind = 'power' and state = 'pending';
create index provider_jobs_failing_idx on provider_jobs (updated_at desc)
  where state = 'failed' or attempts >= 3;
-- A service's jobs (the admin services list shows the last failing one's error per row).
create index provider_jobs_service_idx on provider_jobs (service_id, updated_at desc);

-- Creates are serialised per provider account: the create API takes no idempotency key and no
-- tag, so a create whose answer was lost can only be told apart by the server that appears next.
-- job_id holds the gate from the list taken before a create until the create is answered or its
-- server found.
create table provider_create_gate (
  id integer primary key check (id = 1),
  job_id uuid,
  held_since timestamptz
);
insert into provider_create_gate (id) values (1);

-- A VPS whose status moves between active and suspended gets its power brought along, in the same
-- transaction as the change (expiry, renewal, staff), so no path can forget the provider.
create function services_queue_power() returns trigger language plpgsql as $$
begin
  if new.service_type = 'vps' and new.reseller_id is not null
    and new.service_status in ('active', 'suspended')
    and old.service_status in ('active', 'suspended')
    and new.service_status <> old.service_status then
    insert into provider_jobs (kind, service_id, vm_id) values ('power', new.id, new.reseller_id)
    on conflict (service_id) where kind = 'power' and state = 'pending' do update set run_after = now();
  end if;
  return null;
end
$$;
create trigger services_queue_power
  after update of service_status on services
  for each row execute function services_queue_power();

-- What the provider's list and the services disagree on, found by the drift job; never acted on
-- automatically. resolved_at is set when a later comparison no longer sees it.
create table provider_drift (
  kind text not null check (kind in ('unknown_server', 'missing_server')),
  vm_id integer not null,
  service_id uuid references services (id) on delete set null,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  resolved_at timestamptz,
  notified_at timestamptz,
  primary key (kind, vm_id)
);
create table provider_drift_checks (
  id integer primary key check (id = 1),
  checked_at timestamptz
);
insert into provider_drift_checks (id) values (1);

-- Credits given back when an order could not be provisioned (with a credit note of its invoice).
alter table transactions drop constraint transactions_kind_check;
alter table transactions add constraint transactions_kind_check check (kind in (
  'topup', 'purchase', 'renewal', 'admin_adjustment', 'refund', 'reversal', 'order_refund'));
create unique index provider_jobs_one_delete_key on provider_jobs (vm_id)
  where kind = 'delete' and state = 'pending';

-- The mail three days before a suspended server is deleted, once per suspension.
alter table order_notices drop constraint order_notices_notice_check;
alter table order_notices add constraint order_notices_notice_check
  check (notice ~ '^(reminder:[0-9]+|topup-needed|grace|staff-new-order|termination-warning:[0-9]+)$');
