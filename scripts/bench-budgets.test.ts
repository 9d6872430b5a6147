import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { budgets } from "../bench/budgets.mjs";

const result = (file: string) =>
  JSON.parse(readFileSync(new URL(`../bench/results/${file}`, import.meta.url), "utf8"));

describe("bench budgets", () => {
  // `npm run bench -- --only pages` has page results and no API reads: its budgets were skipped.
  it("checks the page budgets of a pages-only run", () => {
    const names = budgets(result("latest-pages.json")).map((b) => b.name);
    expect(names).toContain("shell initial JS <= 150 KB gzip");
    expect(names).toContain("/dashboard cold load JS <= 200 KB gzip");
    expect(names).toContain("every page load showed its data");
    expect(names.some((n) => n.startsWith("GET ") || n.startsWith("purchases"))).toBe(false);
  });

  it("checks every scenario of a full run", () => {
    // The stored full run predates some page fields: its page results come from the pages run.
    const pages = result("latest-pages.json");
    const full = { ...result("latest.json"), pages: pages.pages, pagesDesktop: pages.pagesDesktop };
    const names = budgets(full).map((b) => b.name);
    for (const budget of [
      "GET services p99 < 25 ms",
      "money invariants hold",
      "shell initial JS <= 150 KB gzip",
    ])
      expect(names).toContain(budget);
  });
});
