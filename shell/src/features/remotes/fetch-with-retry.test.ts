import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchWithRetry, HttpStatusError, type RetryPolicy } from "./fetch-with-retry";

const fast: RetryPolicy = {
  attempts: 3,
  backoffMs: [5, 5],
  budgetMs: 1_000,
  attemptTimeoutMs: 500,
};

function answering(...answers: (number | "network")[]) {
  const fetchMock = vi.fn(async () => {
    const a = answers.shift() ?? 200;
    if (a === "network") throw new TypeError("Failed to fetch");
    return new Response("{}", { status: a });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchWithRetry", () => {
  it("retries what may pass (5xx, network) and returns the first success", async () => {
    const f = answering(503, "network", 200);
    expect((await fetchWithRetry("/m.json", {}, fast)).status).toBe(200);
    expect(f).toHaveBeenCalledTimes(3);
  });

  it("stops at the attempt limit with the last error", async () => {
    const f = answering(503, 503, 503, 503);
    await expect(fetchWithRetry("/m.json", {}, fast)).rejects.toBeInstanceOf(HttpStatusError);
    expect(f).toHaveBeenCalledTimes(3);
  });

  it("does not retry a 404", async () => {
    const f = answering(404);
    await expect(fetchWithRetry("/m.json", {}, fast)).rejects.toMatchObject({ status: 404 });
    expect(f).toHaveBeenCalledTimes(1);
  });

  it("gives up within its time budget when nothing answers", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
          ),
      ),
    );
    const t0 = Date.now();
    await expect(
      fetchWithRetry("/m.json", {}, { ...fast, budgetMs: 300, attemptTimeoutMs: 200 }),
    ).rejects.toBeDefined();
    expect(Date.now() - t0).toBeLessThan(600);
  });
});
