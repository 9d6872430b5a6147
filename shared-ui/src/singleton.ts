/**
 * One instance per page, kept on globalThis: shared-ui is a federation singleton, and this is
 * the second line of defence should a remote ever bundle its own copy of it anyway.
 */
export function pageSingleton<T>(key: string, create: () => T): T {
  const g = globalThis as Record<string, unknown>;
  if (!(key in g)) g[key] = create();
  return g[key] as T;
}
