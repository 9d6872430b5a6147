import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);

// "issue" and a number: a pointer into an issue tracker the repository does not hold. A reader of
// the code cannot follow it, so a comment or a test name says the reason itself instead.
const ISSUE_REFERENCE = /\bissues?\s+#?\d+/i;

// Generated or third-party text, and the prose documents (they may name a tracker's issue).
const SKIPPED = [/(^|\/)package-lock\.json$/, /\.md$/, /(^|\/)LICENSE$/];

/** Every tracked text file outside SKIPPED, as `path:line: text` for each reference found. */
function issueReferences(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && !SKIPPED.some((s) => s.test(f)));
  const found: string[] = [];
  for (const file of files) {
    const url = new URL(file, root);
    // A tracked file deleted in the working tree (someone's change under way) has nothing to read.
    if (!existsSync(url)) continue;
    const text = readFileSync(url, "utf8");
    if (!ISSUE_REFERENCE.test(text)) continue;
    text.split("\n").forEach((line, i) => {
      if (ISSUE_REFERENCE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("comments", () => {
  it("say the reason in place, not an issue number", () => {
    expect(issueReferences()).toEqual([]);
  });
});
