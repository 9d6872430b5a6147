const LEVELS = { info: 0, warn: 1, error: 2, silent: 3 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;
const threshold = LEVELS[(Deno.env.get("LOG_LEVEL") ?? "info") as keyof typeof LEVELS] ?? 0;

/** Whether `log(level, ...)` writes anything: a hot path skips building the fields when not. */
export const logs = (level: Level) => LEVELS[level] >= threshold;

/** JSON lines on stdout. Never pass passwords, tokens or query parameters in `fields`. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}
