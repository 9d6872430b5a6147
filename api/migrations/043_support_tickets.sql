-- Support tickets: a customer's conversation with staff, internal notes staff write beside it,
-- attachments (their bytes on disk under SUPPORT_ATTACHMENTS_DIR, never in a web root) and the
-- canned answers staff reply with.

create table support_tickets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  subject text not null check (char_length(subject) between 1 and 200),
  category text not null check (category in ('billing', 'technical', 'sales', 'abuse')),
  status text not null default 'open'
    check (status in ('open', 'waiting_customer', 'waiting_staff', 'closed')),
  service_id uuid references services (id) on delete set null,
  order_id uuid references orders (id) on delete set null,
  assignee_id uuid references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The queue's and the customer's list order: the newest message or change of status.
  last_activity_at timestamptz not null default now(),
  -- The newest message the customer can see (their own or a staff reply), for their list.
  last_reply_at timestamptz not null default now(),
  -- Since when the ticket waits for the customer: the auto-close job counts its days from here.
  waiting_since timestamptz,
  first_answered_at timestamptz,
  closed_at timestamptz,
  closed_by text check (closed_by in ('customer', 'staff', 'auto')),
  check ((status = 'closed') = (closed_at is not null)),
  check ((status = 'waiting_customer') = (waiting_since is not null))
);

-- The customer's list (newest activity first) and the per-customer rate limit on new tickets.
create index support_tickets_user_activity_idx
  on support_tickets (user_id, last_activity_at desc, id desc);
create index support_tickets_user_created_idx on support_tickets (user_id, created_at);
-- The staff queue: newest activity first, alone or filtered by status, category or assignee.
create index support_tickets_activity_idx on support_tickets (last_activity_at desc, id desc);
create index support_tickets_status_activity_idx
  on support_tickets (status, last_activity_at desc, id desc);
create index support_tickets_category_activity_idx
  on support_tickets (category, last_activity_at desc, id desc);
create index support_tickets_assignee_activity_idx
  on support_tickets (assignee_id, last_activity_at desc, id desc);
-- Search by subject (substring, like the other admin lists: pg_trgm from 016).
create index support_tickets_subject_trgm_idx on support_tickets using gin (subject gin_trgm_ops);
-- The auto-close job's candidates.
create index support_tickets_waiting_idx on support_tickets (waiting_since)
  where status = 'waiting_customer';

create table support_messages (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references support_tickets (id) on delete cascade,
  author_id uuid references profiles (id) on delete set null,
  author_role text not null check (author_role in ('customer', 'staff', 'system')),
  -- An internal note: only staff routes ever read these rows.
  internal boolean not null default false,
  body text not null check (char_length(body) between 1 and 10000),
  created_at timestamptz not null default now(),
  check (not internal or author_role = 'staff')
);
create index support_messages_ticket_idx on support_messages (ticket_id, created_at, id);

create table support_attachments (
  id uuid primary key default gen_random_uuid(),
  -- Who uploaded it; until a message names it, only they may attach it.
  owner_id uuid not null references profiles (id) on delete cascade,
  ticket_id uuid references support_tickets (id) on delete cascade,
  message_id uuid references support_messages (id) on delete cascade,
  file_name text not null check (char_length(file_name) between 1 and 200),
  content_type text not null
    check (content_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp',
      'application/pdf', 'text/plain')),
  size_bytes integer not null check (size_bytes between 1 and 5242880),
  sha256 text not null,
  created_at timestamptz not null default now(),
  check ((ticket_id is null) = (message_id is null))
);
create index support_attachments_message_idx on support_attachments (message_id);
create index support_attachments_owner_idx on support_attachments (owner_id, created_at)
  where message_id is null;

create table support_canned_answers (
  id uuid primary key default gen_random_uuid(),
  title text not null unique check (char_length(title) between 1 and 100),
  body text not null check (char_length(body) between 1 and 10000),
  created_at timestamptz not null default now()
);

-- The customer's open pages follow their tickets live (api/src/events/hub.ts, topic "support"):
-- the ticket row changes with every message the customer can see, status and assignment. The
-- NOTIFY names only the user and the topic; internal notes never touch the row.
create function notify_support_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('user_data_changes',
    json_build_object('user_id', coalesce(new.user_id, old.user_id), 'topic', 'support')::text);
  return null;
end
$$;

create trigger support_tickets_notify_user_data_change
  after insert or update or delete on support_tickets
  for each row execute function notify_support_change();
