/*
 * Build settings every web app (shell and remotes) must agree on. Imported by their
 * vite.config.ts files; not part of shared-ui's runtime entry.
 */
import { fileURLToPath } from "node:url";

/**
 * Federation singletons: one React, one router, one query cache, one shared-ui (session,
 * toasts, theme CSS) per page. requiredVersion false on shared-ui: it is versioned with the
 * repo, and a remote built earlier must still take the shell's copy rather than load its own
 * (which would duplicate its CSS and its session store).
 */
export const sharedDeps = {
  react: { singleton: true, requiredVersion: "^19.0.0" },
  "react-dom": { singleton: true, requiredVersion: "^19.0.0" },
  "react-router-dom": { singleton: true, requiredVersion: "^7.0.0" },
  "@tanstack/react-query": { singleton: true, requiredVersion: "^5.0.0" },
  "shared-ui": { singleton: true, requiredVersion: false as const },
};

export const contractsAlias = [
  {
    find: /^@contracts\//,
    replacement: fileURLToPath(new URL("../api/contracts/", import.meta.url)),
  },
];

/** Dev-server ports; `npm run dev` (scripts/dev.mjs) uses the same ones. */
export const devPorts = {
  shell: 5173,
  mf_account: 5101,
  mf_shop: 5102,
  mf_services: 5103,
  mf_admin: 5104,
} as const;

export const apiDevTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`;
