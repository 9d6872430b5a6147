#!/usr/bin/env node
/**
 * Page speed of the portal in Debian's chromium (playwright-core), federated build against the
 * single-bundle build of the same pages (shell/vite.single.config.ts), so the report shows what
 * module federation costs. Every run is a fresh browser context (cold HTTP and code cache) with
 * the CPU throttled 4x through the DevTools protocol; figures are medians of the runs, and the
 * two builds alternate run by run so machine noise hits both alike.
 *
 * "Data visible" is the first frame in which the page's data is on screen: a row of a table body,
 * a description list's value (a service's details) or an EmptyState (`[data-empty-state]`) inside
 * <main>, with no Skeleton left in <main>. It does not depend on any one page's markup, so it
 * holds while the pages change.
 *
 * Standalone: node bench/pages.mjs --base http://127.0.0.1:8000 [--single http://127.0.0.1:8001]
 *   --email customer@example.com --password customer123 [--runs 5] [--pages /dashboard,/orders,/service/{service}]
 */
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
];
const DATA_TIMEOUT_MS = 30_000;
/** Lazily requested chunks (after the data) still count towards the page's JS. */
const SETTLE_MS = 1_000;

/*
 * Runs in the page before any of its scripts: records when the data first shows and the
 * Largest Contentful Paint, both on the navigation's clock (performance.now()).
 */
const PROBE = `(() => {
  const probe = (window.__bench = { dataVisibleMs: null, lcpMs: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.lcpMs = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const ready = () => {
    const main = document.querySelector("main");
    if (!main || main.querySelector("[data-skeleton]")) return false;
    return !!main.querySelector("tbody tr, [role=rowgroup] [role=row], dl dd, [data-empty-state]");
  };
  let pending = false;
  const check = () => {
    if (probe.dataVisibleMs !== null || pending || !ready()) return;
    pending = true;
    // The frame that paints this DOM: rAF, then the task right after it.
    requestAnimationFrame(() => setTimeout(() => {
      pending = false;
      if (probe.dataVisibleMs === null && ready()) probe.dataVisibleMs = performance.now();
      else check();
    }, 0));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const median = (xs) => {
  const v = xs.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

/** Which app served a script: /remotes/<name>/… is that remote, anything else the shell. */
export function appOf(url) {
  const m = /^\/remotes\/([^/]+)\//.exec(new URL(url).pathname);
  return m ? m[1] : "shell";
}

const gzipCache = new Map();
/**
 * Gzip size of a script at level 6 (what the server's compression uses), computed from the body
 * so files under the server's compression threshold are counted the same way as large ones.
 */
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    gzipCache.set(
      url,
      fetch(url).then(async (res) => {
        const body = Buffer.from(await res.arrayBuffer());
        return { raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
      }),
    );
  }
  return gzipCache.get(url);
}

/**
 * `/service/{service}` names the signed-in user's first active service (the VPS page needs a
 * real id); other paths are taken as they are.
 */
async function resolvePath(baseUrl, email, password, path) {
  if (!path.includes("{service}")) return path;
  const { access_token: token } = await (await postSignIn(baseUrl, email, password)).json();
  const list = await fetch(new URL("/api/services", baseUrl), {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  const active = list.services.find((s) => s.service_status === "active");
  if (!active) throw new Error(`${email} has no active service for ${path}`);
  return path.replace("{service}", active.id);
}

/** POST /api/auth/sign-in with a remembered session; the response, after checking it is a 2xx. */
async function postSignIn(baseUrl, email, password) {
  const res = await fetch(new URL("/api/auth/sign-in", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, remember: true }),
  });
  if (!res.ok)
    throw new Error(`sign-in as ${email} at ${baseUrl}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/** Signs in through the API; the session to hand to a page is its HttpOnly refresh cookie. */
async function signInApi(baseUrl, email, password) {
  const res = await postSignIn(baseUrl, email, password);
  const set = res.headers.getSetCookie().find((c) => /^(__Secure-)?portal_refresh=/.test(c));
  if (!set) throw new Error(`sign-in at ${baseUrl} set no refresh cookie`);
  const [name, value] = set.split(";")[0].split("=");
  await res.body?.cancel();
  return { name, value };
}

/**
 * One cold load of `path`. The refresh cookie is put into the browser before the page loads
 * (no login page in the measurement); the API rotates it, so the cookie the page leaves behind
 * is handed to the next run.
 */
async function loadOnce(browser, { baseUrl, path, session, throttle, blockRemotes = false }) {
  const context = await browser.newContext({
    viewport: { width: 1360, height: 860 },
    colorScheme: "light",
  });
  try {
    const { hostname, protocol } = new URL(baseUrl);
    await context.addCookies([
      {
        ...session,
        domain: hostname,
        path: "/api/auth",
        httpOnly: true,
        secure: protocol === "https:",
        sameSite: "Strict",
      },
    ]);
    await context.addInitScript(PROBE);
    if (blockRemotes)
      await context.route(/\/remotes\//, (route) => route.fulfill({ status: 404, body: "" }));
    const page = await context.newPage();
    // Static files the load received that a server should compress (scripts, styles, manifests
    // and SVGs of 1 KB or more, as the build precompresses them), with the encoding they came in.
    const encodings = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/api/") || !/\.(m?js|css|json|svg)$/.test(url.pathname)) return;
      const headers = response.headers();
      if (Number(headers["content-length"] ?? 1024) < 1024 && !headers["content-encoding"]) return;
      encodings.push({ path: url.pathname, encoding: headers["content-encoding"] ?? "identity" });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: "commit" });
    let dataVisibleMs = null;
    let error;
    if (!blockRemotes) {
      // A load whose data never shows is reported (no figure, the error) rather than ending the
      // benchmark, and its rotated session cookie is still handed on below.
      try {
        dataVisibleMs = await waitForDataVisible(cdp);
      } catch (err) {
        error = `${path}: ${err instanceof Error ? err.message.split("\n")[0] : err}`;
      }
    } else {
      // The signed-in frame (top bar, navigation, <main>) is up; its page cannot come.
      await page.locator("main#main").waitFor({ timeout: DATA_TIMEOUT_MS });
    }
    await page.waitForTimeout(SETTLE_MS);
    const result = await page.evaluate(() => ({
      lcpMs: window.__bench.lcpMs,
      // Every request of the load and the bytes it took on the wire (headers included).
      requests: performance.getEntriesByType("resource").length + 1,
      transferBytes: performance
        .getEntriesByType("resource")
        .concat(performance.getEntriesByType("navigation"))
        .reduce((sum, e) => sum + (e.transferSize ?? 0), 0),
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname))
        .map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd })),
      // The API reads of the load (path and query, when asked, when answered, on the
      // navigation's clock): how many pages of a list a page asked for, and its waterfall.
      apiRequests: performance
        .getEntriesByType("resource")
        .map((e) => ({ url: new URL(e.name), start: e.startTime, end: e.responseEnd }))
        .filter((r) => r.url.pathname.startsWith("/api/"))
        .map((r) => ({
          path: r.url.pathname + r.url.search,
          start: Math.round(r.start),
          end: Math.round(r.end),
        })),
    }));
    const next = (await context.cookies()).find((c) => c.name === session.name);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    return {
      ...result,
      encodings,
      error,
      dataVisibleMs,
      session: next ? { name: next.name, value: next.value } : session,
    };
  } finally {
    await context.close();
  }
}

/**
 * Waits for the probe's data-visible time, asking through CDP's Runtime.evaluate rather than
 * Playwright's waitForFunction: that injects Playwright's own script into the page, about 200 ms of
 * main-thread work at 4x throttle in the middle of the load it measures.
 */
async function waitForDataVisible(cdp) {
  const deadline = Date.now() + DATA_TIMEOUT_MS;
  for (;;) {
    const { result } = await cdp.send("Runtime.evaluate", {
      expression: "window.__bench ? window.__bench.dataVisibleMs : null",
      returnByValue: true,
    });
    if (typeof result.value === "number") return result.value;
    if (Date.now() > deadline) throw new Error(`data not visible after ${DATA_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Raw and gzip bytes of the scripts a load fetched, per app (shell, mf-services, …). */
async function jsBytesByApp(scripts) {
  const byApp = {};
  const seen = new Set();
  for (const s of scripts) {
    if (seen.has(s.url)) continue;
    seen.add(s.url);
    const size = await gzipBytes(s.url);
    const app = appOf(s.url);
    byApp[app] ??= { raw: 0, gzip: 0, files: 0 };
    byApp[app].raw += size.raw;
    byApp[app].gzip += size.gzip;
    byApp[app].files += 1;
  }
  return byApp;
}

function summarise(runs) {
  const apps = new Set(runs.flatMap((r) => Object.keys(r.js)));
  const jsBytesRaw = {};
  const jsBytesGzip = {};
  for (const app of apps) {
    jsBytesRaw[app] = median(runs.map((r) => r.js[app]?.raw ?? 0));
    jsBytesGzip[app] = median(runs.map((r) => r.js[app]?.gzip ?? 0));
  }
  const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
  return {
    jsBytesRaw: { ...jsBytesRaw, total: sum(jsBytesRaw) },
    jsBytesGzip: { ...jsBytesGzip, total: sum(jsBytesGzip) },
    lcpMs: median(runs.map((r) => r.lcpMs)),
    dataVisibleMs: median(runs.map((r) => r.dataVisibleMs)),
    apiRequests: median(runs.map((r) => r.apiRequests.length)),
    requests: median(runs.map((r) => r.requests)),
    transferBytes: median(runs.map((r) => r.transferBytes)),
    // API paths (with their query) asked for more than once in one cold load, in any run.
    apiRepeated: [
      ...new Set(
        runs.flatMap((r) => {
          const paths = r.apiRequests.map((a) => a.path).filter((p) => p !== "/api/events");
          return paths.filter((p, i) => paths.indexOf(p) !== i);
        }),
      ),
    ],
    errors: runs.map((r) => r.error).filter(Boolean),
    // Static files that came without brotli, in any run.
    notBrotli: [
      ...new Set(
        runs.flatMap((r) => r.encodings.filter((e) => e.encoding !== "br").map((e) => e.path)),
      ),
    ],
    runs: runs.map((r) => ({
      lcpMs: r.lcpMs,
      dataVisibleMs: r.dataVisibleMs,
      apiRequests: r.apiRequests,
    })),
  };
}

/**
 * The shell's initial JS: what a signed-in page loads before any remote, measured by loading
 * `path` with every /remotes/ request failing, once the signed-in frame is on screen.
 */
export async function measureShellInitial({
  baseUrl,
  email,
  password,
  path = "/dashboard",
  throttle = 1,
}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    const session = await signInApi(baseUrl, email, password);
    const r = await loadOnce(browser, { baseUrl, path, session, throttle, blockRemotes: true });
    const shellScripts = [
      ...new Set(r.scripts.filter((s) => appOf(s.url) === "shell").map((s) => s.url)),
    ];
    const js = await jsBytesByApp(shellScripts.map((url) => ({ url })));
    const perFile = [];
    for (const url of shellScripts)
      perFile.push({ path: new URL(url).pathname, ...(await gzipBytes(url)) });
    return {
      raw: js.shell?.raw ?? 0,
      gzip: js.shell?.gzip ?? 0,
      files: js.shell?.files ?? 0,
      perFile,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Median page figures for each page, federated (baseUrl) and single-bundle (singleBaseUrl):
 * { pages: { "/dashboard": { federated: {jsBytesRaw, jsBytesGzip, lcpMs, dataVisibleMs}, single } },
 *   shellInitial: { federated, single } } — JS sizes in bytes per app plus `total`, times in ms.
 */
export async function measurePages({
  baseUrl,
  singleBaseUrl,
  email,
  password,
  pages = ["/dashboard", "/orders", "/service/{service}"],
  runs = 5,
  throttle = 4,
  device = `${throttle}x CPU throttle`,
  shellInitial: withShellInitial = true,
  log = () => {},
}) {
  const targets = [["federated", baseUrl]];
  if (singleBaseUrl) targets.push(["single", singleBaseUrl]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    const sessions = {};
    for (const [name, url] of targets) sessions[name] = await signInApi(url, email, password);
    const results = {};
    for (const page of pages) {
      // Both builds share one database: the same service id serves both.
      const path = await resolvePath(baseUrl, email, password, page);
      const perTarget = Object.fromEntries(targets.map(([name]) => [name, []]));
      // One warm-up load per build, not counted: the server's first responses (JIT, file reads).
      for (const [name, url] of targets) {
        const r = await loadOnce(browser, {
          baseUrl: url,
          path,
          session: sessions[name],
          throttle,
        });
        sessions[name] = r.session;
      }
      for (let i = 0; i < runs; i++) {
        for (const [name, url] of targets) {
          const r = await loadOnce(browser, {
            baseUrl: url,
            path,
            session: sessions[name],
            throttle,
          });
          sessions[name] = r.session;
          perTarget[name].push({ ...r, js: await jsBytesByApp(r.scripts) });
          log(
            `${path} ${name} run ${i + 1}: data ${r.dataVisibleMs?.toFixed(0)} ms, LCP ${r.lcpMs?.toFixed(0)} ms`,
          );
        }
      }
      results[page] = Object.fromEntries(
        Object.entries(perTarget).map(([n, rs]) => [n, summarise(rs)]),
      );
    }
    const shellInitial = {};
    for (const [name, url] of withShellInitial ? targets : []) {
      const r = await loadOnce(browser, {
        baseUrl: url,
        path: pages[0],
        session: sessions[name],
        throttle: 1,
        blockRemotes: name === "federated",
      });
      sessions[name] = r.session;
      const js = await jsBytesByApp(r.scripts.filter((s) => appOf(s.url) === "shell"));
      shellInitial[name] = {
        raw: js.shell?.raw ?? 0,
        gzip: js.shell?.gzip ?? 0,
        files: js.shell?.files ?? 0,
      };
    }
    return { device, throttle, runs, pages: results, shellInitial };
  } finally {
    await browser.close();
  }
}

/**
 * Bytes only, no timing: the scripts one cold load of each page fetched (until its data showed,
 * plus the settle time), per file with their gzip size. Byte counts do not depend on the
 * machine's load, so this is the quick check while cutting page weight (`--bytes`).
 */
export async function measureBytes({
  baseUrl,
  email,
  password,
  pages = ["/dashboard"],
  throttle = 4,
}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    let session = await signInApi(baseUrl, email, password);
    const out = {};
    for (const page of pages) {
      const path = await resolvePath(baseUrl, email, password, page);
      const r = await loadOnce(browser, { baseUrl, path, session, throttle });
      session = r.session;
      if (r.error) throw new Error(r.error);
      const files = [];
      for (const url of new Set(r.scripts.map((s) => s.url)))
        files.push({ app: appOf(url), path: new URL(url).pathname, ...(await gzipBytes(url)) });
      files.sort((a, b) => b.gzip - a.gzip);
      out[page] = { gzip: files.reduce((sum, f) => sum + f.gzip, 0), files };
    }
    return out;
  } finally {
    await browser.close();
  }
}

function kb(n) {
  return n == null ? "–" : `${(n / 1024).toFixed(1)} KB`;
}
function ms(n) {
  return n == null ? "–" : `${Math.round(n)} ms`;
}

/** A markdown table of measurePages' result. */
export function pagesTable(result) {
  const lines = [
    `Device: ${result.device ?? `${result.throttle}x CPU throttle`}`,
    "",
    `| page | build | JS raw | JS gzip | gzip per app | requests | on the wire | LCP | data visible |`,
    `|---|---|---|---|---|---|---|---|---|`,
  ];
  for (const [path, builds] of Object.entries(result.pages)) {
    for (const [build, r] of Object.entries(builds)) {
      const perApp = Object.entries(r.jsBytesGzip)
        .filter(([a]) => a !== "total")
        .map(([a, v]) => `${a} ${kb(v)}`)
        .join(", ");
      lines.push(
        `| ${path} | ${build} | ${kb(r.jsBytesRaw.total)} | ${kb(r.jsBytesGzip.total)} | ${perApp} | ${r.requests} | ${kb(r.transferBytes)} | ${ms(r.lcpMs)} | ${ms(r.dataVisibleMs)} |`,
      );
    }
  }
  const si = result.shellInitial;
  if (!si.federated) return lines.join("\n");
  lines.push("");
  lines.push(
    `Shell initial JS (gzip): federated ${kb(si.federated?.gzip)}` +
      (si.single
        ? `, single bundle ${kb(si.single.gzip)} (ratio ${(si.federated.gzip / si.single.gzip).toFixed(2)}x)`
        : ""),
  );
  return lines.join("\n");
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) {
      if (a.includes("=")) {
        const [k, v] = a.slice(2).split("=", 2);
        out[k] = v;
      } else if (argv[i + 1] === undefined || argv[i + 1].startsWith("--")) {
        out[a.slice(2)] = true;
      } else {
        out[a.slice(2)] = argv[++i];
      }
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  if (!args.base) {
    console.error(
      "usage: node bench/pages.mjs --base URL [--single URL] [--email E --password P] [--runs 5] [--pages /dashboard,/orders,/service/{service}] [--initial-only | --bytes] [--json]",
    );
    process.exit(2);
  }
  const email = args.email ?? "customer@example.com";
  const password = args.password ?? "customer123";
  if (args.bytes !== undefined) {
    const r = await measureBytes({
      baseUrl: args.base,
      email,
      password,
      ...(args.pages ? { pages: args.pages.split(",") } : {}),
    });
    for (const [page, { gzip, files }] of Object.entries(r)) {
      for (const f of files) console.log(`${String(f.gzip).padStart(8)} B  ${f.app}  ${f.path}`);
      console.log(`${page}: ${files.length} scripts, ${gzip} B of gzip`);
    }
  } else if (args["initial-only"] !== undefined) {
    const r = await measureShellInitial({ baseUrl: args.base, email, password });
    for (const f of r.perFile.sort((a, b) => b.gzip - a.gzip))
      console.log(`${kb(f.gzip).padStart(9)}  ${f.path}`);
    console.log(`shell initial JS: ${r.files} files, raw ${kb(r.raw)}, gzip ${kb(r.gzip)}`);
  } else {
    const result = await measurePages({
      baseUrl: args.base,
      singleBaseUrl: args.single,
      email,
      password,
      runs: Number(args.runs ?? 5),
      ...(args.pages ? { pages: args.pages.split(",") } : {}),
      log: (m) => console.error(m),
    });
    console.log(args.json !== undefined ? JSON.stringify(result, null, 2) : pagesTable(result));
  }
}
