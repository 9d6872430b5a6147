import { Buffer } from "node:buffer";
import postgres from "postgres";
import type { Sql } from "./db.ts";
import { StartupError } from "./db-embedded.ts";

/* ---------------------------------------------------------------------------------------------
 * Two database roles: the owner of the tables, which migrates (DATABASE_MIGRATION_URL), and
 * portal_app, which serves (DATABASE_URL) and may not change or remove issued invoices or audit
 * rows (api/migrations/025_database_roles.sql grants what it may).
 * ------------------------------------------------------------------------------------------- */

/** The role the API serves as; its privileges are granted by migration 025. */
export const APP_ROLE = "portal_app";

const userOf = (url: string) => decodeURIComponent(new URL(url).username);

/** Whether the two URLs sign in as different roles (else one role does both, as before). */
export const separateRoles = (url: string, migrationUrl: string) =>
  userOf(url) !== userOf(migrationUrl);

/** A password to generate for a role: 32 random bytes in hex (nothing to escape in a URL). */
export const generatePassword = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

/**
 * The SCRAM-SHA-256 verifier Postgres stores for a password. CREATE/ALTER ROLE gets this rather
 * than the password, so the password never appears in the server's statement log or in
 * pg_stat_statements. (The password's UTF-8 bytes as they are, which is what postgres.js signs in
 * with; Postgres would SASLprep a non-ASCII one first.)
 */
export async function scramVerifier(password: string, iterations = 4096): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const salted = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    salted,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const hmac = (text: string) =>
    crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(text));
  const storedKey = await crypto.subtle.digest("SHA-256", await hmac("Client Key"));
  const serverKey = await hmac("Server Key");
  const b64 = (bytes: ArrayBuffer | Uint8Array) =>
    Buffer.from(new Uint8Array(bytes)).toString("base64");
  return `SCRAM-SHA-256$${iterations}:${b64(salt)}$${b64(storedKey)}:${b64(serverKey)}`;
}

/** `alter role <name> password` with a generated verifier (base64, `$` and `:`: nothing to quote). */
export async function setPassword(owner: Sql, role: string, password: string): Promise<void> {
  await owner.unsafe(`alter role "${role}" password '${await scramVerifier(password)}'`);
}

/** Signs in with `url` once: null when that works, else the Postgres error code (e.g. 28P01). */
export async function signInError(url: string): Promise<string | null> {
  const probe = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await probe`select 1`;
    return null;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "28P01" || code === "28000") return code;
    throw e;
  } finally {
    await probe.end({ timeout: 0 }).catch(() => {});
  }
}

/**
 * Makes sure the API can sign in as the app role of `appUrl`: when it cannot (the role does not
 * exist yet, cannot log in, or has another password), the owner creates portal_app, or gives it
 * LOGIN and the URL's password. That needs a superuser or CREATEROLE, as the embedded Postgres's
 * and compose's owners have; elsewhere the administrator creates the role (README). Nothing is
 * written while the sign-in works, so replicas starting together do not race on the role.
 */
export async function prepareAppRole(owner: Sql, appUrl: string): Promise<void> {
  const problem = await signInError(appUrl);
  if (!problem) return;
  const role = userOf(appUrl);
  const fix = `create it, or make it a member of ${APP_ROLE} (README, Database roles)`;
  if (role !== APP_ROLE) {
    throw new StartupError(`DATABASE_URL's role ${role} cannot sign in (${problem}): ${fix}`);
  }
  const verifier = await scramVerifier(decodeURIComponent(new URL(appUrl).password));
  try {
    await owner.begin(async (tx) => {
      // Replicas starting at once: one of them creates or alters the role (the others wait).
      await tx`select pg_advisory_xact_lock(72701002)`;
      const [exists] = await tx`select 1 from pg_roles where rolname = ${APP_ROLE}`;
      await tx.unsafe(
        `${exists ? "alter" : "create"} role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole password '${verifier}'`,
      );
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    // Another server's start (roles are the cluster's, the lock above one database's) made it.
    if ((code === "42710" || code === "23505") && !(await signInError(appUrl))) return;
    if (code !== "42501") throw e;
    throw new StartupError(
      `DATABASE_URL's role ${role} cannot sign in (${problem}) and DATABASE_MIGRATION_URL's role may not create roles: ${fix}`,
    );
  }
}

/**
 * After the migrations: the role the API serves as must not be able to rewrite history (a
 * superuser or the tables' owner could), and must have the API's privileges (portal_app or a
 * member of it). Either mistake stops the start with one line instead of a quiet hole or a 500
 * on the first request.
 */
export async function checkAppRole(app: Sql): Promise<void> {
  const [r] = await app<{ role: string; rewrites: boolean; reads: boolean }[]>`
    select current_user as role,
      has_table_privilege('invoices', 'update') or has_table_privilege('invoices', 'delete')
        or has_table_privilege('invoices', 'truncate') or has_table_privilege('audit_log', 'update')
        or has_table_privilege('audit_log', 'delete') or has_table_privilege('audit_log', 'truncate')
        as rewrites,
      has_table_privilege('profiles', 'select') and has_table_privilege('invoices', 'insert') as reads`;
  if (r!.rewrites) {
    throw new StartupError(
      `DATABASE_URL's role ${r!.role} may change or remove invoices and audit rows (a superuser or their owner): connect as ${APP_ROLE} and give the owner to DATABASE_MIGRATION_URL (README, Database roles)`,
    );
  }
  if (!r!.reads) {
    throw new StartupError(
      `DATABASE_URL's role ${r!.role} lacks the API's privileges: make it ${APP_ROLE} or a member of it (README, Database roles)`,
    );
  }
}
