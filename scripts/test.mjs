// `npm test`: every suite in turn (typecheck + lint, unit, API, end-to-end); the last line sums them.
import { spawn } from "node:child_process";

const SUITES = [
  { name: "check", cmd: ["npm", "run", "check"] },
  { name: "unit", cmd: ["npx", "vitest", "run"] },
  { name: "api", cmd: ["npm", "run", "test:api"] },
  { name: "e2e", cmd: ["npm", "run", "test:e2e"] },
];

// Colour codes (ESC [ ... m) would split the counts the regexes below look for.
const strip = (s) => s.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");

function run(cmd) {
  return new Promise((resolve) => {
    let out = "";
    const child = spawn(cmd[0], cmd.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "error" },
    });
    child.stdout.on("data", (d) => {
      process.stdout.write(d);
      out += d;
    });
    child.stderr.on("data", (d) => {
      process.stderr.write(d);
      out += d;
    });
    child.on("exit", (code) => resolve({ code: code ?? 1, out: strip(out) }));
  });
}

/** Pass/fail counts from deno test ("ok | 3 passed | 1 failed") or vitest ("Tests  1 failed | 3 passed"). */
function counts(out, code) {
  const deno = [...out.matchAll(/\| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/g)].at(-1);
  if (deno) return { passed: Number(deno[1]), failed: Number(deno[2]) };
  const vitest = [...out.matchAll(/Tests\s+(?:(\d+) failed\s*\|\s*)?(?:(\d+) passed)?/g)].at(-1);
  if (vitest && (vitest[1] || vitest[2]))
    return {
      passed: Number(vitest[2] ?? 0),
      failed: Number(vitest[1] ?? 0) + (code && !vitest[1] ? 1 : 0),
    };
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

let passed = 0;
let failed = 0;
const lines = [];
for (const suite of SUITES) {
  console.log(`\n=== ${suite.name}: ${suite.cmd.join(" ")}`);
  const { code, out } = await run(suite.cmd);
  const c = counts(out, code);
  if (code !== 0 && c.failed === 0) c.failed = 1;
  passed += c.passed;
  failed += c.failed;
  lines.push(`${suite.name}: ${c.passed} passed, ${c.failed} failed`);
}
console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
