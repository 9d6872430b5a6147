// `npm start`: builds the web apps that are not built yet, then serves the whole portal (API,
// shell and remotes) from one origin on the embedded defaults.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import registry from "../api/contracts/remote-registry.json" with { type: "json" };

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// shared-ui first, then the shell and the remotes of api/contracts/remote-registry.json.
const WEB = ["shared-ui", registry.shell.folder, ...registry.remotes.map((r) => r.folder)];

for (const ws of WEB) {
  const pkg = JSON.parse(
    (await import("node:fs")).readFileSync(join(root, ws, "package.json"), "utf8"),
  );
  if (!pkg.scripts?.build || existsSync(join(root, ws, "dist"))) continue;
  console.log(`Building ${ws}...`);
  const result = spawnSync("npm", ["run", "build", "-w", ws], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = process.env.PORT ?? "8000";
const api = spawn(
  join(root, "node_modules", ".bin", "deno"),
  ["run", "-A", join(root, "api/src/main.ts")],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      STATIC_ROOT: root,
      PUBLIC_URL: `http://localhost:${port}`,
      ...process.env,
      PORT: port,
    },
  },
);
// The API drains its requests and stops its embedded Postgres itself; this only passes
// the signal on and leaves with the API's exit code.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => api.kill(signal));
api.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
