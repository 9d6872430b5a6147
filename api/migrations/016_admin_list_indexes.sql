-- Keyset (cursor) pagination and search for the admin lists, fast at 100,000 customers.
-- Sort keys (btree, matching each list's ORDER BY, id as tie-breaker) and trigram indexes for the
-- case-insensitive substring search (ILIKE '%q%'). pg_trgm ships with Postgres (contrib) and is a
-- trusted extension since Postgres 13: the database owner may create it.
create extension if not exists pg_trgm;

-- Users: newest first.
create index profiles_created_id_idx on profiles (created_at desc, id desc);
create index profiles_username_trgm_idx on profiles using gin (username gin_trgm_ops);
create index profiles_email_trgm_idx on profiles using gin (email gin_trgm_ops);

-- Services: newest first; search by IPv4 (substring), reseller id (exact), owner (services_user_idx).
create index services_created_id_idx on services (created_at desc, id desc);
create index services_ipv4_trgm_idx on services using gin (ipv4 gin_trgm_ops);
create index services_reseller_idx on services (reseller_id);

-- Orders: newest first; search by customer (orders_user_created_idx) and product name.
create index orders_created_id_idx on orders (created_at desc, id desc);
create index orders_product_idx on orders (product_id);
create index orders_expire_idx on orders (expire_date);

-- Products: the admin list reads products_type_price_idx (001) like the shop; the few rows
-- sharing a type and price are sorted by name and id on top. A second index on the same
-- leading columns would only compete with it.
create index products_name_trgm_idx on products using gin (name gin_trgm_ops);
