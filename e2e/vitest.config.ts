import { defineConfig } from "vitest/config";

/** End-to-end suite: one portal (`npm start` build) for all files, driven by Debian chromium. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page under a loaded CI machine can take seconds to render what a poll waits for
    // (a reload's form, a chart after its data); expect.poll's own default is 1 s.
    expect: { poll: { timeout: 15_000 } },
    reporters: ["default"],
  },
});
