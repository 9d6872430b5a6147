// Runs a Deno script of the API with every permission it needs (deno comes from npm: the `deno` package).
import { spawn } from "node:child_process";

const [script, ...args] = process.argv.slice(2);
const child = spawn("npx", ["deno", "run", "-A", script, ...args], { stdio: "inherit" });
child.on("exit", (code) => process.exit(code ?? 1));
