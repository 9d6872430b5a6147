-- The ledger sums to the balance, checked by the database at every commit whatever code path
-- changed either: transactions keep a running total on their profile, and a deferred constraint
-- trigger refuses a commit after which a profile's balance differs from that total. A new money
-- path that forgets its ledger row fails its first test instead of losing money quietly.
alter table profiles add column ledger_total numeric(12, 2) not null default 0;
update profiles p set ledger_total = t.total
from (select user_id, sum(amount) as total from transactions group by user_id) t
where t.user_id = p.id;
-- A balance the ledger does not explain (set by hand before this rule): one opening row each, so
-- every change from now on has its row.
insert into transactions (user_id, amount, status, kind)
select id, credits - ledger_total, 'paid', 'admin_adjustment' from profiles where credits <> ledger_total;
update profiles set ledger_total = credits where credits <> ledger_total;

create function transactions_keep_ledger_total() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update profiles set ledger_total = ledger_total - old.amount where id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update profiles set ledger_total = ledger_total + new.amount where id = new.user_id;
  end if;
  return null;
end $$;
create trigger transactions_ledger_total
  after insert or delete or update of amount, user_id on transactions
  for each row execute function transactions_keep_ledger_total();

-- Deferred: within a transaction the balance and its row may come in either order. It reads the
-- row as it is at commit (NEW is the row as of the change that queued the check).
create function profiles_check_ledger() returns trigger language plpgsql as $$
declare
  balance numeric;
  total numeric;
begin
  select credits, ledger_total into balance, total from profiles where id = new.id;
  if found and balance <> total then
    raise exception 'the ledger of profile % sums to %, its balance is %', new.id, total, balance
      using errcode = 'check_violation',
        hint = 'every balance change needs its transactions row in the same database transaction';
  end if;
  return null;
end $$;
create constraint trigger profiles_ledger_matches_balance
  after insert or update of credits, ledger_total on profiles
  deferrable initially deferred
  for each row execute function profiles_check_ledger();
