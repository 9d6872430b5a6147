-- An owner invites a person by email: the mail carries a single-use link token, valid 7 days and
-- stored only as its SHA-256. Accepting it (signed in, as anyone: the link is the proof) adds the
-- membership; a used, revoked or expired invitation does nothing.
create table account_invitations (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  email text not null check (position('@' in email) > 1 and char_length(email) <= 254),
  role text not null check (role in ('owner', 'billing', 'technical', 'read_only')),
  token_hash bytea not null unique,
  invited_by uuid references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references profiles (id) on delete set null,
  revoked_at timestamptz
);
create index account_invitations_account_idx on account_invitations (account_id, created_at desc);
