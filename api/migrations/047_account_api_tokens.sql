-- API tokens belong to the account they act on; user_id stays the person who made it.
alter table api_tokens add column account_id uuid references accounts (id) on delete cascade;
update api_tokens set account_id = user_id;
alter table api_tokens alter column account_id set not null;
create index api_tokens_account_idx on api_tokens (account_id, created_at desc);
-- A row written without its account (a script's insert) belongs to its maker's own account.
create function api_tokens_default_account() returns trigger language plpgsql as $$
begin
  new.account_id := coalesce(new.account_id, new.user_id);
  return new;
end $$;
create trigger api_tokens_default_account before insert on api_tokens
  for each row execute function api_tokens_default_account();
