import assert from "node:assert/strict";
import { billingMessages, maxBalanceMessage } from "../../contracts/billing.ts";
import { httpMessages, InputMessages } from "../../contracts/http-messages.ts";
import { localizeMessage } from "../../contracts/i18n/validation.ts";
import de from "../../contracts/i18n/validation-de.json" with { type: "json" };
import fr from "../../contracts/i18n/validation-fr.json" with { type: "json" };
import nl from "../../contracts/i18n/validation-nl.json" with { type: "json" };
import { serverActionMessages } from "../../contracts/server-actions.ts";
import { actionVerb, serviceMessages } from "../../contracts/services.ts";
import { invitationMail, memberChange } from "../mail/templates/members.ts";
import type { DbHealth } from "../platform/db-health.ts";
import { gate } from "../platform/server.ts";
import {
  errorOf,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

/*
 * The API's messages built from values (a field's name, a header's, the maximum balance, a
 * failed action's verb), the 503 gate's answers and the team mails' "someone", in the caller's
 * language; English exactly as before.
 */

const api: TestApi = await startTestApi({ MAX_BALANCE_EUR: "100" });
globalThis.addEventListener("unload", () => void api.close());

test("i18n values: a field holding U+0000 is refused in the caller's language, naming the field", async () => {
  const signUp = (headers: Record<string, string>) =>
    api.fetch("/api/auth/signup", {
      method: "POST",
      headers,
      json: { username: "a\u0000b", email: "x", password: "" },
    });
  const german = await signUp({ "accept-language": "de" });
  assert.equal(german.status, 422);
  assert.equal(german.headers.get("content-language"), "de");
  assert.deepEqual(await errorOf(german), {
    code: "validation_error",
    message: "username darf keine Nullzeichen (\\u0000) enthalten",
  });
  assert.equal(
    (await errorOf(await signUp({ "accept-language": "fr" }))).message,
    "username ne doit pas contenir de caractères nuls (\\u0000)",
  );
  const english = await signUp({});
  assert.equal(english.headers.get("content-language"), null);
  assert.equal(
    (await errorOf(english)).message,
    "username must not contain null characters (\\u0000)",
  );
});

test("i18n values: a PayPal webhook without its signature headers is refused in the caller's language", async () => {
  const post = (headers: Record<string, string>) =>
    api.fetch("/api/billing/paypal/webhook", { method: "POST", body: "{}", headers });
  const dutch = await post({ "accept-language": "nl-BE" });
  assert.equal(dutch.status, 400);
  assert.deepEqual(await errorOf(dutch), {
    code: "validation_error",
    message: "De header paypal-transmission-id ontbreekt of is ongeldig",
  });
  assert.equal(
    (await errorOf(await post({}))).message,
    "Missing or malformed paypal-transmission-id header",
  );
});

test("i18n values: a top-up past the maximum balance is refused in the caller's language", async () => {
  const me = await signUpAndIn(api);
  await setCredits(api.sql, me.user.id, "90.00");
  const topUp = (headers: Record<string, string>) =>
    api.fetch("/api/billing/orders", {
      method: "POST",
      token: me.access_token,
      headers,
      json: { amount: "25.00" },
    });
  const german = await topUp({ "accept-language": "de-DE" });
  assert.equal(german.status, 422);
  assert.deepEqual(await errorOf(german), {
    code: "validation_error",
    message:
      "Das Guthaben darf 100.00 EUR nicht übersteigen. Geben Sie zuerst Guthaben aus oder wählen Sie einen kleineren Betrag.",
  });
  const english = (await errorOf(await topUp({}))).message;
  assert.equal(
    english,
    "The balance cannot exceed 100.00 EUR. Spend some credits or choose a smaller amount.",
  );
  assert.equal(english, maxBalanceMessage("100.00"));
});

test("i18n values: a failed action's message chooses its words by the action in each language", () => {
  const catalogs = { de, fr, nl } as Record<string, Record<string, string>>;
  assert.equal(
    localizeMessage(serviceMessages.failed(actionVerb["force-stop"]), catalogs.de!),
    "Der Dienst konnte nicht hart ausgeschaltet werden",
  );
  assert.equal(
    localizeMessage(serviceMessages.failed(actionVerb.restart), catalogs.fr!),
    "Impossible de redémarrer le service",
  );
  // "Failed to {action} service" wins over the wider "Failed to {action}".
  assert.equal(
    localizeMessage(serverActionMessages.failed("restore the backup"), catalogs.nl!),
    "De back-up kon niet worden teruggezet",
  );
  assert.equal(
    localizeMessage(serverActionMessages.failed("load reverse DNS"), catalogs.de!),
    "Reverse-DNS konnte nicht abgerufen werden",
  );
  // An action the catalog does not name keeps its verb in the language's sentence.
  assert.equal(
    localizeMessage(serverActionMessages.failed("juggle"), catalogs.de!),
    "Die Aktion ist fehlgeschlagen (juggle)",
  );
  // English: the same bytes as the template filled in by hand.
  assert.equal(serviceMessages.failed("force stop"), "Failed to force stop service");
  assert.equal(serverActionMessages.failed("load backups"), "Failed to load backups");
  for (const [locale, catalog] of Object.entries(catalogs)) {
    for (const id of ["billing.webhookHeader", "billing.maxBalance", "input.nullCharacterIn"]) {
      assert.ok(catalog[id]?.includes("{"), `${locale} ${id} keeps its argument`);
    }
  }
  assert.equal(billingMessages.webhookHeader, "Missing or malformed {name} header");
});

test("i18n values: the 503 gate answers in the language of Accept-Language, before the app and without the database", async () => {
  const health = { up: false };
  const app = { fetch: () => new Response("app") };
  const g = gate(app, { health: health as DbHealth });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, g.handler);
  const url = `http://127.0.0.1:${server.addr.port}`;
  try {
    const down = (headers: Record<string, string>) => fetch(`${url}/api/health`, { headers });
    const german = await down({ "accept-language": "de-CH, en;q=0.5" });
    assert.equal(german.status, 503);
    assert.equal(german.headers.get("content-language"), "de");
    assert.equal(german.headers.get("retry-after"), "2");
    assert.deepEqual(await errorOf(german), {
      code: "service_unavailable",
      message: de["input.unavailable"],
    });
    const english = await down({});
    assert.equal(english.headers.get("content-language"), null);
    assert.equal(
      await english.text(),
      JSON.stringify({
        error: { code: "service_unavailable", message: InputMessages.unavailable },
      }),
    );

    health.up = true;
    assert.equal(await (await fetch(`${url}/api/health`)).text(), "app");
    void g.drain(0);
    const restarting = await fetch(`${url}/api/health`, { headers: { "accept-language": "fr" } });
    assert.equal(restarting.status, 503);
    assert.deepEqual(await errorOf(restarting), {
      code: "service_unavailable",
      message: "Le serveur redémarre. Veuillez réessayer dans un instant.",
    });
    const englishRestart = await fetch(`${url}/api/health`);
    assert.equal(
      await englishRestart.text(),
      JSON.stringify({
        error: { code: "service_unavailable", message: httpMessages.restarting },
      }),
    );
    assert.equal(
      httpMessages.restarting,
      "The server is restarting. Please try again in a moment.",
    );
  } finally {
    await server.shutdown();
  }
});

test("i18n values: the team mails name an actor whose profile is gone as 'someone' in each language", () => {
  const change = memberChange.removed(null, "bob", "bob@example.com");
  assert.equal(change("en"), "someone removed bob (bob@example.com) from the account.");
  assert.equal(change("de"), "Jemand hat bob (bob@example.com) aus dem Konto entfernt.");
  assert.equal(change("fr"), "Quelqu'un a retiré bob (bob@example.com) du compte.");
  assert.equal(change("nl"), "Iemand heeft bob (bob@example.com) uit het account verwijderd.");
  assert.equal(
    memberChange.invited("ann", "x@example.com", "billing")("de").startsWith("ann "),
    true,
  );
  const mail = invitationMail({
    accountName: "Acme",
    inviter: null,
    role: "technical",
    url: "http://portal.test/settings",
  });
  assert.match(mail.text, /^someone invites you/m);
  assert.match(mail.translations?.de?.text ?? "", /^Jemand lädt Sie/m);
  assert.match(mail.translations?.nl?.text ?? "", /^Iemand nodigt u uit/m);
});
