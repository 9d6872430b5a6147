import assert from "node:assert/strict";
import { accountMessages } from "../../contracts/account.ts";
import { accessMessages, messages } from "../../contracts/auth.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

const signUp = (headers: Record<string, string>) =>
  api.fetch("/api/auth/signup", {
    method: "POST",
    headers,
    json: { username: "someone", email: "not-an-email", password: "tulip-orbit-42" },
  });

test("i18n: a validation refusal speaks German to a German Accept-Language and keeps its code; English stays the SPEC's text", async () => {
  const german = await signUp({ "accept-language": "de-AT,de;q=0.9,en;q=0.5" });
  assert.equal(german.status, 422);
  assert.equal(german.headers.get("content-language"), "de");
  assert.deepEqual(await errorOf(german), {
    code: "validation_error",
    message: "Ungültige E-Mail-Adresse",
  });

  const french = await signUp({ "accept-language": "fr-CH" });
  assert.equal((await errorOf(french)).message, "Adresse e-mail invalide");
  const dutch = await signUp({ "accept-language": "nl" });
  assert.equal((await errorOf(dutch)).message, "Ongeldig e-mailadres");

  const englishHeaders: Record<string, string>[] = [
    { "accept-language": "en-GB,de;q=0.5" },
    { "accept-language": "es" },
    {},
  ];
  for (const headers of englishHeaders) {
    const english = await signUp(headers);
    assert.deepEqual(await errorOf(english), {
      code: "validation_error",
      message: messages.invalidEmail,
    });
    assert.equal(english.headers.get("content-language"), null);
  }
});

test("i18n: the saved locale is in the profile, PUT /api/account/locale saves it, and answers without Accept-Language follow it", async () => {
  const me = await signUpAndIn(api);
  const profile = async () =>
    json<{ locale: string | null }>(
      await api.fetch("/api/account/profile", { token: me.access_token }),
    );
  assert.equal((await profile()).locale, null);

  const bad = await api.fetch("/api/account/locale", {
    method: "PUT",
    token: me.access_token,
    json: { locale: "es" },
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(await errorOf(bad), {
    code: "validation_error",
    message: accountMessages.localeInvalid,
  });

  const saved = await api.fetch("/api/account/locale", {
    method: "PUT",
    token: me.access_token,
    json: { locale: "de" },
  });
  assert.equal(saved.status, 204);
  assert.equal((await profile()).locale, "de");
  const [audit] = await api.sql<{ after: { locale: string } }[]>`
    select after from audit_log where action = 'account.locale' and entity_id = ${me.user.id}`;
  assert.deepEqual(audit?.after, { locale: "de" });

  // A script sends no Accept-Language: the saved choice speaks; the header wins when present.
  const wrongPassword = (headers: Record<string, string>) =>
    api.fetch("/api/auth/password", {
      method: "PUT",
      token: me.access_token,
      headers,
      json: { current_password: "wrong-one-9", new_password: "meadow-lantern-77" },
    });
  const noHeader = await wrongPassword({});
  assert.equal(noHeader.status >= 400, true);
  assert.equal((await errorOf(noHeader)).message, "Das aktuelle Passwort ist falsch");
  const asked = await wrongPassword({ "accept-language": "fr" });
  assert.equal((await errorOf(asked)).message, "Le mot de passe actuel est incorrect");
});

test("i18n: the API's own answers are translated too (an unknown route, a body over the limit), their codes unchanged", async () => {
  const missing = await api.fetch("/api/no-such-route", { headers: { "accept-language": "nl" } });
  assert.equal(missing.status, 404);
  assert.deepEqual(await errorOf(missing), { code: "not_found", message: "Niet gevonden" });
  const large = await api.fetch("/api/auth/sign-in", {
    method: "POST",
    headers: { "accept-language": "de", "content-type": "application/json" },
    body: JSON.stringify({ email: "x".repeat(70_000), password: "y" }),
  });
  assert.equal(large.status, 413);
  assert.deepEqual(await errorOf(large), {
    code: "payload_too_large",
    message: "Die Anfrage ist zu groß",
  });
  const english = await api.fetch("/api/no-such-route");
  assert.deepEqual(await errorOf(english), { code: "not_found", message: "Not found" });
});

test("i18n: messages the routes once wrote inline come from the contracts and are translated (a non-admin on an admin route, a notification choice that is not a boolean)", async () => {
  const me = await signUpAndIn(api);
  const adminRoute = (headers: Record<string, string>) =>
    api.fetch("/api/admin/users", { token: me.access_token, headers });
  const german = await adminRoute({ "accept-language": "de" });
  assert.equal(german.status, 403);
  assert.deepEqual(await errorOf(german), {
    code: "forbidden",
    message: "Administratorzugriff erforderlich",
  });
  assert.deepEqual(await errorOf(await adminRoute({})), {
    code: "forbidden",
    message: accessMessages.adminRequired,
  });
  assert.equal(accessMessages.adminRequired, "Admin access required");

  const notifications = (headers: Record<string, string>) =>
    api.fetch("/api/account/notifications", {
      method: "PUT",
      token: me.access_token,
      headers,
      json: { reminders: "yes", receipts: true },
    });
  assert.deepEqual(await errorOf(await notifications({ "accept-language": "nl" })), {
    code: "validation_error",
    message: "Herinneringen moeten true of false zijn",
  });
  assert.deepEqual(await errorOf(await notifications({})), {
    code: "validation_error",
    message: "reminders must be true or false",
  });
});

test("i18n: zod's own validation messages (a missing field, a text over its maximum) read in the caller's language; English keeps zod's English", async () => {
  const signUpWith = (body: Record<string, unknown>, headers: Record<string, string>) =>
    api.fetch("/api/auth/signup", { method: "POST", headers, json: body });
  const missing = { username: "someone", email: "someone@example.com" };
  const tooLong = { username: "someone", email: "someone@example.com", password: "p".repeat(129) };

  const german = await signUpWith(missing, { "accept-language": "de" });
  assert.equal(german.status, 422);
  assert.equal(german.headers.get("content-language"), "de");
  assert.deepEqual(await errorOf(german), {
    code: "validation_error",
    message: "Ungültige Eingabe: erwartet string, erhalten undefined",
  });
  assert.equal(
    (await errorOf(await signUpWith(tooLong, { "accept-language": "de" }))).message,
    "Zu groß: erwartet, dass string <=128 Zeichen hat",
  );
  assert.match(
    (await errorOf(await signUpWith(tooLong, { "accept-language": "fr" }))).message,
    /^Trop grand/,
  );
  assert.match(
    (await errorOf(await signUpWith(tooLong, { "accept-language": "nl" }))).message,
    /^Te (groot|lang)/,
  );

  const english = await signUpWith(missing, {});
  assert.deepEqual(await errorOf(english), {
    code: "validation_error",
    message: "Invalid input: expected string, received undefined",
  });
  assert.equal(english.headers.get("content-language"), null);
  assert.equal(
    (await errorOf(await signUpWith(tooLong, { "accept-language": "en" }))).message,
    "Too big: expected string to have <=128 characters",
  );
  // A contract's own message on the same schema still wins over zod's, and is translated.
  assert.equal(
    (
      await errorOf(
        await signUpWith({ ...missing, password: "short" }, { "accept-language": "de" }),
      )
    ).message,
    "Das Passwort muss mindestens 6 Zeichen lang sein",
  );
});
