-- Multi-factor sign-in. A factor is 'unverified' from enrolment until its first
-- successful verify; only verified factors make a user need aal2.

create table mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references profiles (id) on delete cascade,
  factor_type text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  friendly_name text not null check (char_length(friendly_name) between 1 and 64),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- TOTP only: base32 secret, and the last RFC 6238 time step accepted (a code works once).
  totp_secret text,
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((factor_type = 'totp') = (totp_secret is not null))
);
create index mfa_factors_user_idx on mfa_factors (user_id, created_at);
-- Two factors of one user with the same name would be indistinguishable in the settings list.
create unique index mfa_factors_user_name_key on mfa_factors (user_id, lower(friendly_name));

-- A challenge lives 5 minutes, is bound to the session that asked for it, and is used once.
create table mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references mfa_factors (id) on delete cascade,
  session_id uuid not null references sessions (id) on delete cascade,
  -- WebAuthn: the random challenge the authenticator must sign, kept server-side.
  webauthn_challenge text,
  webauthn_kind text check (webauthn_kind in ('create', 'request')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '5 minutes',
  verified_at timestamptz
);
create index mfa_challenges_factor_idx on mfa_challenges (factor_id);

-- One passkey per webauthn factor (registered at the factor's first verify).
create table webauthn_credentials (
  id text primary key,
  factor_id uuid not null unique references mfa_factors (id) on delete cascade,
  public_key bytea not null,
  counter bigint not null default 0,
  transports jsonb not null default '[]',
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
