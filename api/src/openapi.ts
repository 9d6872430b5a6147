import type { Context, Hono, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { findNullCharacter, NULL_CHARACTER_MESSAGE } from "../contracts/common.ts";
import { ErrorBody, ErrorCode } from "../contracts/errors.ts";
import type { AppEnv } from "./context.ts";
import { HttpError } from "./http-error.ts";

/**
 * A tiny OpenAPI layer over plain Hono: `describe()` and `validate()` are ordinary middleware that
 * also carry their zod schemas, and `openApiDocument()` reads them back from `app.routes`. One
 * definition of each schema (api/contracts) serves validation, types and documentation.
 */
const META = Symbol("openapi");

type Target = "json" | "query" | "param" | "header";
interface RouteDoc {
  summary: string;
  tags?: string[];
  /** Response body schema for the success status; omit for empty (204) responses. */
  response?: z.ZodType;
  status?: number;
  /** False for public routes; everything else requires a bearer token. */
  auth?: boolean;
}
interface Meta {
  doc?: RouteDoc;
  request?: { target: Target; schema: z.ZodType };
}

const tag = <T extends object>(mw: T, meta: Meta): T => Object.assign(mw, { [META]: meta });

export function describe(doc: RouteDoc): MiddlewareHandler {
  return tag(async (_c, next) => await next(), { doc });
}

/** Validates one part of the request with a contract schema; the first issue's message is the error. */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  const mw = validator(target, (value: unknown) => {
    // Issue 16: Postgres refuses U+0000 in text; say so clearly instead of failing later with 500.
    const nul = findNullCharacter(value);
    if (nul) throw new HttpError(422, ErrorCode.validation, `${nul} ${NULL_CHARACTER_MESSAGE}`);
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(result.error);
    return result.data as z.output<S>;
  });
  return tag(mw, { request: { target, schema } });
}

export function validationError(error: z.ZodError): HttpError {
  const first = error.issues[0];
  return new HttpError(422, ErrorCode.validation, first?.message ?? "Invalid request");
}

/** Parses a JSON body that a handler reads itself (e.g. webhooks), with the same error shape. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, ErrorCode.validation, "Request body must be JSON");
  }
}

export function openApiDocument(app: Hono<AppEnv>, info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const grouped = new Map<string, Meta[]>();
  for (const route of app.routes) {
    const meta = (route.handler as unknown as Record<symbol, Meta>)[META];
    if (!meta || route.method === "ALL") continue;
    const key = `${route.method.toLowerCase()} ${route.path}`;
    grouped.set(key, [...(grouped.get(key) ?? []), meta]);
  }
  const errorSchema = z.toJSONSchema(ErrorBody);
  for (const [key, metas] of grouped) {
    const [method, path] = key.split(" ") as [string, string];
    const doc = metas.find((m) => m.doc)?.doc;
    if (!doc) continue;
    const openPath = path.replace(/:(\w+)/g, "{$1}");
    const parameters: unknown[] = [...path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    let requestBody: unknown;
    for (const { request } of metas) {
      if (!request) continue;
      const schema = z.toJSONSchema(request.schema, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      if (request.target === "json") {
        requestBody = { required: true, content: { "application/json": { schema } } };
      } else if (request.target === "query" || request.target === "header") {
        for (const [name, s] of Object.entries(schema.properties ?? {})) {
          parameters.push({
            name,
            in: request.target,
            required: schema.required?.includes(name) ?? false,
            schema: s,
          });
        }
      }
    }
    const status = String(doc.status ?? (doc.response ? 200 : 204));
    paths[openPath] ??= {};
    paths[openPath][method] = {
      summary: doc.summary,
      tags: doc.tags,
      ...(doc.auth === false ? {} : { security: [{ bearer: [] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        [status]: doc.response
          ? {
              description: "Success",
              content: {
                "application/json": {
                  schema: z.toJSONSchema(doc.response, { io: "output", unrepresentable: "any" }),
                },
              },
            }
          : { description: "Success, no body" },
        default: { description: "Error", content: { "application/json": { schema: errorSchema } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths,
  };
}
