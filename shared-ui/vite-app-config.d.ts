import type { Plugin, UserConfigFnObject } from "vite";

export declare const sharedUiVersion: string;
export declare const sharedDeps: Record<string, { singleton: boolean; requiredVersion: string }>;
export declare function reactAriaEnglishOnly(): Plugin;
export declare function contractsUseSharedSchema(): Plugin;
export declare function compiledMessages(): Plugin;
export declare function precompressed(): Plugin;
export declare const contractsAlias: { find: RegExp; replacement: string }[];
export declare const defaultDevPorts: {
  shell: number;
  mf_account: number;
  mf_shop: number;
  mf_services: number;
  mf_admin: number;
  mf_support: number;
};
export declare function devPort(app: keyof typeof defaultDevPorts): number;
export declare const apiDevTarget: string;
export declare function remoteViteConfig(remote: {
  name: Exclude<keyof typeof defaultDevPorts, "shell">;
  exposes: Record<string, string>;
}): UserConfigFnObject;
