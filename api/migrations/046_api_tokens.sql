-- API tokens: a customer's scripts call the same routes as the pages with `Authorization: Bearer
-- hp_...`, limited by the token's scope (api/src/auth/api-tokens.ts). Only the SHA-256 of the token
-- is kept; it is shown once, when made. Revoked at once on every instance: every request reads its
-- row (no cache).
create table api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 60),
  scope text not null check (scope in ('read_only', 'technical', 'billing', 'full')),
  token_hash bytea not null unique,
  -- The first characters of the token, to tell tokens apart in lists ("hp_3fK9a…").
  token_prefix text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz
);
create index api_tokens_user_idx on api_tokens (user_id, created_at desc);
