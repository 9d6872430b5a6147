-- Foundation schema: every entity of SPEC §3 plus what auth needs.
-- Bad states are refused by the database itself, not only by the API.

create table profiles (
  id uuid primary key default gen_random_uuid(),
  username text not null unique check (char_length(username) between 3 and 20),
  email text not null check (position('@' in email) > 1),
  credits numeric(12, 2) not null default 0 check (credits >= 0),
  status text not null default 'active' check (status in ('active', 'suspended')),
  created_at timestamptz not null default now()
);
create unique index profiles_email_lower_key on profiles (lower(email));
create index profiles_created_at_idx on profiles (created_at desc);

create table credentials (
  user_id uuid primary key references profiles (id) on delete cascade,
  password_hash text not null,
  updated_at timestamptz not null default now()
);

create table user_roles (
  user_id uuid not null references profiles (id) on delete cascade,
  role text not null check (role in ('admin')),
  primary key (user_id, role)
);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  remember boolean not null,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  amr jsonb not null default '[]',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

-- Opaque refresh tokens, stored as SHA-256 hashes; rotated_at is set when a token is exchanged.
create table refresh_tokens (
  id bigserial primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  rotated_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

-- Fixed-window counters shared by every API instance.
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);

create table products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name <> ''),
  price numeric(12, 2) not null check (price >= 0),
  cpu text not null,
  ram text not null,
  storage text not null,
  uplink text not null,
  ddos_protection text not null,
  product_type text not null check (product_type in ('vps', 'dedicated')),
  created_at timestamptz not null default now(),
  -- A product with orders is archived rather than deleted, so those orders keep their name.
  archived_at timestamptz
);
create index products_type_price_idx on products (product_type, price) where archived_at is null;

create table orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  product_id uuid not null references products (id) on delete restrict,
  expire_date timestamptz not null,
  status text not null default 'active' check (status in ('active', 'suspended', 'expired')),
  created_at timestamptz not null default now(),
  unique (id, user_id)
);
create index orders_user_created_idx on orders (user_id, created_at desc);
create index orders_active_expiry_idx on orders (expire_date) where status = 'active';

create table services (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  service_type text not null check (service_type in ('vps', 'dedicated')),
  service_status text not null default 'active' check (service_status in ('active', 'suspended')),
  ipv4 text not null check (ipv4 ~ '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$'),
  ram text not null,
  cpu text not null,
  storage text not null,
  reseller_id integer not null,
  order_id uuid,
  created_at timestamptz not null default now(),
  -- A service can only be linked to an order of the same user; SPEC §4: removing an order removes its services.
  foreign key (order_id, user_id) references orders (id, user_id) on delete cascade
);
create index services_user_idx on services (user_id, created_at);
create index services_order_idx on services (order_id);

-- The ledger: every balance change writes exactly one row here, in the same SQL transaction.
create table transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  amount numeric(12, 2) not null check (amount <> 0),
  status text not null default 'paid' check (status in ('paid', 'refunded', 'reversed')),
  kind text not null check (kind in ('topup', 'purchase', 'renewal', 'admin_adjustment', 'refund', 'reversal')),
  paypal_transaction_id text,
  admin_id uuid references profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index transactions_user_created_idx on transactions (user_id, created_at desc);

-- SPEC §4: the balance in the top bar refreshes live. Every API instance LISTENs and fans out.
create function notify_profile_change() returns trigger language plpgsql as $$
begin
  perform pg_notify(
    'profile_changes',
    json_build_object('id', new.id, 'username', new.username, 'credits', new.credits::text)::text
  );
  return new;
end
$$;
create trigger profiles_notify_change
  after update on profiles
  for each row
  when (old.credits is distinct from new.credits or old.username is distinct from new.username)
  execute function notify_profile_change();
