// The bench's pass/fail budgets (bench/run.mjs, `npm run bench -- --check`), one function per
// scenario, apart from run.mjs so that a test can check them without running the bench.

/**
 * The budgets of the scenarios that ran, each checked only when its results are there (a run
 * with --only has the results of one scenario).
 */
export function budgets(r) {
  const out = [];
  const add = (name, pass, detail) => out.push({ name, pass: Boolean(pass), detail });
  if (r.history) historyBudgets(r, add);
  if (r.adminScale) adminScaleBudgets(r, add);
  if (r.provisioning) provisioningBudgets(r, add);
  if (r.reads) readsBudgets(r, add);
  if (r.purchases) moneyBudgets(r, add);
  if (r.pages) pagesBudgets(r, add);
  return out;
}

function historyBudgets(r, add) {
  const h = r.history;
  add(
    `${h.servers} servers, two samplers: one provider call per server per minute`,
    h.minutes.every((m) => m.calls === h.servers),
    h.minutes.map((m) => m.calls).join(", "),
  );
  add(
    "a minute's sampling ends within the minute",
    h.sampling_seconds_per_minute < 60,
    `${h.sampling_seconds_per_minute} s`,
  );
  add("week graph query p50 < 20 ms", h.week_query.p50_ms < 20, `${h.week_query.p50_ms} ms`);
}

function adminScaleBudgets(r, add) {
  const n = r.adminScale.seed.customers.toLocaleString("en-US");
  const inv = r.adminScale.seed.invariants;
  add(
    `${n} customers: seeded ledger equals every balance, none negative`,
    inv.ledgerEqualsBalance && inv.noNegativeBalance,
    JSON.stringify(inv),
  );
  for (const h of r.adminScale.http)
    add(`${n} customers: GET ${h.path} p50 < 50 ms`, h.p50_ms < 50, `${h.p50_ms.toFixed(1)} ms`);
  const p = r.adminScale.pages.find((x) => x.throttle === 1);
  if (p)
    add(
      `${n} customers: /admin/orders visible < 1.5 s (no CPU throttle)`,
      p.dataVisibleMs < 1500,
      p.error ??
        `${Math.round(p.dataVisibleMs)} ms (${p.ordersRequests} orders request(s); /dashboard ${Math.round(p.dashboardDataVisibleMs)} ms)`,
    );
}

function provisioningBudgets(r, add) {
  const c = r.provisioning.checks;
  const n = r.provisioning.orders;
  add(
    `provisioning: ${n} purchases, ${n} servers at the provider, one per order`,
    c.serversMade === n && c.createRequests === n && c.oneServicePerOrder && c.oneServerPerOrder,
    `${c.serversMade} servers, ${c.createRequests} creates, ${c.servicesActive} active`,
  );
  add(
    `provisioning: ledger equals balance for all ${n} customers`,
    c.ledgerEqualsBalance && c.everyBalanceSpent,
    JSON.stringify({ mismatched: c.usersWithMismatch, everyBalanceSpent: c.everyBalanceSpent }),
  );
}

function readsBudgets(r, add) {
  for (const [name, e] of Object.entries(r.reads.endpoints)) {
    add(
      `GET ${name} >= 60% of bare-database rate`,
      e.ratio_db >= 0.6,
      `${(e.ratio_db * 100).toFixed(0)}%`,
    );
    add(`GET ${name} p99 < 25 ms`, e.p99_ms < 25, `${e.p99_ms.toFixed(1)} ms`);
  }
}

function moneyBudgets(r, add) {
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
}

function pagesBudgets(r, add) {
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
  // Page weight and speed: the federated portal against the single bundle.
  const dash = r.pages.pages["/dashboard"];
  const dashGzip = dash?.federated.jsBytesGzip.total;
  add("/dashboard cold load JS <= 200 KB gzip", dashGzip <= 200 * 1024, kb(dashGzip));
  if (dash?.single) {
    const ratio = dash.federated.dataVisibleMs / dash.single.dataVisibleMs;
    add("/dashboard data visible <= 1.15x single bundle", ratio <= 1.15, `${ratio.toFixed(2)}x`);
    const lcpRatio = dash.federated.lcpMs / dash.single.lcpMs;
    add("/dashboard LCP <= 1.2x single bundle", lcpRatio <= 1.2, `${lcpRatio.toFixed(2)}x`);
  }
  add(
    "/dashboard data visible <= 1.2 s at 4x throttle",
    dash?.federated.dataVisibleMs <= 1200,
    `${Math.round(dash?.federated.dataVisibleMs)} ms`,
  );
  const federated = [r.pages, r.pagesDesktop]
    .filter(Boolean)
    .flatMap((d) =>
      Object.entries(d.pages).map(([path, b]) => [`${path} (${d.device})`, b.federated]),
    );
  const repeated = federated.flatMap(([page, f]) => f.apiRepeated.map((p) => `${page}: ${p}`));
  add(
    "no API path requested twice during a cold load",
    repeated.length === 0,
    repeated.join("; ") || `${federated.length} page loads checked`,
  );
  const failedLoads = [r.pages, r.pagesDesktop]
    .filter(Boolean)
    .flatMap((d) => Object.values(d.pages).flatMap((b) => Object.values(b)))
    .flatMap((b) => b.errors);
  add(
    "every page load showed its data",
    failedLoads.length === 0,
    failedLoads.slice(0, 3).join("; ") || "all loads",
  );
  const plain = federated.flatMap(([page, f]) => f.notBrotli.map((p) => `${page}: ${p}`));
  add(
    "every static asset served with brotli",
    plain.length === 0,
    plain.slice(0, 5).join("; ") || "all scripts, styles and manifests",
  );
}
