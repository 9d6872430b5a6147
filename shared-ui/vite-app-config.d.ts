import type { Plugin, PluginOption, Rolldown, UserConfigFnObject } from "vite";

export declare const sharedUiVersion: string;
export declare const sharedDeps: Record<string, { singleton: boolean; requiredVersion: string }>;
export declare const sharedDepVersions: Record<string, string>;
export declare const importMapShared: Record<string, Record<string, never>>;
export declare function reactAriaStrings(): Plugin;
/** @deprecated use reactAriaStrings() */
export declare function reactAriaEnglishOnly(): Plugin;
export declare function contractsUseSharedSchema(): Plugin;
export declare function compiledMessages(): Plugin;
export declare function precompressed(): Plugin;
/** JSX to React's API on Preact (react-on-preact/); Prefresh in dev unless `hot: false`. */
export declare function renderer(options?: { hot?: boolean }): Promise<PluginOption[]>;
export declare function staticImportsOf(
  bundle: Rolldown.OutputBundle,
  fileName: string,
): { js: Set<string>; css: Set<string> };
export declare const contractsAlias: { find: RegExp; replacement: string }[];
export interface PortalApp {
  folder: string;
  package: string;
  federation: string;
  devPort: number;
}
export declare const apps: PortalApp[];
export declare const defaultDevPorts: Record<string, number>;
export declare function devPortEnv(federation: string): string;
export declare function remoteUrlEnv(federation: string): string;
export declare function devPort(app: string): number;
export declare const apiDevTarget: string;
export declare function remoteViteConfig(dir: string): UserConfigFnObject;
