-- The API serves as the role portal_app (or a login role that is a member of it) and migrates as
-- the owner of the tables. The triggers of 002 and 020 keep invoices and the audit log as written
-- against the API's own bugs, but a superuser or the owner can disable them; portal_app has no
-- UPDATE, DELETE or TRUNCATE on those tables at all, so a statement injected into the API's
-- connection cannot rewrite them either.
--
-- The role itself is not made here: CREATE ROLE needs CREATEROLE, which the migrating role on a
-- managed server may lack, a role belongs to the whole cluster rather than to this database, and
-- its password has no place in a migration. api/src/db-roles.ts makes it where the owner may
-- (the embedded Postgres, docker-compose.yml); elsewhere the database's administrator does
-- (README, Database roles). Without the role (one URL for both, as before) nothing is granted.

-- A TRUNCATE fires no row trigger: the audit log gets the statement guard invoices have had
-- since 020.
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

-- What portal_app may do. Called here and again at every start after the migrations
-- (api/src/migrate.ts), so a role the administrator creates later gets its privileges too. A later
-- table the API may only append to goes into the revoke below (create or replace in its migration),
-- since this grants everything else anew at each start.
create function portal_app_grants() returns void language plpgsql as $$
begin
  if not exists (select from pg_roles where rolname = 'portal_app') then
    return;
  end if;
  grant usage on schema public to portal_app;
  -- No TRUNCATE, REFERENCES or TRIGGER anywhere: the API never needs them.
  grant select, insert, update, delete on all tables in schema public to portal_app;
  grant usage, select on all sequences in schema public to portal_app;
  -- Issued invoices (credit notes are rows of invoices too) and the audit log: append only.
  revoke update, delete, truncate on invoices, audit_log from portal_app;
  -- Only migrations, run as the owner, record themselves.
  revoke all on schema_migrations from portal_app;
  -- Tables and sequences later migrations create (as this same owner) are the API's as well.
  alter default privileges in schema public
    grant select, insert, update, delete on tables to portal_app;
  alter default privileges in schema public grant usage, select on sequences to portal_app;
end $$;
-- Functions are executable by everyone by default; the API has no business calling this one.
revoke execute on function portal_app_grants() from public;
select portal_app_grants();
