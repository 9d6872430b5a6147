-- What the user sees of their sessions in Settings, and the server-side idle timeout: a refresh
-- token unused for 30 minutes (5 days with 'Remember me') no longer refreshes, whoever holds it.
-- Existing sessions count as used now, so nobody is signed out by the upgrade itself.
alter table sessions add column last_used_at timestamptz not null default now();
-- The browser and address recorded at sign-in (null for sessions from before this migration).
alter table sessions add column user_agent text check (length(user_agent) <= 512);
alter table sessions add column ip_address text check (length(ip_address) <= 64);
create index sessions_user_live_idx on sessions (user_id, last_used_at desc) where revoked_at is null;

-- Every refresh now writes last_used_at: that must not tell every API instance to drop the
-- session from its cache (migration 008), only changes that decide whether the session works.
drop trigger sessions_notify_auth_change on sessions;
create trigger sessions_notify_auth_change
  after update of revoked_at, aal, expires_at or delete on sessions
  for each row execute function notify_auth_change();
