-- Invoices (purchases, renewals), receipts (top-ups) and credit notes (refunds).
-- Numbered without gaps: one counter row per series and year, bumped (and so locked until
-- commit) in the transaction that moves the money; a rolled back transaction rolls its number
-- back too, which a Postgres sequence would not. Series: 'invoice' (2026-000123),
-- 'receipt' (R2026-000123) and 'credit_note' (C2026-000123).
create table invoice_counters (
  series text not null check (series in ('invoice', 'receipt', 'credit_note')),
  year int not null check (year between 2000 and 9999),
  last int not null check (last >= 1),
  primary key (series, year)
);

-- Immutable once issued and never deleted. user_id, order_id and transaction_id carry no foreign
-- key on purpose: removing a user (which cascades to orders and transactions) or an order must
-- leave every invoice as it was; the customer snapshot holds what the document shows.
create table invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  kind text not null check (kind in ('invoice', 'receipt', 'credit_note')),
  user_id uuid,
  order_id uuid,
  transaction_id uuid,
  refers_to uuid references invoices (id),
  issued_at timestamptz not null default now(),
  seller jsonb not null,
  customer jsonb not null,
  description text not null,
  period_from date,
  period_to date,
  net numeric(12, 2) not null,
  vat_rate numeric(5, 2) not null check (vat_rate >= 0 and vat_rate < 100),
  vat numeric(12, 2) not null,
  gross numeric(12, 2) not null check (gross = net + vat),
  currency text not null default 'EUR',
  reverse_charge boolean not null default false,
  check ((kind = 'credit_note') = (refers_to is not null))
);
-- One document per ledger row: a second issue for the same debit or top-up is refused.
create unique index invoices_transaction_key on invoices (transaction_id) where transaction_id is not null;
create index invoices_user_issued_idx on invoices (user_id, issued_at desc, id desc);
create index invoices_issued_idx on invoices (issued_at desc, id desc);

create function invoices_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'invoices are immutable: % refused', tg_op using errcode = 'restrict_violation';
end $$;
create trigger invoices_no_update_delete before update or delete on invoices
  for each row execute function invoices_immutable();
create trigger invoices_no_truncate before truncate on invoices
  for each statement execute function invoices_immutable();

-- What the customer entered in /settings; copied into each invoice at issue time.
create table billing_details (
  user_id uuid primary key references profiles (id) on delete cascade,
  name text not null,
  company text,
  address text not null,
  country text not null check (country ~ '^[A-Z]{2}$'),
  vat_id text,
  updated_at timestamptz not null default now()
);
