import { remotes } from "@contracts/remote-registry.ts";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Icon } from "../features/layout/components/icons";
import { navEntries } from "../features/layout/components/side-nav";
import en from "../messages/en.json";
import { remoteRoutes } from "./routes";

/** The shell's reading of api/contracts/remote-registry.json: routes and side navigation. */
describe("remote registry in the shell", () => {
  it("routes every registered page to its remote's expose, admin pages behind the guard", () => {
    const pages = remotes.flatMap((r) => r.pages.map((p) => ({ r, p })));
    expect(remoteRoutes).toHaveLength(pages.length);
    for (const { r, p } of pages)
      expect(remoteRoutes).toContainEqual({
        path: p.path,
        id: `${r.federation}/${p.expose}`,
        admin: !!p.admin,
      });
  });

  it("gives each navigation entry a message of the shell and an icon it has", () => {
    const entries = (["main", "products", "admin"] as const).flatMap(navEntries);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(Object.keys(en), e.to).toContain(e.message);
      const { container, unmount } = render(<Icon name={e.icon} />);
      expect(container.querySelector("path")?.getAttribute("d"), e.to).toBeTruthy();
      unmount();
    }
  });
});
