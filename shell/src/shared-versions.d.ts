/** The version of each federation share the shell's build gives the remotes (shell/vite.config.ts). */
declare const __PORTAL_SHARED_VERSIONS__: Record<string, string>;
