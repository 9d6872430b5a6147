import { z } from "zod/mini";

/*
 * Zod settings for every contract, in the browser and in the API: every contract module imports
 * this first (itself or through common.ts), so they apply before any schema parses.
 *
 * The web apps run under a Content-Security-Policy without 'unsafe-eval'. Classic zod 4
 * probes `new Function("")` when it builds its first object schema, to pick a compiled fast path;
 * under the CSP that probe is a reported violation. zod/mini's object schemas have no compiled
 * path and never probe; this keeps any classic zod on the page from doing so either (the setting
 * lives on globalThis and is shared by every zod copy on the page).
 */
if ("document" in globalThis) z.config({ jitless: true });

/*
 * zod/mini, unlike classic zod, loads no locale: its own messages (a missing field, a string over
 * its maximum length) would all read "Invalid input". Classic zod's English ones are what the API
 * and the forms have always shown, so they are loaded here, unless a locale is configured already
 * (as classic zod does when it builds its first schema).
 */
if (!z.config().localeError) z.config(z.locales.en());
