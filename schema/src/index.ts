/**
 * `@hosting-portal/schema`: the part of zod that the contracts (api/contracts) and the web apps
 * use, as one federation singleton (shared-ui/vite-app-config.js). The contracts are written
 * against `zod` itself, because the API (Deno) imports them too; the web builds rewrite their
 * `import { z } from "zod"` to this package (see `contractsUseSharedSchema`), so the shell and
 * every remote evaluate one zod instead of each bundling its own (about 25 KB of gzip and 60 ms
 * of a 4x-throttled CPU per remote page). A share is built whole, so this exports only what is
 * used: `z` here is a plain object of zod's functions, not zod's whole namespace (whose locales
 * and JSON Schema code would be shipped too). A contract that needs another zod function adds it
 * here and raises this package's minor version, which the shell's version contract checks;
 * schema/src/index.test.ts fails when one is missing.
 */
import {
  array,
  boolean,
  coerce,
  config,
  email,
  enum as enumOf,
  ipv4,
  literal,
  NEVER,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  uuid,
  type ZodType,
  type infer as zodInfer,
  type input as zodInput,
  type output as zodOutput,
} from "zod";

export const z = {
  array,
  boolean,
  coerce,
  config,
  email,
  enum: enumOf,
  ipv4,
  literal,
  NEVER,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  uuid,
};

// `z.infer<typeof Schema>` and friends, as with zod's own namespace.
export declare namespace z {
  type infer<T extends ZodType> = zodInfer<T>;
  type input<T extends ZodType> = zodInput<T>;
  type output<T extends ZodType> = zodOutput<T>;
}
