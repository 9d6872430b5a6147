import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
/** Evaluated in the page: the CSP refuses an inline script tag. */
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.2 AA and everything below it. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeViolation {
  id: string;
  impact: string;
  nodes: number;
  /** Up to three offending elements (selector and the start of their HTML) and why. */
  sample: string;
}

/** axe-core's violations of AXE_TAGS on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    // React Aria's live announcer (a visually hidden log of messages for screen readers) labels
    // each message by an element it removes a moment later: not content of ours.
    const res = await axe.run(
      { include: [document], exclude: [["[data-live-announcer]"]] },
      {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      },
    );
    // biome-ignore lint/suspicious/noExplicitAny: axe result objects
    return res.violations.map((v: any) => ({
      id: v.id as string,
      impact: (v.impact ?? "") as string,
      nodes: v.nodes.length as number,
      sample: v.nodes
        .slice(0, 3)
        .map(
          // biome-ignore lint/suspicious/noExplicitAny: axe node objects
          (n: any) =>
            `${n.target.join(" ")} ${String(n.html).slice(0, 160)} :: ${n.failureSummary?.split("\n")[1] ?? ""}`,
        )
        .join(" | "),
    }));
  }, AXE_TAGS);
}

/** The serious and critical violations, once animations have ended, as `id: elements` lines. */
export async function seriousAxe(page: Page): Promise<string[]> {
  // A dialog fading in has text at part opacity, which axe reads as low contrast.
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  return (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.sample}`);
}

/** How far the page scrolls sideways (0 = it does not). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
