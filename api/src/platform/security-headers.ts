import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "./config.ts";

/**
 * PayPal's JavaScript SDK (v5) loads from these hosts, talks to them and renders its buttons in
 * their frames (https://developer.paypal.com/sdk/js/best-practices, CSP section). Venmo is left
 * out: it pays in USD only and the portal charges EUR.
 */
const PAYPAL_HOSTS = ["https://*.paypal.com", "https://*.paypalobjects.com"];

/**
 * The <style> elements react-aria injects at run time (usePress; usePreventScroll on iOS), allowed
 * by hash rather than with 'unsafe-inline'. security-headers.test.ts checks them against the
 * installed react-aria, so an upgrade that changes them fails a test instead of the page.
 */
export const INJECTED_STYLES = [
  "@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}",
  "@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}",
];

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Origins other than ours that remotes.json loads remotes from (a remote deployed to a CDN). */
export function remoteOrigins(remotesJson: string, ownOrigin: string): string[] {
  let map: unknown;
  try {
    map = JSON.parse(remotesJson);
  } catch {
    return [];
  }
  const origins = new Set<string>();
  for (const value of Object.values(map as Record<string, unknown>)) {
    // An entry is a URL or `{ entry, type }` (shell/src/features/remotes/remotes-config.ts).
    const url =
      typeof value === "string"
        ? value
        : typeof value === "object" && value && "entry" in value
          ? value.entry
          : undefined;
    if (typeof url !== "string") continue;
    try {
      const origin = new URL(url, ownOrigin).origin;
      if (origin !== ownOrigin && /^https?:/.test(origin)) origins.add(origin);
    } catch {
      // Not a URL: the shell reports that remote as unavailable; nothing to allow.
    }
  }
  return [...origins];
}

/** CSP hashes of the inline scripts of the shell's index.html (its pre-paint theme script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(m[1] ?? "") || !m[2]) continue;
    hashes.push(sha256(m[2]));
  }
  return hashes;
}

function readText(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/** Modification times and sizes of these files, to notice a change cheaply. */
function fileStamp(paths: string[]): string {
  return paths
    .map((p) => {
      try {
        const info = Deno.statSync(p);
        return `${info.mtime?.getTime() ?? 0}:${info.size}`;
      } catch {
        return "-";
      }
    })
    .join("|");
}

export interface SecurityPolicyInput {
  /** Origin of PUBLIC_URL. */
  origin: string;
  https: boolean;
  paypal: boolean;
  remoteOrigins: string[];
  scriptHashes: string[];
}

/** The Content-Security-Policy directives (hono/secure-headers names). */
export function contentSecurityPolicy(p: SecurityPolicyInput) {
  const paypal = p.paypal ? PAYPAL_HOSTS : [];
  const remotes = p.remoteOrigins;
  return {
    defaultSrc: ["'self'"],
    // Module federation loads each remote's entry and chunks as module scripts from its origin.
    scriptSrc: ["'self'", ...p.scriptHashes, ...remotes, ...paypal],
    // Vanilla-extract emits static .css files; react-aria's few <style> elements go by hash. PayPal's
    // SDK injects <style> elements (PayPal's own guidance), so with PayPal 'unsafe-inline' is added
    // for styles only (and then the hashes are left out: a hash would make browsers ignore it).
    styleSrc: [
      "'self'",
      ...remotes,
      ...(p.paypal ? [...paypal, "'unsafe-inline'"] : INJECTED_STYLES.map(sha256)),
    ],
    imgSrc: ["'self'", "data:", ...paypal],
    fontSrc: ["'self'", ...remotes],
    // remotes.json and the manifests are fetched; the event stream and the API are ours.
    connectSrc: ["'self'", ...remotes, ...paypal],
    frameSrc: p.paypal ? paypal : ["'none'"],
    childSrc: p.paypal ? paypal : ["'none'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    // Nobody may frame the portal: the buy, renew and pay buttons cannot be click-jacked.
    frameAncestors: ["'none'"],
    ...(p.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Security headers on every response, HTML and API alike, through hono/secure-headers.
 * The CSP is built from the configuration and the built shell (its inline script hashes and the
 * remote origins of its remotes.json), and rebuilt when those files change.
 */
export function securityHeaders(
  config: Config,
  options: { staticRoot?: string } = {},
): MiddlewareHandler {
  const publicUrl = new URL(config.PUBLIC_URL);
  const https = publicUrl.protocol === "https:";
  const paypal = Boolean(config.PAYPAL_CLIENT_ID);
  const shellDist = options.staticRoot
    ? resolve(options.staticRoot, config.SHELL_DIST_DIR ?? join("shell", "dist"))
    : undefined;
  const build = (): MiddlewareHandler => {
    const scriptHashes = shellDist
      ? inlineScriptHashes(readText(join(shellDist, "index.html")) ?? "")
      : [];
    const remotes = shellDist
      ? remoteOrigins(readText(join(shellDist, "remotes.json")) ?? "{}", publicUrl.origin)
      : [];
    return secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy({
        origin: publicUrl.origin,
        https,
        paypal,
        remoteOrigins: remotes,
        scriptHashes,
      }),
      xFrameOptions: "DENY",
      xContentTypeOptions: true,
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
      // PayPal's checkout opens a popup that reports back to this window.
      crossOriginOpenerPolicy: paypal ? "same-origin-allow-popups" : "same-origin",
      crossOriginResourcePolicy: "same-origin",
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        usb: [],
        serial: [],
        // No `bluetooth`: Chromium does not know that feature and logs an error on every page.
        hid: [],
        midi: [],
        displayCapture: [],
        browsingTopics: [],
        payment: paypal ? ["self"] : [],
        // Passkeys are used on this origin only.
        publickeyCredentialsGet: ["self"],
      },
    });
  };
  // A deployer moves a remote by editing remotes.json without restarting the API: the policy is
  // rebuilt when the shell's files change (checked at most once a second).
  const watched = shellDist ? [join(shellDist, "index.html"), join(shellDist, "remotes.json")] : [];
  let stamp = fileStamp(watched);
  let checkedAt = Date.now();
  let headers = build();
  const current = () => {
    if (watched.length === 0 || Date.now() - checkedAt < 1000) return headers;
    checkedAt = Date.now();
    const now = fileStamp(watched);
    if (now !== stamp) {
      stamp = now;
      headers = build();
    }
    return headers;
  };
  return async (c, next) => {
    await current()(c, next);
    // The remotes served here may be loaded by a shell on another origin (docs/remotes.md).
    if (c.req.path.startsWith("/remotes/"))
      c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}
