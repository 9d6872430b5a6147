import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import registry from "./api/contracts/remote-registry.json" with { type: "json" };
import { compiledMessages } from "./shared-ui/vite-app-config.js";

const contracts = fileURLToPath(new URL("./api/contracts/", import.meta.url));
const setup = fileURLToPath(new URL("./vitest.setup.ts", import.meta.url));

/** One unit-test project per web workspace; the e2e suite has its own config (e2e/). */
const project = (name: string) => ({
  // vanilla-extract must compile .css.ts in tests too, or every style import throws; message
  // files are compiled as in the builds (English is formatted from the compiled form).
  plugins: [react(), vanillaExtractPlugin(), compiledMessages()],
  resolve: { alias: [{ find: /^@contracts\//, replacement: contracts }] },
  test: {
    name,
    root: `./${name}`,
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
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
      ].map(project),
    ],
  },
});
