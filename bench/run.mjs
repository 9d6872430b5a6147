// `npm run bench [-- --check]`: API reads, money under load and page speed on the production build,
// each beside a baseline measured in the same run. Writes bench/results/latest.json and prints a
// markdown table; with --check, exits non-zero when a budget fails.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { freePort } from "../scripts/with-postgres.mjs";
import { BENCH_PASSWORD, checkInvariants, MEASURED_EMAIL, seed } from "./seed.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
// --no-pages skips the Chromium scenarios (a quicker run while working on the API).
const withPages = !process.argv.includes("--no-pages");
const DENO = join(root, "node_modules", ".bin", "deno");
const READ_SECONDS = 10;
const CONNECTIONS = 50;
const API_POOL = 20; // DATABASE_POOL_MAX default (api/src/config.ts)

function ensureWrk() {
  if (spawnSync("sh", ["-c", "command -v wrk"]).status === 0) return;
  console.log("Installing wrk from Debian...");
  execFileSync(
    "sh",
    [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null",
    ],
    { stdio: "inherit" },
  );
}

function ensureBuilt() {
  if (withPages && !existsSync(join(root, "shell", "dist-single"))) {
    execFileSync("npx", ["vite", "build", "-c", "shell/vite.single.config.ts"], {
      cwd: root,
      stdio: "inherit",
    });
  }
  const apps = ["shell", "mf-account", "mf-shop", "mf-services", "mf-admin"];
  if (apps.some((a) => !existsSync(join(root, a, "dist")))) {
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  }
}

async function waitReady(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} not ready`);
}

function startProcess(cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  child.output = () => output;
  child.stop = async () => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await new Promise((r) => {
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
        r();
      }, 10_000);
      child.once("exit", () => {
        clearTimeout(t);
        r();
      });
    });
  };
  return child;
}

function wrk(url, headers = {}, seconds = READ_SECONDS) {
  const args = [
    "-t2",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    "-s",
    join(root, "bench", "wrk-report.lua"),
  ];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(url);
  const out = execFileSync("wrk", args, { encoding: "utf8" });
  const line = out.split("\n").find((l) => l.startsWith("WRKJSON "));
  const r = JSON.parse(line.slice(8));
  return {
    rps: r.requests / (r.duration_us / 1e6),
    p50_ms: r.p50_us / 1000,
    p99_ms: r.p99_us / 1000,
    errors: r.socket_errors + r.non2xx,
  };
}

function denoJson(script, args) {
  const out = execFileSync(DENO, ["run", "-A", join(root, "bench", script), ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out.trim().split("\n").at(-1));
}

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, remember: false }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Gives a user `amount` credits the way money enters: a ledger row and the balance, in one transaction. */
async function grantCredits(sql, userIds, amount) {
  await sql.begin(async (tx) => {
    // Start these users from zero so the number of affordable purchases is exact.
    await tx`delete from transactions where user_id = any(${userIds})`;
    await tx`update profiles set credits = 0 where id = any(${userIds})`;
    await tx`insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      select id, ${amount}, 'paid', 'topup', 'BENCH-GRANT-' || id from profiles where id = any(${userIds})`;
    await tx`update profiles set credits = credits + ${amount} where id = any(${userIds})`;
  });
}

async function main() {
  ensureWrk();
  ensureBuilt();
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "portal-bench-"));
  chmodSync(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const portal = startProcess("node", [join(root, "scripts", "start.mjs")], {
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "error",
    JOBS_ENABLED: "false",
    AUTH_RATE_LIMIT_PER_IP: "1000000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
  });
  const bare = startProcess(
    DENO,
    ["run", "-A", join(root, "bench", "bare-hono.ts"), String(await freePort())],
    {},
  );
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/portal`;
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: (await import("node:os")).cpus().length },
  };
  let sql;
  let single;
  try {
    await waitReady(baseUrl, portal);
    sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
    console.log("Seeding a realistic database...");
    const { measuredUserId } = await seed(sql);
    const token = await signIn(baseUrl, MEASURED_EMAIL);
    const auth = { authorization: `Bearer ${token}` };

    // 1. API reads against the HTTP limit and the database limit.
    await new Promise((r) => setTimeout(r, 500));
    const barePort = Number(/listening (\d+)/.exec(bare.output())?.[1]);
    wrk(`http://127.0.0.1:${barePort}/`, {}, 2);
    const bareHono = wrk(`http://127.0.0.1:${barePort}/`);
    console.log(`Bare Hono: ${Math.round(bareHono.rps)} req/s`);
    const endpoints = [
      { name: "services", path: "/api/services", query: "services" },
      { name: "transactions", path: "/api/billing/transactions?limit=50", query: "transactions" },
      { name: "products", path: "/api/shop/products?type=vps", query: "products" },
    ];
    const reads = {};
    for (const e of endpoints) {
      console.log(`Reads: ${e.name}...`);
      wrk(baseUrl + e.path, auth, 2); // warm-up
      const http = wrk(baseUrl + e.path, auth);
      const db = denoJson("db-baseline.ts", [
        databaseUrl,
        JSON.stringify({
          kind: "read",
          query: e.query,
          userId: measuredUserId,
          concurrency: CONNECTIONS,
          pool: API_POOL,
          seconds: READ_SECONDS,
        }),
      ]);
      reads[e.name] = {
        ...http,
        db_rate: db.rate,
        ratio_db: http.rps / db.rate,
        ratio_http: http.rps / bareHono.rps,
      };
      console.log(
        `  ${Math.round(http.rps)} req/s, p99 ${http.p99_ms.toFixed(1)} ms; bare DB ${Math.round(db.rate)} q/s`,
      );
    }
    results.reads = {
      bare_hono_rps: bareHono.rps,
      bare_hono_p99_ms: bareHono.p99_ms,
      endpoints: reads,
    };

    // 2. Money under load: 2,000 concurrent purchases over 100 users, beside the bare SQL
    // transaction. Both sides first run the same burst on other users, unmeasured, so both are
    // measured warm (JIT, connections), as the reads are.
    console.log("Money: purchases...");
    const users =
      await sql`select id, email from profiles where username ~ '^bench[0-9]+$' and username <> 'bench0'
      order by created_at desc limit 500`;
    const [product] =
      await sql`select id, price from products where product_type = 'vps' and archived_at is null order by price limit 1`;
    const buyers = users.slice(0, 100);
    const sqlBuyers = users.slice(100, 200);
    const payers = users.slice(200, 300);
    const warmupBuyers = users.slice(300, 400);
    const warmupSqlBuyers = users.slice(400, 500);
    // Each user can afford 14 of its 20 attempts, so the refusal path is exercised under load too.
    const [{ credit }] = await sql`select (${product.price}::numeric * 14)::text as credit`;
    await grantCredits(
      sql,
      [...buyers, ...sqlBuyers, ...warmupBuyers, ...warmupSqlBuyers].map((u) => u.id),
      credit,
    );
    /** 2,000 purchases at once, round-robin over the users' tokens; the HTTP status of each. */
    const purchaseBurst = async (tokens, tag) =>
      await Promise.all(
        Array.from({ length: 2000 }, async (_, i) => {
          const res = await fetch(`${baseUrl}/api/shop/orders`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${tokens[i % tokens.length]}`,
              "idempotency-key": `bench-${tag}-${i}-${Date.now()}`,
            },
            body: JSON.stringify({ product_id: product.id }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
    const signInAll = (list) => mapLimit(list, 10, (u) => signIn(baseUrl, u.email));
    await purchaseBurst(await signInAll(warmupBuyers), "warmup");
    const tokens = await signInAll(buyers);
    const started = performance.now();
    const statuses = await purchaseBurst(tokens, "measured");
    const purchaseSeconds = (performance.now() - started) / 1000;
    const succeeded = statuses.filter((s) => s === 200 || s === 201).length;
    const baseline = denoJson("db-baseline.ts", [
      databaseUrl,
      JSON.stringify({
        kind: "purchase",
        concurrency: 2000,
        pool: API_POOL,
        purchase: {
          userIds: sqlBuyers.map((u) => u.id),
          warmupUserIds: warmupSqlBuyers.map((u) => u.id),
          productId: product.id,
          price: product.price,
          count: 2000,
        },
      }),
    ]);
    results.purchases = {
      requests: 2000,
      succeeded,
      refused: statuses.filter((s) => s === 402 || s === 409).length,
      other: statuses.filter((s) => ![200, 201, 402, 409].includes(s)).length,
      seconds: purchaseSeconds,
      rate: 2000 / purchaseSeconds,
      expected_successes: 1400,
      sql_baseline_rate: baseline.rate,
      sql_baseline_succeeded: baseline.ok,
      ratio_sql: 2000 / purchaseSeconds / baseline.rate,
    };

    // 200 concurrent top-up captures through the PayPal simulator.
    console.log("Money: captures...");
    const payerTokens = await mapLimit(payers, 10, (u) => signIn(baseUrl, u.email));
    const created = await mapLimit(
      Array.from({ length: 200 }, (_, i) => i),
      20,
      async (i) => {
        const t = payerTokens[i % 100];
        const headers = { "content-type": "application/json", authorization: `Bearer ${t}` };
        const res = await fetch(`${baseUrl}/api/billing/orders`, {
          method: "POST",
          headers,
          body: JSON.stringify({ amount: "25.00" }),
        });
        if (res.status !== 201) throw new Error(`create top-up: ${res.status} ${await res.text()}`);
        const order = await res.json();
        const ok = await fetch(`${baseUrl}/api/billing/orders/${order.id}/sandbox-approve`, {
          method: "POST",
          headers,
        });
        await ok.arrayBuffer();
        return { id: order.id, headers };
      },
    );
    const capStart = performance.now();
    const capStatuses = await Promise.all(
      created.map(async (o) => {
        const res = await fetch(`${baseUrl}/api/billing/orders/${o.id}/capture`, {
          method: "POST",
          headers: o.headers,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const capSeconds = (performance.now() - capStart) / 1000;
    results.captures = {
      requests: 200,
      succeeded: capStatuses.filter((s) => s === 200).length,
      seconds: capSeconds,
      rate: 200 / capSeconds,
    };
    results.invariants = await checkInvariants(sql);
    const [{ buyerOrders }] =
      await sql`select count(*)::int as "buyerOrders" from orders where user_id = any(${buyers.map((u) => u.id)})`;
    results.invariants.purchasesMatchOrders = buyerOrders === succeeded;
    results.invariants.affordableBought = succeeded === 1400;

    // 3. Pages in Chromium, federated against the single-bundle build served by a second
    // instance on the same database.
    if (withPages) {
      console.log("Pages...");
      const singlePort = await freePort();
      const singleBaseUrl = `http://127.0.0.1:${singlePort}`;
      single = startProcess("node", [join(root, "scripts", "start.mjs")], {
        PORT: String(singlePort),
        DATA_DIR: mkdtempSync(join(tmpdir(), "portal-bench-single-")),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: singleBaseUrl,
        SHELL_DIST_DIR: "shell/dist-single",
        LOG_LEVEL: "error",
        JOBS_ENABLED: "false",
        AUTH_RATE_LIMIT_PER_IP: "1000000",
        AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
      });
      await waitReady(singleBaseUrl, single);
      const { measurePages, pagesTable } = await import("./pages.mjs");
      const measured = await measurePages({
        baseUrl,
        singleBaseUrl,
        email: MEASURED_EMAIL,
        password: BENCH_PASSWORD,
        log: (m) => console.log(`  ${m}`),
      });
      results.pages = { ...measured, table: pagesTable(measured) };
    }
  } finally {
    await sql?.end();
    await single?.stop();
    await bare.stop();
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  results.budgets = budgets(results);
  mkdirSync(join(root, "bench", "results"), { recursive: true });
  writeFileSync(
    join(root, "bench", "results", "latest.json"),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(table(results));
  const failed = results.budgets.filter((b) => !b.pass);
  if (check && failed.length) process.exit(1);
}

function budgets(r) {
  const out = [];
  const add = (name, pass, detail) => out.push({ name, pass: Boolean(pass), detail });
  for (const [name, e] of Object.entries(r.reads.endpoints)) {
    add(
      `GET ${name} >= 60% of bare-database rate`,
      e.ratio_db >= 0.6,
      `${(e.ratio_db * 100).toFixed(0)}%`,
    );
    add(`GET ${name} p99 < 25 ms`, e.p99_ms < 25, `${e.p99_ms.toFixed(1)} ms`);
  }
  add(
    "purchases >= 50% of bare SQL transaction rate",
    r.purchases.ratio_sql >= 0.5,
    `${(r.purchases.ratio_sql * 100).toFixed(0)}%`,
  );
  const inv = r.invariants;
  add(
    "money invariants hold",
    inv.ledgerEqualsBalance &&
      inv.noNegativeBalance &&
      inv.noDoubleCredit &&
      inv.purchasesMatchOrders &&
      inv.affordableBought,
    JSON.stringify(inv),
  );
  if (r.pages) {
    const si = r.pages.shellInitial;
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    add("shell initial JS <= 150 KB gzip", si.federated.gzip <= 150 * 1024, kb(si.federated.gzip));
    if (si.single) {
      const ratio = si.federated.gzip / si.single.gzip;
      add(
        "shell initial JS <= 1.3x single bundle",
        ratio <= 1.3,
        `${ratio.toFixed(2)}x (single ${kb(si.single.gzip)})`,
      );
    }
    const dash = r.pages.pages["/dashboard"];
    if (dash?.single) {
      const ratio = dash.federated.dataVisibleMs / dash.single.dataVisibleMs;
      add("/dashboard data visible <= 1.15x single bundle", ratio <= 1.15, `${ratio.toFixed(2)}x`);
    }
    add(
      "/dashboard data visible < 1.5 s at 4x throttle",
      dash?.federated.dataVisibleMs < 1500,
      `${Math.round(dash?.federated.dataVisibleMs)} ms`,
    );
  }
  return out;
}

function table(r) {
  const f = (n, d = 0) =>
    Number(n).toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  const lines = [
    "## API reads (wrk, 50 connections, 10 s)",
    "",
    "| endpoint | req/s | p50 ms | p99 ms | bare DB q/s | vs DB | vs bare Hono |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| bare Hono (HTTP limit) | ${f(r.reads.bare_hono_rps)} | | ${f(r.reads.bare_hono_p99_ms, 1)} | | | 100% |`,
    ...Object.entries(r.reads.endpoints).map(
      ([n, e]) =>
        `| GET ${n} | ${f(e.rps)} | ${f(e.p50_ms, 1)} | ${f(e.p99_ms, 1)} | ${f(e.db_rate)} | ${f(e.ratio_db * 100)}% | ${f(e.ratio_http * 100)}% |`,
    ),
    "",
    "## Money under load",
    "",
    "| scenario | ops/s | baseline ops/s | ratio | detail |",
    "|---|---:|---:|---:|---|",
    `| 2,000 purchases, 100 users (HTTP) | ${f(r.purchases.rate)} | ${f(r.purchases.sql_baseline_rate)} (bare SQL tx) | ${f(r.purchases.ratio_sql * 100)}% | ${r.purchases.succeeded} bought, ${r.purchases.refused} refused, ${r.purchases.other} other |`,
    `| 200 top-up captures (PayPal sim) | ${f(r.captures.rate)} | | | ${r.captures.succeeded} completed |`,
    "",
    `Invariants: ${JSON.stringify(r.invariants)}`,
  ];
  if (r.pages?.table) lines.push("", r.pages.table);
  lines.push(
    "",
    "## Budgets",
    "",
    "| budget | result | value |",
    "|---|---|---|",
    ...r.budgets.map((b) => `| ${b.name} | ${b.pass ? "PASS" : "FAIL"} | ${b.detail} |`),
  );
  return lines.join("\n");
}

await main();
