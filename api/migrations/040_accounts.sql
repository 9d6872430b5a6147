-- Accounts: the balance, services, orders, transactions, invoices and tokens belong to an account,
-- which people share with roles (owner, billing, technical, read_only).
--
-- An account's id is the id of the profile that founded it, and that profile row keeps holding its
-- money (credits, ledger_total): every existing `user_id` column of the account's data (orders,
-- services, transactions, invoices, PayPal orders, tickets...) now means "the account", so no
-- money row moves and the ledger = balance rule (029) holds unchanged. A person acts on an account
-- through a membership row; the account a request acts on is the session's (sessions.account_id)
-- or the API token's.
create table accounts (
  id uuid primary key references profiles (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  created_at timestamptz not null default now()
);

create table account_members (
  account_id uuid not null references accounts (id) on delete cascade,
  user_id uuid not null references profiles (id) on delete cascade,
  role text not null check (role in ('owner', 'billing', 'technical', 'read_only')),
  created_at timestamptz not null default now(),
  primary key (account_id, user_id)
);
create index account_members_user_idx on account_members (user_id, created_at);

-- Every person who signs up (or an admin creates, or a seed inserts) owns an account of their own.
create function profiles_own_account() returns trigger language plpgsql as $$
begin
  insert into accounts (id, name, created_at) values (new.id, new.username, new.created_at);
  insert into account_members (account_id, user_id, role, created_at)
  values (new.id, new.id, 'owner', new.created_at);
  return null;
end $$;
create trigger profiles_own_account after insert on profiles
  for each row execute function profiles_own_account();

-- Existing users: each becomes the owner of the account holding what they own today. Nothing
-- moves, so the ledger of every profile still sums to its balance; checked before and after.
do $$
begin
  if exists (select 1 from profiles where credits <> ledger_total) then
    raise exception 'a balance differs from its ledger before the accounts migration';
  end if;
end $$;
insert into accounts (id, name, created_at) select id, username, created_at from profiles;
insert into account_members (account_id, user_id, role, created_at)
select id, id, 'owner', created_at from profiles;
do $$
begin
  if exists (select 1 from profiles where credits <> ledger_total)
    or exists (select 1 from profiles p where not exists (
      select 1 from account_members m where m.account_id = p.id and m.user_id = p.id and m.role = 'owner'))
  then
    raise exception 'the accounts migration left a profile without its account or its ledger';
  end if;
end $$;

-- The account a browser session acts on; null: the person's own account, else their oldest
-- membership (api/src/auth/middleware.ts). A session whose chosen account dropped them acts on
-- none until it switches.
alter table sessions add column account_id uuid references accounts (id) on delete set null;

-- At least one owner per account, checked at commit under a lock on the account row: two owners
-- demoting or removing each other at once cannot both commit. The API locks the same row first
-- and answers 409; this is the rule's last line.
create function account_keeps_an_owner() returns trigger language plpgsql as $$
begin
  perform 1 from accounts where id = old.account_id for update;
  if found and not exists (
    select 1 from account_members where account_id = old.account_id and role = 'owner'
  ) then
    raise exception 'account % would have no owner', old.account_id
      using errcode = 'check_violation', constraint = 'account_keeps_an_owner';
  end if;
  return null;
end $$;
create constraint trigger account_members_keep_an_owner
  after update of role or delete on account_members
  deferrable initially deferred
  for each row execute function account_keeps_an_owner();

-- A membership change reaches the cached sessions of its person on every API instance at once
-- (auth_changes, migration 008): a removed member's next request is refused everywhere.
create function account_members_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_changes', 'user:' || coalesce(new.user_id, old.user_id));
  return null;
end $$;
create trigger account_members_notify_auth_change
  after insert or update or delete on account_members
  for each row execute function account_members_notify();
