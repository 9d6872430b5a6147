// `npm run admin -- <email>`: grants the admin role to an existing account.
import { loadConfig } from "../platform/config.ts";
import { openDatabase } from "../platform/db.ts";
import { migrateDatabase } from "../platform/migrate.ts";

const email = Deno.args[0]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run admin -- <email>");
  Deno.exit(2);
}
const db = await openDatabase(loadConfig());
try {
  await migrateDatabase(db);
  const rows = await db.sql`
    insert into user_roles (user_id, role)
    select id, 'admin' from profiles where lower(email) = ${email}
    on conflict do nothing
    returning user_id`;
  const [known] = await db.sql`select 1 from profiles where lower(email) = ${email}`;
  if (!known) {
    console.error(`No account with the email ${email}`);
    Deno.exitCode = 1;
  } else {
    console.log(rows.length ? `${email} is now an admin` : `${email} was already an admin`);
  }
} finally {
  await db.close();
}
