-- The audit log keeps who acted after the account is removed. The foreign key's
-- `on delete set null` updated audit rows, which the log's append-only trigger refuses: removing
-- any user who had ever acted (a purchase, a captured top-up, a settings change) failed with a 500.
-- The id stays as written; actor_label already names the account.
alter table audit_log drop constraint audit_log_actor_id_fkey;
