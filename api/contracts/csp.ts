import { z } from "zod";

/*
 * Issue 16: the web apps run under a Content-Security-Policy without 'unsafe-eval'. Zod 4 probes
 * `new Function("")` when it builds its first object schema, to pick a compiled fast path; under
 * the CSP that probe is a reported violation. Every contract module imports this first, so the
 * browser bundles configure zod before any schema exists (the setting lives on globalThis and is
 * shared by every zod copy on the page). The API keeps the compiled fast path.
 */
if ("document" in globalThis) z.config({ jitless: true });
