-- Mail bodies are no place for secrets: whoever can read the database (a backup, a read replica, a
-- support role) could otherwise use any password reset or verification link still open.

-- A mail whose links carry a token stores a placeholder in its bodies and the token sealed here
-- (AES-256-GCM with the secret box's key, bound to the dedupe key); the delivery worker opens it
-- only to hand the mail to the SMTP server (api/src/mail/outbox.ts sealLinkToken).
alter table mail_outbox add column sealed_token text;

-- Once a mail is sent or failed for good its bodies and sealed token are removed (null); the admin
-- outbox keeps kind, recipient, subject and the delivery record. Until then a mail has its bodies.
alter table mail_outbox alter column text_body drop not null;
alter table mail_outbox alter column html_body drop not null;
update mail_outbox set text_body = null, html_body = null where state in ('sent', 'failed');
alter table mail_outbox add constraint mail_outbox_body_until_done
  check (state in ('sent', 'failed') or (text_body is not null and html_body is not null));
