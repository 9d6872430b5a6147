#!/usr/bin/env node
/**
 * Where a page's JavaScript bytes are: the modules of the scripts one cold load of a page fetched,
 * grouped by package (or by folder of our own sources), with the gzip each group adds to its chunk.
 *
 *   npm run build -w shell && npm run build -w mf-services   # the builds the server serves
 *   node bench/page-modules.mjs --base http://127.0.0.1:8000 [--page /dashboard] [--chunks] [--detail react-aria]
 *
 * It loads the page as bench/pages.mjs does (`measureBytes`), rebuilds each app in memory with
 * source maps (the same inputs give the same file names as the served dist), and attributes every
 * byte of a minified chunk to the source its source map names. A group's figure is its marginal
 * gzip: gzip(chunk) − gzip(chunk without the group's bytes), so it says what leaving the group out
 * of that chunk would save; the figures of one chunk's groups add up to a little less than the
 * chunk (what is shared between them compresses once). Bytes no source maps to (the bundler's
 * glue) stay in "(bundler)".
 */
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { measureBytes } from "./pages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const B64 = Object.fromEntries(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]),
);

/** Source map `mappings` → per generated line, segments [column, sourceIndex]. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segs = [];
    let col = 0;
    for (const seg of line.split(",")) {
      if (!seg) continue;
      const vals = [];
      let shift = 0;
      let value = 0;
      for (const c of seg) {
        const d = B64[c];
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(value & 1 ? -(value >>> 1) : value >>> 1);
          shift = 0;
          value = 0;
        }
      }
      col += vals[0];
      if (vals.length > 1) source += vals[1];
      segs.push([col, vals.length > 1 ? source : -1]);
    }
    lines.push(segs);
  }
  return lines;
}

/** The group a source belongs to: its npm package, or the folder of our own code. */
export function groupOf(source) {
  const nm = source.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = source.slice(nm + 13).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = relative(root, source);
  if (rel.startsWith("..") || source.includes("\0") || source.includes("virtual"))
    return "(federation virtual modules)";
  const parts = rel.split("/");
  if (parts[0] === "api") return parts.slice(0, 3).join("/");
  if (parts[1] === "src") {
    const sub = parts[2] === "features" ? parts.slice(2, 4) : parts.slice(2, 3);
    return [parts[0], "src", ...sub].join("/").replace(/\.(tsx?|json)$/, "");
  }
  return parts.slice(0, 2).join("/");
}

/** Byte ranges of a chunk per group, from its source map. */
function rangesByGroup(code, map) {
  const lines = decodeMappings(map.mappings);
  const sources = map.sources.map((s) => (map.sourceRoot ? join(map.sourceRoot, s) : s));
  const groups = new Map();
  const add = (g, from, to) => {
    if (to <= from) return;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push([from, to]);
  };
  let offset = 0;
  const codeLines = code.split("\n");
  for (let l = 0; l < codeLines.length; l++) {
    const segs = lines[l] ?? [];
    const len = codeLines[l].length;
    let prev = 0;
    let prevGroup = "(bundler)";
    for (const [col, src] of segs) {
      add(prevGroup, offset + prev, offset + col);
      prev = col;
      prevGroup = src >= 0 ? groupOrFile(resolveSource(sources[src], map.file)) : "(bundler)";
    }
    add(prevGroup, offset + prev, offset + len + 1);
    offset += len + 1;
  }
  return groups;
}

/** With --detail <text>, the groups whose name holds that text are split into their files. */
let detail;
function groupOrFile(source) {
  const g = groupOf(source);
  return detail && g.includes(detail) ? relative(root, source).replace(/^(\.\.\/)+/, "") : g;
}

function resolveSource(source, _file) {
  // Vite writes sources relative to the chunk's folder.
  return source.startsWith("/") ? source : join(currentOutDir, source);
}
let currentOutDir = root;

const gz = (s) => gzipSync(Buffer.from(s), { level: 6 }).length;

function marginal(code, ranges) {
  const drop = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [from, to] of drop) {
    out += code.slice(at, from);
    at = Math.max(at, to);
  }
  out += code.slice(at);
  return gz(code) - gz(out);
}

/** Builds one app in memory with source maps; fileName → { code, map }. */
async function buildInMemory(app) {
  const appRoot = join(root, app);
  const result = await build({
    root: appRoot,
    configFile: join(appRoot, "vite.config.ts"),
    logLevel: "error",
    build: { write: false, sourcemap: "hidden" },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const files = new Map();
  for (const o of outputs) {
    if (o.type !== "chunk") continue;
    files.set(o.fileName, { code: o.code, map: o.map });
  }
  return { files, outDir: join(appRoot, "dist") };
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) continue;
    if (argv[i + 1] === undefined || argv[i + 1].startsWith("--")) out[a.slice(2)] = true;
    else out[a.slice(2)] = argv[++i];
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  if (!args.base) {
    console.error(
      "usage: node bench/page-modules.mjs --base URL [--page /dashboard] [--chunks] [--detail <group text>]",
    );
    process.exit(2);
  }
  const page = args.page ?? "/dashboard";
  if (typeof args.detail === "string") detail = args.detail;
  const loaded = await measureBytes({
    baseUrl: args.base,
    email: args.email ?? "customer@example.com",
    password: args.password ?? "customer123",
    pages: [page],
  });
  const { files, gzip } = loaded[page];
  const apps = [...new Set(files.map((f) => f.app))];
  const totals = new Map();
  const perChunk = [];
  for (const app of apps) {
    const built = await buildInMemory(app);
    currentOutDir = built.outDir;
    const prefix = app === "shell" ? "/" : `/remotes/${app}/`;
    for (const f of files.filter((x) => x.app === app)) {
      const name = f.path.slice(prefix.length);
      // A file name the in-memory build gave another hash: the same name without it, if unique.
      const stem = (n) => n.replace(/-[\w-]{8}\.js$/, "");
      const alike = [...built.files.keys()].filter((k) => stem(k) === stem(name));
      const chunk =
        built.files.get(name) ?? (alike.length === 1 ? built.files.get(alike[0]) : null);
      if (!chunk?.map) {
        console.error(`${app}: ${name} not in the in-memory build (not deterministic?)`);
        totals.set("(unattributed)", (totals.get("(unattributed)") ?? 0) + f.gzip);
        continue;
      }
      currentOutDir = dirname(join(built.outDir, name));
      const groups = rangesByGroup(chunk.code, chunk.map);
      const rows = [...groups].map(([g, r]) => [g, marginal(chunk.code, r)]);
      rows.sort((a, b) => b[1] - a[1]);
      perChunk.push({ app, name, gzip: f.gzip, rows });
      for (const [g, b] of rows) totals.set(`${app}: ${g}`, (totals.get(`${app}: ${g}`) ?? 0) + b);
    }
  }
  if (args.chunks) {
    for (const c of perChunk) {
      console.log(`\n${c.gzip} B  ${c.app} ${c.name}`);
      for (const [g, b] of c.rows) if (b >= 50) console.log(`  ${String(b).padStart(7)}  ${g}`);
    }
    console.log("");
  }
  console.log("| group (app: package or folder) | marginal gzip |\n|---|---|");
  for (const [g, b] of [...totals].sort((a, z) => z[1] - a[1]))
    if (b >= 100) console.log(`| ${g} | ${b.toLocaleString("en-US")} B |`);
  console.log(`\n${page}: ${files.length} scripts, ${gzip.toLocaleString("en-US")} B of gzip`);
}
