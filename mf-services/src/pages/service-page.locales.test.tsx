import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { setLocale } from "@hosting-portal/shared-ui";
import {
  englishFragments,
  englishLeft,
  mockApi,
  renderPage,
  resetPortalState,
} from "@hosting-portal/shared-ui/testing";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeVps, everyPanelRoutes, stubMatchMedia } from "../testing/service-fixtures";
import ServicePage from "./service-page";

/** The message files as translators write them (the build hands the page a compiled form). */
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../messages/${locale}.json`), "utf8"));
const en = read("en");

/*
 * The service page in each language other than English: every panel with data, and no text of
 * mf-services' English messages left on screen (a text still written in a component, while the
 * catalogue has its translation, shows here). The e2e walk does the same in a browser for German.
 */

const vps = { ...activeVps, root_password_pending: true };

beforeEach(stubMatchMedia);
afterEach(async () => {
  await setLocale("en", { remember: false });
  resetPortalState();
});

describe("the service page in each language", () => {
  it.each(["de", "fr", "nl"] as const)(
    "shows no English text of its messages in %s",
    async (locale) => {
      const messages = read(locale);
      await setLocale(locale, { remember: false });
      const net = mockApi(everyPanelRoutes(vps));
      await net.signIn();
      renderPage(<ServicePage />, { path: "/service/:id", at: `/service/${vps.id}` });

      // Every panel with its data, waited for by the data alone (whatever language the texts
      // are in): details, controls, root password, manage server (backups, reverse DNS), plan
      // and its option, live statistics, history and traffic. The language's files load on
      // first use, so the first render may take a moment.
      await screen.findByRole("heading", { name: "VPS 4e5f6a7b-8c9d-4e" }, { timeout: 10_000 });
      await screen.findByText("VPS Big");
      await screen.findByDisplayValue("mail.example.com");
      await screen.findAllByRole("meter");
      await waitFor(() => expect(document.querySelectorAll("tbody tr")).toHaveLength(2));
      await waitFor(() => expect(document.querySelectorAll("li button")).not.toHaveLength(0));

      expect(document.documentElement.lang).toBe(locale);
      expect(englishLeft(englishFragments(en, messages))).toEqual([]);
    },
    20_000,
  );
});
