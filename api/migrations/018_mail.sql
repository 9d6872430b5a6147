-- Outgoing mail, password recovery and email verification.

-- Every mail is written here in the transaction of the event that causes it, then delivered by
-- the worker (api/src/mail/worker.ts). dedupe_key makes an event that runs twice queue one mail.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind <> ''),
  to_address text not null check (position('@' in to_address) > 1),
  user_id uuid references profiles (id) on delete set null,
  dedupe_key text not null unique,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- queued: waiting (again) for next_attempt_at; sending: claimed by a worker, SMTP in progress;
  -- sent: the SMTP server accepted it; failed: given up (permanent refusal, attempts exhausted, or
  -- a delivery interrupted mid-send that is not retried so that it cannot arrive twice).
  state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- When the worker claimed the row for its current attempt (state sending).
  claimed_at timestamptz,
  last_error text,
  -- The Message-ID header (<id@MAIL_FROM's domain>), the same on every attempt of this mail.
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where state = 'queued';
create index mail_outbox_sending_idx on mail_outbox (claimed_at) where state = 'sending';
create index mail_outbox_created_idx on mail_outbox (created_at desc, id desc);
create index mail_outbox_user_idx on mail_outbox (user_id) where user_id is not null;

-- Password recovery: single-use links; only the SHA-256 of the token is stored.
create table password_reset_tokens (
  id bigserial primary key,
  user_id uuid not null references profiles (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Email verification: the address a link was sent to is stored with it, so a link for an address
-- the account no longer has verifies nothing.
alter table profiles add column email_verified_at timestamptz;

create table email_verification_tokens (
  id bigserial primary key,
  user_id uuid not null references profiles (id) on delete cascade,
  email text not null,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_verification_tokens_user_idx on email_verification_tokens (user_id);
