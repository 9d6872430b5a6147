import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";
import { DEMO_ACCOUNTS } from "./seed.ts";
import { log } from "./log.ts";

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    Deno.exit(2);
  }
  throw e;
}

const server = await startServer(config);
log("info", "api listening", { url: server.url });
console.log(`\n  Hosting portal: ${config.PUBLIC_URL}\n  API docs:       ${config.PUBLIC_URL}/api/docs`);
if (server.db.embedded) {
  console.log("  Demo sign-ins (seeded on an empty database):");
  for (const a of DEMO_ACCOUNTS) console.log(`    ${a.admin ? "admin   " : "customer"}  ${a.email} / ${a.password}`);
}
console.log("");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
