import type { ProviderSim } from "../../sim/provider.ts";
import type { Deps } from "../platform/context.ts";
import { log } from "../platform/log.ts";
import type { ServerProvider } from "../platform/ports.ts";
import type { SeedProvider } from "../platform/seed.ts";
import type { ProviderRunnerDeps } from "./runner.ts";

/** The provider job runner's settings, from the configuration. */
export function providerRunnerDeps(
  deps: Pick<Deps, "sql" | "provider" | "secretBox" | "config">,
): ProviderRunnerDeps {
  const { config } = deps;
  const staffEmail = config.ADMIN_NOTIFY_EMAIL;
  return {
    sql: deps.sql,
    provider: deps.provider,
    secretBox: deps.secretBox,
    provision: {
      pollMs: config.PROVIDER_POLL_MS,
      createSettleSeconds: config.SERVER_PROVIDER_CREATE_SETTLE_SECONDS,
      deadlineMinutes: config.PROVISION_DEADLINE_MINUTES,
      staffEmail,
      publicUrl: config.PUBLIC_URL,
    },
    drift: {
      intervalSeconds: config.DRIFT_INTERVAL_SECONDS,
      staffEmail,
      publicUrl: config.PUBLIC_URL,
    },
    terminateAfterDays: config.TERMINATE_AFTER_DAYS,
    intervalMs: Math.min(config.PROVIDER_POLL_MS, 500),
    concurrency: config.PROVIDER_JOB_CONCURRENCY,
    leaseSeconds: config.PROVIDER_JOB_LEASE_SECONDS,
  };
}

/**
 * What the demo seed takes from the provider: its templates (none when it does not answer: the
 * demo VPS products then have no plan until staff set one) and, with the simulator, a server made
 * at once for the demo customer's VPS.
 */
export async function seedProviderOf(opened: {
  provider: ServerProvider;
  sim?: ProviderSim;
}): Promise<SeedProvider> {
  let templates: string[] = [];
  try {
    templates = await opened.provider.templates();
  } catch (err) {
    log("warn", "seed: the provider's templates could not be read", {
      error: (err as Error).message,
    });
  }
  const sim = opened.sim;
  return {
    templates,
    demoServer: sim
      ? (plan) => {
          const server = sim.controls.addServer(plan);
          return { vmId: server.vmId, ipv4: server.ipv4[0]! };
        }
      : undefined,
  };
}
