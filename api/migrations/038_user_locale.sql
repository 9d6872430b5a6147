-- The customer's language (pages, mails, invoices): null until they choose one, then the pages
-- use it over the browser's Accept-Language. The API accepts only the portal's locales
-- (api/contracts/i18n/locales.ts); the database only checks the shape, so that adding a language
-- needs message files, not a migration.
alter table profiles add column locale text check (locale ~ '^[a-z]{2}$');
