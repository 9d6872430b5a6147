-- A customer's reinstall of their VPS (api/src/server-actions/reinstall.ts) runs as a durable
-- provider job like provisioning: it survives a restart of the API and a lost answer never sends
-- a second reinstall without reading the server's state back first.

alter table provider_jobs drop constraint provider_jobs_kind_check;
alter table provider_jobs add constraint provider_jobs_kind_check
  check (kind in ('provision', 'power', 'delete', 'reinstall'));

-- reinstall: the system asked for, who asked, and what the provider reports while it works.
alter table provider_jobs add column template text;
alter table provider_jobs add column requested_by uuid references profiles (id) on delete set null;
alter table provider_jobs add column progress real not null default 0
  check (progress between 0 and 1);
alter table provider_jobs add column provider_status text;
-- reinstall: when a reinstall was sent whose answer is not in yet (or was lost), and the server's
-- power state and uptime just before: a server that restarted since then ran it.
alter table provider_jobs add column sent_at timestamptz;
alter table provider_jobs add column state_before text;
alter table provider_jobs add column uptime_before bigint;

-- One reinstall at a time per service, whichever replica or tab asks.
create unique index provider_jobs_one_reinstall_key on provider_jobs (service_id)
  where kind = 'reinstall' and state = 'pending';

-- The owner's open pages follow a reinstall's progress: each change of it tells their event
-- stream that their services changed (the service page's reinstall panel sits under that topic).
create function provider_jobs_notify_reinstall() returns trigger language plpgsql as $$
declare
  owner uuid;
begin
  if new.kind <> 'reinstall' or new.service_id is null then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.progress = old.progress and new.state = old.state
    and new.provider_status is not distinct from old.provider_status then
    return null;
  end if;
  select user_id into owner from services where id = new.service_id;
  if owner is not null then
    perform pg_notify('user_data_changes',
      json_build_object('user_id', owner, 'topic', 'services')::text);
  end if;
  return null;
end
$$;
create trigger provider_jobs_notify_reinstall
  after insert or update on provider_jobs
  for each row execute function provider_jobs_notify_reinstall();
