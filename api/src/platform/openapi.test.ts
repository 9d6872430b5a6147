import assert from "node:assert/strict";
import { messages } from "../../contracts/auth.ts";
import { createApp } from "../app.ts";
import { errorOf, json, startTestApi, type TestApi, test } from "./testing.ts";

/**
 * The API description is good enough for other teams to generate clients from, and it
 * stays complete: every route of the app is documented, with an operationId, its security and its
 * error responses in the one error body.
 */

type Ref = { $ref: string };
type Response = Ref | { description: string; content?: Record<string, { schema: unknown }> };
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string }>;
  };
}

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());
const document = await json<Document>(await api.fetch("/api/openapi.json"));
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    label: `${method.toUpperCase()} ${path}`,
    path,
    operation,
  })),
);

/** A component response, followed through its $ref. */
const resolve = (response: Response) => {
  if (!("$ref" in response)) return response;
  const name = response.$ref.replace("#/components/responses/", "");
  const target = document.components.responses[name];
  assert.ok(target && !("$ref" in target), `${response.$ref} is defined`);
  return target;
};

test("openapi: every /api route of the app is documented, and nothing else", () => {
  const routes = new Set(
    createApp(api.deps)
      .routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .filter((r) => r.path !== "/api/openapi.json" && !r.path.startsWith("/api/docs"))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
  );
  const documented = new Set(operations.map((o) => o.label));
  assert.ok(routes.size > 40, `routes found (${routes.size})`);
  assert.deepEqual(
    [...routes].filter((r) => !documented.has(r)),
    [],
    "undocumented routes",
  );
  assert.deepEqual(
    [...documented].filter((r) => !routes.has(r)),
    [],
    "documented, no such route",
  );
});

test("openapi: operationIds are present, camelCase and unique", () => {
  const ids = operations.map((o) => o.operation.operationId);
  for (const [i, id] of ids.entries()) {
    assert.match(id ?? "", /^[a-z][a-zA-Z0-9]+$/, `operationId of ${operations[i]!.label}`);
  }
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.deepEqual(repeated, [], "operationIds used twice");
});

test("openapi: every operation states its security, with schemes the document defines", () => {
  const schemes = document.components.securitySchemes;
  assert.deepEqual(schemes.bearerAuth, {
    ...schemes.bearerAuth,
    type: "http",
    scheme: "bearer",
  });
  assert.equal(schemes.refreshCookie?.in, "cookie");
  for (const { label, operation } of operations) {
    assert.ok(Array.isArray(operation.security), `security of ${label}`);
    for (const requirement of operation.security) {
      for (const name of Object.keys(requirement)) assert.ok(schemes[name], `${label}: ${name}`);
    }
    // A route behind a token answers 401 without one, and says so.
    if (
      operation.security.some((r) => "bearerAuth" in r) &&
      !operation.security.some((r) => !Object.keys(r).length)
    ) {
      assert.ok(operation.responses["401"], `${label} documents 401`);
    }
  }
  // Public routes say so explicitly rather than by omission.
  assert.deepEqual(document.paths["/api/auth/sign-in"]?.post?.security, []);
  assert.deepEqual(document.paths["/api/auth/refresh"]?.post?.security, [{ refreshCookie: [] }]);
  // A customer route takes the session's token or an API token; a session route only the first.
  assert.deepEqual(document.paths["/api/services"]?.get?.security, [
    { bearerAuth: [] },
    { apiToken: [] },
  ]);
  assert.deepEqual(document.paths["/api/auth/sessions"]?.get?.security, [{ bearerAuth: [] }]);
  assert.ok(document.servers?.length, "servers");
});

test("openapi: every operation has a success response and its error responses, all in ErrorBody", () => {
  const errorBody = document.components.schemas.ErrorBody;
  assert.deepEqual(errorBody?.required, ["error"]);
  const withoutClientError: string[] = [];
  for (const { label, operation } of operations) {
    const statuses = Object.keys(operation.responses);
    assert.ok(
      statuses.some((s) => /^2\d\d$/.test(s)),
      `${label}: a 2xx response`,
    );
    if (!statuses.some((s) => /^4\d\d$/.test(s))) withoutClientError.push(label);
    assert.ok(operation.responses["503"], `${label}: 503 (database unreachable, stopping)`);
    for (const status of statuses.filter((s) => /^[45]\d\d$/.test(s))) {
      const response = resolve(operation.responses[status]!);
      assert.deepEqual(
        response.content?.["application/json"]?.schema,
        { $ref: "#/components/schemas/ErrorBody" },
        `${label} ${status} is an ErrorBody`,
      );
    }
    // Validated input: a refused part is a 422, a body that is not JSON a 400.
    if (operation.requestBody || operation.parameters?.length) {
      assert.ok(operation.responses["422"], `${label}: 422 for refused input`);
    }
    if (operation.requestBody) assert.ok(operation.responses["400"], `${label}: 400 for bad JSON`);
  }
  // The billing configuration is public and reads no input: it has no client error to document.
  assert.deepEqual(withoutClientError, ["GET /api/billing/config"]);
});

test("openapi: the documented error answers are what the API answers", async () => {
  const op = document.paths["/api/auth/signup"]!.post!;
  assert.ok(op.responses["422"] && op.responses["400"]);
  // The first zod issue's message, as before the document came from hono-openapi.
  const invalid = await api.fetch("/api/auth/signup", {
    method: "POST",
    json: { username: "ab", email: "new@example.com", password: "secret123" },
  });
  assert.equal(invalid.status, 422);
  assert.deepEqual(await errorOf(invalid), {
    code: "validation_error",
    message: messages.usernameMin,
  });
  const nul = await api.fetch("/api/auth/signup", {
    method: "POST",
    json: { username: "a\u0000b", email: "x", password: "" },
  });
  assert.equal(nul.status, 422);
  assert.equal((await errorOf(nul)).message, "username must not contain null characters (\\u0000)");
  const notJson = await api.fetch("/api/auth/signup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{",
  });
  assert.equal(notJson.status, 400);
  assert.equal((await errorOf(notJson)).code, "validation_error");
  const anonymous = await api.fetch("/api/services");
  assert.equal(anonymous.status, 401);
  assert.equal((await errorOf(anonymous)).code, "unauthorized");
});

test("openapi: the docs page loads swagger-ui and the document", async () => {
  const page = await api.fetch("/api/docs");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /swagger-ui-bundle\.js/);
  const init = await api.fetch("/api/docs/init.js");
  assert.match(await init.text(), /url: "\/api\/openapi\.json"/);
  const bundle = await api.fetch("/api/docs/swagger-ui-bundle.js");
  assert.equal(bundle.status, 200);
  assert.ok((await bundle.arrayBuffer()).byteLength > 100_000);
});
