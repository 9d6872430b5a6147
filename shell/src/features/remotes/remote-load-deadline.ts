/**
 * A remote that answers its manifest but then never delivers its entry or page chunk ends in
 * the error panel after this long (the manifest itself has REMOTE_FETCH_POLICY's budget).
 * Under `npm run dev` a remote's dev server compiles its modules on their first request, which
 * takes far longer than a built remote's download on a busy laptop: there the wait is a minute,
 * so a first cold page is not mistaken for an outage (a stopped dev server still fails at once,
 * its connection refused).
 */
export const REMOTE_LOAD_DEADLINE_MS = import.meta.env.DEV ? 60_000 : 4_500;

export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
