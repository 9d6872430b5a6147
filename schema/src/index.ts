/**
 * `@hosting-portal/schema`: the part of zod that the contracts (api/contracts) and the web apps
 * use, as one federation singleton (shared-ui/vite-app-config.js). The contracts are written
 * against `zod/mini` itself, because the API (Deno) imports them too; the web builds rewrite their
 * `import { z } from "zod/mini"` to this package (see `contractsUseSharedSchema`), so the shell
 * and every remote evaluate one zod instead of each bundling its own. zod/mini rather than
 * classic zod: its schemas carry no methods beyond parsing, so only the functions named here are
 * shipped (classic zod is about 26 KB of gzip whatever is used). A share is built whole, so this
 * exports only what is used: `z` here is a plain object of zod/mini's functions, not zod's whole
 * namespace (whose locales and JSON Schema code would be shipped too). A contract that needs
 * another zod function adds it here and raises this package's minor version, which the shell's
 * version contract checks; schema/src/index.test.ts fails when one is missing.
 */
import type { core } from "zod/mini";
import {
  _default,
  array,
  boolean,
  coerce,
  config,
  describe,
  email,
  enum as enumOf,
  extend,
  gte,
  int,
  ipv4,
  literal,
  lte,
  maxLength,
  minLength,
  NEVER,
  nullable,
  nullish,
  number,
  object,
  optional,
  pick,
  pipe,
  positive,
  record,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  toUpperCase,
  transform,
  trim,
  union,
  unknown,
  uuid,
  type infer as zodInfer,
  type input as zodInput,
  type output as zodOutput,
} from "zod/mini";
import en from "zod/v4/locales/en.js";

export const z = {
  _default,
  array,
  boolean,
  coerce,
  config,
  describe,
  email,
  enum: enumOf,
  extend,
  gte,
  int,
  ipv4,
  literal,
  // English messages only (api/contracts/csp.ts loads them); zod's other locales stay out.
  locales: { en },
  lte,
  maxLength,
  minLength,
  NEVER,
  nullable,
  nullish,
  number,
  object,
  optional,
  pick,
  pipe,
  positive,
  record,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  toUpperCase,
  transform,
  trim,
  union,
  unknown,
  uuid,
};

/**
 * zod's own messages ("Too big: expected string to have <=128 characters", which no contract
 * words itself) in the portal's other languages, for the forms' parse (shared-ui's parseForm): a
 * chunk each, loaded only when a page is in that language. The API words its answers with the
 * same locales (api/src/platform/openapi.ts). Loaded here, beside the zod they belong to, so the
 * share keeps zod's internals they use to itself instead of a chunk of them every page would load.
 */
export const zodLocales = {
  de: () => import("zod/v4/locales/de.js"),
  fr: () => import("zod/v4/locales/fr.js"),
  nl: () => import("zod/v4/locales/nl.js"),
};

// `z.infer<typeof Schema>` and friends, as with zod's own namespace.
export declare namespace z {
  type infer<T extends core.SomeType> = zodInfer<T>;
  type input<T extends core.SomeType> = zodInput<T>;
  type output<T extends core.SomeType> = zodOutput<T>;
}
