import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";
import registry from "./api/contracts/remote-registry.json" with { type: "json" };
import { compiledMessages, reactAriaStrings, renderer } from "./shared-ui/vite-app-config.js";

const contracts = fileURLToPath(new URL("./api/contracts/", import.meta.url));
const setup = fileURLToPath(new URL("./vitest.setup.ts", import.meta.url));

/** One unit-test project per web workspace; the e2e suite has its own config (e2e/). */
const project = (name: string, include = ["src/**/*.test.{ts,tsx}"]) => ({
  // vanilla-extract must compile .css.ts in tests too, or every style import throws; message
  // files are compiled as in the builds (English is formatted from the compiled form); React
  // Aria's strings loader resolves (shared-ui imports it; React Aria itself is not bundled here).
  plugins: [
    renderer({ hot: false }),
    vanillaExtractPlugin(),
    compiledMessages(),
    reactAriaStrings(),
  ],
  resolve: { alias: [{ find: /^@contracts\//, replacement: contracts }] },
  test: {
    name,
    root: `./${name}`,
    environment: "jsdom",
    // Each file in its own VM context (still isolated) inside reused forked workers, which Vitest
    // recommends over setting jsdom up in a fresh worker per file: the whole unit suite took about
    // a third of the time and 40 % of the CPU. Forks, not threads: the format tests change
    // process.env.TZ, which a worker thread ignores. vitest.setup.ts adds the web streams.
    pool: "vmForks" as const,
    include,
    setupFiles: [setup],
    passWithNoTests: true,
  },
});

export default defineConfig({
  test: {
    projects: [
      // Repository plumbing (toolchain, images): plain Node, no DOM.
      {
        test: {
          name: "tooling",
          root: "./scripts",
          environment: "node",
          include: ["**/*.test.ts"],
        },
      },
      ...[
        "schema",
        "shared-ui",
        registry.shell.folder,
        ...registry.remotes.map((r) => r.folder),
      ].map((name) => project(name)),
      // React's API on Preact: the adapter's own cases.
      project("react-on-preact", ["tests/**/*.test.tsx"]),
    ],
  },
});
