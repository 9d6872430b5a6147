-- Tells every API instance when a session's validity changes, so cached sessions are dropped
-- at once (api/src/auth/session-cache.ts).
create function notify_auth_change() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'sessions' then
    perform pg_notify('auth_changes', 'session:' || coalesce(new.id, old.id));
  else
    perform pg_notify('auth_changes', 'user:' || coalesce(new.user_id, old.user_id));
  end if;
  return null;
end
$$;

create trigger sessions_notify_auth_change
  after update or delete on sessions
  for each row execute function notify_auth_change();

create trigger mfa_factors_notify_auth_change
  after insert or update of status or delete on mfa_factors
  for each row execute function notify_auth_change();

create function notify_profile_status_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_changes', 'user:' || coalesce(new.id, old.id));
  return null;
end
$$;

create trigger profiles_notify_status_change
  after update of status or delete on profiles
  for each row execute function notify_profile_status_change();
