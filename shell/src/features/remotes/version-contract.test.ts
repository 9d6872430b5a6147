import { describe, expect, it } from "vitest";
import { sharedRequirements, versionMismatches } from "./version-contract";

const manifest = (requiredVersion: string) => ({
  shared: [
    { name: "react", singleton: true, requiredVersion: "^19.0.0" },
    { name: "@hosting-portal/shared-ui", singleton: true, requiredVersion },
    { name: "not-provided", singleton: true, requiredVersion: "^1.0.0" },
  ],
});
const shell = { react: "19.3.1", "@hosting-portal/shared-ui": "1.1.0" };

describe("the version contract between the shell and a remote", () => {
  it("accepts a remote built against the same or an older minor of shared-ui", () => {
    expect(versionMismatches(sharedRequirements(manifest("^1.1.0")), shell)).toEqual([]);
    expect(versionMismatches(sharedRequirements(manifest("^1.0.0")), shell)).toEqual([]);
  });

  it("refuses a remote built against a newer minor or another major", () => {
    expect(versionMismatches(sharedRequirements(manifest("^1.2.0")), shell)).toEqual([
      { name: "@hosting-portal/shared-ui", required: "^1.2.0", provided: "1.1.0" },
    ]);
    expect(versionMismatches(sharedRequirements(manifest("^2.0.0")), shell)).toHaveLength(1);
  });

  it("reads a malformed manifest as asking nothing", () => {
    expect(sharedRequirements(null)).toEqual([]);
    expect(sharedRequirements({ shared: "x" })).toEqual([]);
    expect(sharedRequirements({ shared: [1, { nope: true }] })).toEqual([]);
  });
});
