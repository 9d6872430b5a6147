import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateKeys, queryKeys } from "./query-keys";

/** A client holding fresh data under every `keys`, none of it invalidated yet. */
function cacheWith(keys: readonly QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: key });
  return client;
}

const invalidated = (client: QueryClient, keys: readonly QueryKey[]) =>
  keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));

/** Every concrete key the apps query, with sample arguments. */
const pageKeys: Record<string, QueryKey> = {
  "auth.user": queryKeys.auth.user,
  "account.profile": queryKeys.account.profile,
  "account.transactions(50)": queryKeys.account.transactions(50),
  "products.byType(vps)": queryKeys.products.byType("vps"),
  "products.byType(dedicated)": queryKeys.products.byType("dedicated"),
  "products.admin": queryKeys.products.admin,
  "orders.mine": queryKeys.orders.mine,
  "orders.admin": queryKeys.orders.admin,
  "services.mine": queryKeys.services.mine,
  "services.one(a)": queryKeys.services.one("a"),
  "services.one(b)": queryKeys.services.one("b"),
  "services.admin": queryKeys.services.admin,
  "users.admin": queryKeys.users.admin,
  "audit.admin": queryKeys.audit.admin,
  "mfa.factors": queryKeys.mfa.factors,
  "billing.config": queryKeys.billing.config,
};
const allPageKeys = Object.values(pageKeys);

/** Which page keys invalidating `prefix` marks stale. */
async function reach(prefix: QueryKey): Promise<string[]> {
  const client = cacheWith(allPageKeys);
  await client.invalidateQueries({ queryKey: prefix });
  return Object.entries(pageKeys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe("query keys (the cross-app contract)", () => {
  it("gives every page its own key", () => {
    const hashes = allPageKeys.map((key) => JSON.stringify(key));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("puts every key of a resource under that resource's `all` prefix", () => {
    for (const [resource, keys] of Object.entries(queryKeys)) {
      expect(keys.all).toEqual([resource]);
      for (const [name, key] of Object.entries(keys)) {
        const sample = typeof key === "function" ? key(name === "transactions" ? 10 : "x") : key;
        expect(sample.slice(0, 1), `${resource}.${name}`).toEqual(keys.all);
      }
    }
  });

  it("products.all reaches the shop's VPS and dedicated lists and the admin table, nothing else", async () => {
    expect(await reach(queryKeys.products.all)).toEqual([
      "products.byType(vps)",
      "products.byType(dedicated)",
      "products.admin",
    ]);
    expect(await reach(queryKeys.products.shop)).toEqual([
      "products.byType(vps)",
      "products.byType(dedicated)",
    ]);
  });

  it("orders.all and services.all reach the customer's and the admin's views", async () => {
    expect(await reach(queryKeys.orders.all)).toEqual(["orders.mine", "orders.admin"]);
    expect(await reach(queryKeys.services.all)).toEqual([
      "services.mine",
      "services.one(a)",
      "services.one(b)",
      "services.admin",
    ]);
  });

  it("services.mine reaches the caller's list and every open service page, not the admin table", async () => {
    expect(await reach(queryKeys.services.mine)).toEqual([
      "services.mine",
      "services.one(a)",
      "services.one(b)",
    ]);
    expect(await reach(queryKeys.services.one("a"))).toEqual(["services.one(a)"]);
  });

  it("account.all (every money movement) reaches the balance and the transaction history", async () => {
    expect(await reach(queryKeys.account.all)).toEqual([
      "account.profile",
      "account.transactions(50)",
    ]);
  });

  it("leaves sign-in, second factors and billing settings out of every resource prefix", async () => {
    for (const prefix of [
      queryKeys.products.all,
      queryKeys.orders.all,
      queryKeys.services.all,
      queryKeys.users.all,
      queryKeys.audit.all,
      queryKeys.account.all,
    ]) {
      const reached = await reach(prefix);
      expect(reached).not.toContain("auth.user");
      expect(reached).not.toContain("mfa.factors");
      expect(reached).not.toContain("billing.config");
    }
  });

  it("invalidateKeys invalidates under each prefix given and leaves the rest", async () => {
    const client = cacheWith(allPageKeys);
    await invalidateKeys(client, [queryKeys.account.all, queryKeys.orders.all]);
    expect(invalidated(client, allPageKeys)).toEqual([
      JSON.stringify(queryKeys.account.profile),
      JSON.stringify(queryKeys.account.transactions(50)),
      JSON.stringify(queryKeys.orders.mine),
      JSON.stringify(queryKeys.orders.admin),
    ]);
  });
});

describe("query key usage", () => {
  const root = resolve(import.meta.dirname, "../../..");
  const appDirs = ["shared-ui/src", "shared-ui/dev", "shell/src"].concat(
    readdirSync(root)
      .filter((name) => name.startsWith("mf-"))
      .map((name) => `${name}/src`),
  );
  // A key written out as an array literal instead of taken from `queryKeys`.
  const literalKey = /queryKey:\s*\[|(?:QueryData|QueryState|QueriesData)\(\s*\[/;

  it("no app writes a query key as a literal array (the rule of the contract)", () => {
    const offenders: string[] = [];
    for (const dir of appDirs) {
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const lines = readFileSync(join(root, dir, file), "utf8").split("\n");
        lines.forEach((line, i) => {
          if (literalKey.test(line)) offenders.push(`${dir}/${file}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});
