import { pages } from "virtual:portal-single-pages";
import type { PageRoute } from "@contracts/remote-registry.ts";
import { RemoteLoadError } from "../features/remotes/remote-errors";

/** Single-bundle stand-in for features/remotes/remote-page.tsx: renders the page directly. */
export function RemotePage({ route: { id } }: { route: PageRoute }) {
  const Page = pages[id]?.default;
  if (!Page) throw new RemoteLoadError(id.split("/")[0] ?? id, new Error(`${id} is not built in`));
  return <Page />;
}

export function forgetRemotePages(_remote: string): void {}
