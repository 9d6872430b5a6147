// EXPLAIN (ANALYZE, BUFFERS) of the admin lists' own SQL, captured from the API's list
// functions (postgres.js `debug` hands over each query and its parameters), so the plan is the
// one the API gets, not a hand-written copy of its query.
// Usage: deno run -A bench/admin-explain.ts <database url> <json [{ name, list, query }]>
import postgres from "postgres";
import { listAdminOrders } from "../api/src/admin/orders.service.ts";
import { listAdminProducts } from "../api/src/admin/products.service.ts";
import { listAdminServices } from "../api/src/admin/services.service.ts";
import { listUsers } from "../api/src/admin/users.service.ts";

const lists = {
  users: listUsers,
  services: listAdminServices,
  orders: listAdminOrders,
  products: listAdminProducts,
};

interface Target {
  name: string;
  list: keyof typeof lists;
  query: Record<string, string | number>;
}

const [url, raw] = Deno.args as [string, string];
const targets = JSON.parse(raw) as Target[];
let captured: { query: string; parameters: unknown[] } | null = null;
const sql = postgres(url, {
  max: 1,
  onnotice: () => {},
  debug: (_connection, query, parameters) => {
    captured = { query, parameters: parameters as unknown[] };
  },
});

const out = [];
try {
  for (const t of targets) {
    captured = null;
    // The contract's parsed query shapes: numbers stay numbers. The last query is the list's.
    await lists[t.list](sql, t.query);
    const run = captured as { query: string; parameters: unknown[] } | null;
    if (!run) throw new Error(`${t.name}: no query captured`);
    // Twice: the second run is warm, like the HTTP figures (which are medians of warm requests).
    let plan = "";
    for (let i = 0; i < 2; i++) {
      const rows = await sql.unsafe(
        `explain (analyze, buffers) ${run.query}`,
        run.parameters as never[],
      );
      plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    }
    const indexes = [
      ...new Set(
        [
          ...plan.matchAll(
            /(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\S+)/g,
          ),
        ].map((m) => m[1]!),
      ),
    ];
    out.push({
      name: t.name,
      indexes,
      seq_scans: [...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]),
      execution_ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]),
      plan,
    });
  }
} finally {
  await sql.end();
}
console.log(JSON.stringify(out));
