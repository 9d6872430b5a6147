import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { testConfig } from "./config.ts";
import { contentSecurityPolicy, INJECTED_STYLES, remoteOrigins } from "./security-headers.ts";
import { signUpAndIn, startTestApi, type TestApi, test } from "./testing.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

const THEME_SCRIPT = `\n      (() => { document.documentElement.dataset.x = "1"; })();\n    `;

/** A built portal in miniature: the shell's index.html with an inline script, and its remotes.json. */
function staticRoot(remotes: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "portal-static-"));
  mkdirSync(join(root, "shell", "dist"), { recursive: true });
  mkdirSync(join(root, "mf-shop", "dist"), { recursive: true });
  writeFileSync(
    join(root, "shell", "dist", "index.html"),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/main.js"></script></head><body></body></html>`,
  );
  writeFileSync(join(root, "shell", "dist", "remotes.json"), JSON.stringify(remotes));
  writeFileSync(join(root, "mf-shop", "dist", "remoteEntry.js"), "export {}");
  return root;
}

/** The directives of a CSP header as a map of name → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get("content-security-policy");
  assert.ok(header, `${res.url} has a Content-Security-Policy`);
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function assertCommonHeaders(res: Response, what: string) {
  assert.equal(res.headers.get("x-content-type-options"), "nosniff", what);
  assert.equal(res.headers.get("x-frame-options"), "DENY", what);
  assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin", what);
  assert.match(res.headers.get("permissions-policy") ?? "", /camera=\(\)/, what);
  assert.match(res.headers.get("permissions-policy") ?? "", /geolocation=\(\)/, what);
  const policy = csp(res);
  assert.deepEqual(policy.get("frame-ancestors"), ["'none'"], what);
  assert.deepEqual(policy.get("object-src"), ["'none'"], what);
  assert.deepEqual(policy.get("default-src"), ["'self'"], what);
  assert.ok(!policy.get("script-src")?.includes("'unsafe-inline'"), what);
  assert.ok(!policy.get("script-src")?.includes("'unsafe-eval'"), what);
}

test("API responses carry the security headers: success, error and not found", async () => {
  const ok = await api.fetch("/healthz");
  await ok.body?.cancel();
  assertCommonHeaders(ok, "GET /healthz");
  const refused = await api.fetch("/api/auth/user");
  assert.equal(refused.status, 401);
  await refused.body?.cancel();
  assertCommonHeaders(refused, "401 /api/auth/user");
  const missing = await api.fetch("/api/nope");
  await missing.body?.cancel();
  assertCommonHeaders(missing, "404 /api/nope");
  // Plain http: no HSTS (it would pin a host that has no https).
  assert.equal(ok.headers.get("strict-transport-security"), null);
  // Without PayPal configured nothing of PayPal's is allowed, and no frames at all.
  const policy = csp(ok);
  assert.ok(![...policy.values()].flat().some((v) => v.includes("paypal")));
  assert.deepEqual(policy.get("frame-src"), ["'none'"]);
});

test("API answers are not stored by caches (no-store), success and error; the public description keeps its caching", async () => {
  const me = await signUpAndIn(api);
  const profile = await api.fetch("/api/account/profile", { token: me.access_token });
  assert.equal(profile.status, 200);
  assert.equal(profile.headers.get("cache-control"), "no-store");
  const refused = await api.fetch("/api/account/profile");
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get("cache-control"), "no-store");
  const missing = await api.fetch("/api/nope");
  assert.equal(missing.headers.get("cache-control"), "no-store");
  const document = await api.fetch("/api/openapi.json");
  assert.notEqual(document.headers.get("cache-control"), "no-store");
  await document.body?.cancel();
  const jwks = await api.fetch("/.well-known/jwks.json");
  assert.equal(jwks.headers.get("cache-control"), "public, max-age=300");
  await jwks.body?.cancel();
  await profile.body?.cancel();
  await refused.body?.cancel();
  await missing.body?.cancel();
});

test("a request body over 64 KB is refused with 413 and the error body before it is read, and changes nothing", async () => {
  const email = `big${Date.now()}@example.com`;
  const big = await api.fetch("/api/auth/signup", {
    method: "POST",
    json: { username: "bigbody", email, password: "secret123", padding: "x".repeat(70 * 1024) },
  });
  assert.equal(big.status, 413);
  assert.deepEqual(await big.json(), {
    error: { code: "payload_too_large", message: "The request is too large" },
  });
  const [created] = await api.sql`select 1 from profiles where email = ${email}`;
  assert.equal(created, undefined, "no account was made");
  // A body just under the limit is read (and judged by its contract as before).
  const small = await api.fetch("/api/auth/sign-in", {
    method: "POST",
    json: { email, password: "secret123", padding: "x".repeat(60 * 1024) },
  });
  assert.notEqual(small.status, 413);
  await small.body?.cancel();
});

test("the shell's HTML gets a CSP allowing its inline script by hash and the remote origins of remotes.json", async () => {
  const root = staticRoot({
    mf_shop: "/remotes/mf-shop/mf-manifest.json",
    mf_admin: "https://cdn.example.net/mf-admin/mf-manifest.json",
  });
  try {
    const app = createApp(api.deps, { staticRoot: root });
    for (const path of ["/", "/dashboard", "/remotes/mf-shop/remoteEntry.js"]) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      assertCommonHeaders(res, path);
      const policy = csp(res);
      const hash = `'sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}'`;
      assert.ok(policy.get("script-src")?.includes(hash), `${path}: ${policy.get("script-src")}`);
      for (const directive of ["script-src", "style-src", "connect-src"]) {
        assert.ok(
          policy.get(directive)?.includes("https://cdn.example.net"),
          `${path} ${directive}`,
        );
      }
      // Same-origin remotes need nothing beyond 'self'.
      assert.ok(!policy.get("script-src")?.some((s) => s.includes("localhost")));
    }
    // The remotes served here may be loaded by a shell elsewhere; the shell's own files may not.
    assert.equal(
      (await app.request("/remotes/mf-shop/remoteEntry.js")).headers.get(
        "cross-origin-resource-policy",
      ),
      "cross-origin",
    );
    assert.equal(
      (await app.request("/")).headers.get("cross-origin-resource-policy"),
      "same-origin",
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a remote moved to another origin in remotes.json is allowed without restarting the API", async () => {
  const root = staticRoot({ mf_shop: "/remotes/mf-shop/mf-manifest.json" });
  try {
    const app = createApp(api.deps, { staticRoot: root });
    assert.ok(
      !csp(await app.request("/"))
        .get("script-src")
        ?.includes("https://cdn.example.net"),
    );
    writeFileSync(
      join(root, "shell", "dist", "remotes.json"),
      JSON.stringify({ mf_shop: { entry: "https://cdn.example.net/mf-shop/mf-manifest.json" } }),
    );
    // The policy is re-read at most once a second.
    await new Promise((r) => setTimeout(r, 1100));
    const policy = csp(await app.request("/dashboard"));
    assert.ok(policy.get("script-src")?.includes("https://cdn.example.net"), "script-src");
    assert.ok(policy.get("connect-src")?.includes("https://cdn.example.net"), "connect-src");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the shell-csp command writes the same policy for a shell served by Caddy alone", async () => {
  const root = staticRoot({ mf_admin: "https://cdn.example.net/mf-admin/mf-manifest.json" });
  try {
    const out = join(root, "csp.caddy");
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../cli/shell-csp.ts", import.meta.url).pathname, out],
      env: { STATIC_ROOT: root, PUBLIC_URL: api.deps.config.PUBLIC_URL },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
    const fromApi = (await createApp(api.deps, { staticRoot: root }).request("/")).headers.get(
      "content-security-policy",
    );
    assert.equal(
      Deno.readTextFileSync(out).split("\n")[0],
      `header Content-Security-Policy "${fromApi}"`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the compose shell gets the API's HSTS and opener policy for an https portal with PayPal", async () => {
  const root = staticRoot({});
  try {
    const out = join(root, "csp.caddy");
    const env = {
      STATIC_ROOT: root,
      PUBLIC_URL: "https://portal.example.com",
      PAYPAL_CLIENT_ID: "client",
      PAYPAL_CLIENT_SECRET: "secret",
      PAYPAL_API_BASE: "https://api-m.paypal.com",
      PAYPAL_WEBHOOK_ID: "webhook",
    };
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../cli/shell-csp.ts", import.meta.url).pathname, out],
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
    const fromApi = (
      await createApp({ ...api.deps, config: testConfig(env) }, { staticRoot: root }).request("/")
    ).headers;
    const written = Deno.readTextFileSync(out).split("\n");
    assert.ok(
      written.includes(
        `header Strict-Transport-Security "${fromApi.get("strict-transport-security")}"`,
      ),
      written.join("\n"),
    );
    assert.ok(
      written.includes(
        `header Cross-Origin-Opener-Policy "${fromApi.get("cross-origin-opener-policy")}"`,
      ),
      written.join("\n"),
    );
    assert.match(fromApi.get("strict-transport-security") ?? "", /max-age=31536000/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("PayPal's hosts are allowed only when PayPal is configured; https adds HSTS", async () => {
  const config = testConfig({
    PUBLIC_URL: "https://portal.example.com",
    PAYPAL_CLIENT_ID: "client",
    PAYPAL_CLIENT_SECRET: "secret",
    PAYPAL_API_BASE: "https://api-m.sandbox.paypal.com",
    PAYPAL_WEBHOOK_ID: "webhook",
  });
  const app = createApp({ ...api.deps, config });
  const res = await app.request("/healthz");
  assertCommonHeaders(res, "https + PayPal");
  const policy = csp(res);
  for (const directive of ["script-src", "connect-src", "frame-src", "img-src", "style-src"]) {
    assert.ok(policy.get(directive)?.includes("https://*.paypal.com"), directive);
  }
  assert.match(res.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
  assert.equal(res.headers.get("cross-origin-opener-policy"), "same-origin-allow-popups");
  assert.ok(policy.has("upgrade-insecure-requests"));
});

test("remoteOrigins keeps only other origins, and ignores what is not a URL", () => {
  const json = JSON.stringify({
    a: "/remotes/mf-account/mf-manifest.json",
    b: "http://localhost:8000/remotes/mf-shop/mf-manifest.json",
    c: "https://cdn.example.net/x/mf-manifest.json",
    d: 42,
    e: { entry: "https://other-cdn.example.org/mf-services/remoteEntry.js", type: "module" },
  });
  assert.deepEqual(remoteOrigins(json, "http://localhost:8000"), [
    "https://cdn.example.net",
    "https://other-cdn.example.org",
  ]);
  assert.deepEqual(remoteOrigins("not json", "http://localhost:8000"), []);
});

test("the <style> elements react-aria injects are allowed by hash, and match the installed react-aria", () => {
  const dir = new URL("../../../node_modules/react-aria/dist/private/", import.meta.url);
  const sources = ["interactions/usePress.mjs", "overlays/usePreventScroll.mjs"].map((f) =>
    Deno.readTextFileSync(new URL(f, dir)),
  );
  const injected = sources.flatMap((src) =>
    [...src.matchAll(/style\.textContent = `([\s\S]*?)`\.trim\(\)/g)].map((m) =>
      m[1]!.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/g, "data-react-aria-pressable").trim(),
    ),
  );
  assert.equal(injected.length, 2, "react-aria still injects two <style> elements");
  assert.deepEqual(injected.sort(), [...INJECTED_STYLES].sort());
  const styleSrc = contentSecurityPolicy({
    origin: "http://localhost:8000",
    https: false,
    paypal: false,
    remoteOrigins: [],
    scriptHashes: [],
  }).styleSrc;
  // The hash Chromium names when it blocks usePress's style.
  assert.ok(styleSrc.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='"));
  assert.ok(!styleSrc.includes("'unsafe-inline'"));
});
