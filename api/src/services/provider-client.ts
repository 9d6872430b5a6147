import { type ProviderSim, startProviderSim } from "../../sim/provider.ts";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import type { ProviderAction, ProviderClient } from "../ports.ts";

/**
 * The API's client of the server provider (SPEC §7). The same code talks to the real provider and
 * to api/sim/provider.ts; only the base URL and the token differ. The browser never sees either.
 *
 * Nothing here logs: the password reset body carries a root password.
 */
/** Why a call failed, without any request body: safe to log. */
export class ProviderError extends Error {
  constructor(
    readonly reason: "error_field" | "status" | "timeout" | "network",
    detail: string,
  ) {
    super(detail);
  }
}

export function createProviderClient(options: {
  url: string;
  token: string;
  timeoutMs: number;
}): ProviderClient {
  const base = options.url.replace(/\/+$/, "");
  return {
    async call(resellerId, action, body) {
      let res: Response;
      try {
        res = await fetch(
          `${base}/datacenter/server/${encodeURIComponent(String(resellerId))}/${action}`,
          {
            method: "PUT",
            headers: {
              accept: "application/json",
              "content-type": "application/json",
              authorization: `Bearer ${options.token}`,
            },
            body: JSON.stringify(body ?? {}),
            signal: AbortSignal.timeout(options.timeoutMs),
          },
        );
      } catch (err) {
        const name = (err as Error).name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new ProviderError("timeout", `no answer within ${options.timeoutMs} ms`);
        }
        throw new ProviderError("network", name);
      }
      let payload: unknown = null;
      try {
        payload = await res.json();
      } catch (err) {
        // The timeout covers the body too: a provider that stalls mid-answer has not confirmed.
        const name = (err as Error).name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new ProviderError("timeout", `no answer within ${options.timeoutMs} ms`);
        }
        // Otherwise a body that is not JSON carries no `error` field; the status decides.
      }
      const error = (payload as { error?: unknown } | null)?.error;
      if (error !== undefined && error !== null && error !== false) {
        throw new ProviderError(
          "error_field",
          typeof error === "string" ? error.slice(0, 200) : "error",
        );
      }
      if (!res.ok) throw new ProviderError("status", `HTTP ${res.status}`);
    },
  };
}

/**
 * The configured provider, or the simulator when SERVER_PROVIDER_URL is unset (docs/architecture.md:
 * `npm start` works offline). The simulator uses SERVER_PROVIDER_TOKEN when given, else a random one.
 */
export async function openProvider(
  config: Config,
): Promise<{ client: ProviderClient; sim?: ProviderSim; close(): Promise<void> }> {
  const timeoutMs = config.SERVER_PROVIDER_TIMEOUT_MS;
  if (config.SERVER_PROVIDER_URL && config.SERVER_PROVIDER_TOKEN) {
    const client = createProviderClient({
      url: config.SERVER_PROVIDER_URL,
      token: config.SERVER_PROVIDER_TOKEN,
      timeoutMs,
    });
    return { client, close: async () => {} };
  }
  const sim = await startProviderSim({
    token: config.SERVER_PROVIDER_TOKEN,
    port: config.SERVER_PROVIDER_SIM_PORT,
  });
  log("info", "server provider simulator started", { url: sim.url });
  return {
    client: createProviderClient({ url: sim.url, token: sim.token, timeoutMs }),
    sim,
    close: () => sim.close(),
  };
}
