import { inject } from "vitest";

/**
 * The portal's in-process HosterAPI simulator (api/sim/provider.ts), reached over its `/__sim/`
 * control routes: global-setup starts the portal with SERVER_PROVIDER_SIM_PORT and
 * SERVER_PROVIDER_TOKEN fixed, so the tests know where it listens and its token. These are the
 * routes of `providerSimClient()`; that client is Deno code under api/, so it is not imported here.
 */

export interface SimPlan {
  template: string;
  cpuCores: number;
  memoryMb: number;
  diskGb: number;
  ipv4Count: number;
}

export interface SimServer {
  vmId: number;
  plan: SimPlan;
  power: "running" | "stopped";
  ipv4: string[];
  /** Epoch ms of the last start (a reboot counts), null while stopped. */
  startedAt: number | null;
  passwordResets: number;
}

export interface SimJob {
  id: number;
  kind: "create" | "reinstall";
  seconds: number;
  vmId: number | null;
  outcome: "finished" | "failed" | null;
  output: { vmid?: number; password?: string; ips?: string[] } | null;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject("providerUrl")}/__sim/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${inject("providerToken")}`,
      "content-type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok)
    throw new Error(`simulator ${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer as T;
}

/** A server made at once (no create job), as the demo seed makes the demo customer's. */
export const addSimServer = (plan: SimPlan, power: "running" | "stopped" = "running") =>
  control<SimServer>("POST", "servers", { plan, power });

export async function simServer(vmId: number): Promise<SimServer | undefined> {
  const res = await fetch(`${inject("providerUrl")}/__sim/servers/${vmId}`, {
    headers: { authorization: `Bearer ${inject("providerToken")}` },
  });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`simulator servers/${vmId}: ${res.status}`);
  return (await res.json()) as SimServer;
}

export const simSnapshot = () =>
  control<{ jobSeconds: number; servers: SimServer[]; jobs: SimJob[] }>("GET", "state");

/** Job time of create and reinstall jobs started from now on. */
export const setSimJobSeconds = (seconds: number) =>
  control<unknown>("POST", "job-seconds", { seconds });

/** The provider's own figures of a server (its API, not the control routes), as the portal reads them. */
export async function simStatus(
  vmId: number,
): Promise<{ mem: number; memfree: number; state: string }> {
  const res = await fetch(`${inject("providerUrl")}/api/v1/datacenter/server/${vmId}/status`, {
    headers: { authorization: `Bearer ${inject("providerToken")}` },
  });
  const body = (await res.json()) as { result: { mem: number; memfree: number; state: string } };
  return body.result;
}

/**
 * Polls the simulator until the server's power state is `want`: the portal changes it from its
 * provider job runner, after the request that caused it has answered.
 */
export async function waitForPower(
  vmId: number,
  want: "running" | "stopped",
  timeoutMs = 15_000,
): Promise<number> {
  const started = Date.now();
  let last: string | undefined;
  while (Date.now() - started < timeoutMs) {
    last = (await simServer(vmId))?.power;
    if (last === want) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server ${vmId} still ${last ?? "missing"} after ${timeoutMs} ms, want ${want}`);
}
