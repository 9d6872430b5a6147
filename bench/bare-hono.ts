// Baseline: the HTTP limit of this machine — a Hono route on Deno returning a constant JSON body.
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.json({ status: "ok", items: [1, 2, 3] }));
const port = Number(Deno.args[0] ?? 0);
Deno.serve(
  { port, hostname: "127.0.0.1", onListen: ({ port }) => console.log(`listening ${port}`) },
  app.fetch,
);
