import { type ProviderSim, startProviderSim } from "../../sim/provider.ts";
import type { Config } from "../platform/config.ts";
import { log } from "../platform/log.ts";
import type { ServerProvider } from "../platform/ports.ts";
import { createHosterApi } from "./hosterapi.ts";

/**
 * The configured provider (SERVER_PROVIDER_URL and SERVER_PROVIDER_TOKEN), or else a HosterAPI
 * simulator in this process with the same adapter pointed at it, so `npm start` works offline and
 * the code that talks to the provider is the same either way. The simulator takes
 * SERVER_PROVIDER_TOKEN when given (a random one otherwise), SERVER_PROVIDER_SIM_PORT and
 * SERVER_PROVIDER_SIM_JOB_SECONDS; `statePath` keeps its servers across restarts.
 */
export async function openProvider(
  config: Config,
  options: { statePath?: string } = {},
): Promise<{ provider: ServerProvider; sim?: ProviderSim; close(): Promise<void> }> {
  const timeoutMs = config.SERVER_PROVIDER_TIMEOUT_MS;
  if (config.SERVER_PROVIDER_URL && config.SERVER_PROVIDER_TOKEN) {
    const provider = createHosterApi({
      url: config.SERVER_PROVIDER_URL,
      token: config.SERVER_PROVIDER_TOKEN,
      timeoutMs,
    });
    return { provider, close: async () => {} };
  }
  const sim = await startProviderSim({
    token: config.SERVER_PROVIDER_TOKEN,
    port: config.SERVER_PROVIDER_SIM_PORT,
    jobSeconds: config.SERVER_PROVIDER_SIM_JOB_SECONDS,
    // Backups take a job's time too, so the page has a running backup's status to show.
    backupSeconds: config.SERVER_PROVIDER_SIM_JOB_SECONDS,
    statePath: options.statePath,
  });
  log("info", "server provider simulator started", { url: sim.url });
  return {
    provider: createHosterApi({ url: sim.url, token: sim.token, timeoutMs }),
    sim,
    close: () => sim.close(),
  };
}
