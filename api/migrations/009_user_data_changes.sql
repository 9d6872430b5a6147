-- Tells a user's open event streams that their services or orders changed (an admin's edit, the
-- expiry job, a purchase in another tab), so their pages follow without a reload
-- (api/src/events/hub.ts). Postgres folds identical notifications of one transaction into one.
create function notify_user_data_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('user_data_changes',
      json_build_object('user_id', old.user_id, 'topic', tg_table_name)::text);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id is distinct from old.user_id) then
    perform pg_notify('user_data_changes',
      json_build_object('user_id', new.user_id, 'topic', tg_table_name)::text);
  end if;
  return null;
end
$$;

create trigger services_notify_user_data_change
  after insert or update or delete on services
  for each row execute function notify_user_data_change();

create trigger orders_notify_user_data_change
  after insert or update or delete on orders
  for each row execute function notify_user_data_change();
