-- Tells the event streams following an account when what the frame shows of it changes: its
-- founder suspended or active again (the suspended-account banner of every member acting on it),
-- a membership added, changed or removed (the account switcher, the Members section). The
-- `accounts` topic of user_data_changes (api/src/events/hub.ts). Streams follow the account their
-- session acts on, so a membership change is told both to the account and to the person's own
-- account, where they usually are.
create function notify_account_change() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'profiles' then
    perform pg_notify('user_data_changes',
      json_build_object('user_id', new.id, 'topic', 'accounts')::text);
  else
    perform pg_notify('user_data_changes',
      json_build_object('user_id', coalesce(new.account_id, old.account_id), 'topic', 'accounts')::text);
    perform pg_notify('user_data_changes',
      json_build_object('user_id', coalesce(new.user_id, old.user_id), 'topic', 'accounts')::text);
  end if;
  return null;
end
$$;

create trigger profiles_notify_account_change
  after update of status on profiles
  for each row when (new.status is distinct from old.status)
  execute function notify_account_change();

create trigger account_members_notify_account_change
  after insert or update or delete on account_members
  for each row execute function notify_account_change();
