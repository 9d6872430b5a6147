-- Append-only audit log: every admin action and every money movement, with values before and after.
create table audit_log (
  id bigserial primary key,
  actor_id uuid references profiles (id) on delete set null,
  -- who acted, kept even after the account is removed
  actor_label text not null,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc);
create index audit_log_entity_idx on audit_log (entity, entity_id);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
