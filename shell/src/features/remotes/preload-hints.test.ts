import { afterEach, describe, expect, it } from "vitest";
import { addPreloadLinks, pagePreloads, sharedUiPreloads } from "./preload-hints";

const MANIFEST_URL = "https://cdn.example.test/mf-services/mf-manifest.json";

/** The shape @module-federation/vite writes (publicPath "auto": assets next to the manifest). */
const manifest = {
  metaData: {
    publicPath: "auto",
    remoteEntry: { name: "remoteEntry.js", path: "", type: "module" },
  },
  exposes: [
    {
      name: "DashboardPage",
      assets: {
        js: { sync: ["assets/dashboard-page-1.js", "assets/services-2.js"], async: ["x.js"] },
        css: { sync: ["assets/services-3.css"], async: ["assets/src-4.css"] },
      },
    },
    { name: "ServicePage", assets: { js: { sync: ["assets/service-page-5.js"] } } },
  ],
};

describe("pagePreloads", () => {
  it("names the remote entry, then the exposed page's own chunks and styles", () => {
    expect(pagePreloads(manifest, MANIFEST_URL, "DashboardPage")).toEqual({
      modules: [
        "https://cdn.example.test/mf-services/remoteEntry.js",
        "https://cdn.example.test/mf-services/assets/dashboard-page-1.js",
        "https://cdn.example.test/mf-services/assets/services-2.js",
      ],
      styles: ["https://cdn.example.test/mf-services/assets/services-3.css"],
    });
  });

  it("resolves against an explicit publicPath", () => {
    const m = { ...manifest, metaData: { ...manifest.metaData, publicPath: "/static/shop/" } };
    expect(pagePreloads(m, MANIFEST_URL, "ServicePage").modules).toEqual([
      "https://cdn.example.test/static/shop/remoteEntry.js",
      "https://cdn.example.test/static/shop/assets/service-page-5.js",
    ]);
  });

  it("gives no hint for an unknown page or a manifest of another shape", () => {
    const none = { modules: [], styles: [] };
    expect(pagePreloads(manifest, MANIFEST_URL, "OrdersPage")).toEqual(none);
    expect(pagePreloads(null, MANIFEST_URL, "DashboardPage")).toEqual(none);
    expect(pagePreloads({ exposes: "x" }, MANIFEST_URL, "DashboardPage")).toEqual(none);
    expect(
      pagePreloads(
        { metaData: {}, exposes: [{ name: "DashboardPage", assets: { js: { sync: [1, null] } } }] },
        MANIFEST_URL,
        "DashboardPage",
      ),
    ).toEqual(none);
  });
});

describe("addPreloadLinks", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("adds one modulepreload per module and one style preload per sheet, once", () => {
    const hints = {
      modules: ["https://cdn.example.test/a.js", "https://cdn.example.test/b.js"],
      styles: ["https://cdn.example.test/a.css"],
    };
    addPreloadLinks(hints);
    addPreloadLinks(hints);
    const links = [...document.head.querySelectorAll("link")];
    expect(links.map((l) => [l.rel, l.href, l.getAttribute("as"), l.crossOrigin])).toEqual([
      ["modulepreload", "https://cdn.example.test/a.js", null, null],
      ["modulepreload", "https://cdn.example.test/b.js", null, null],
      ["preload", "https://cdn.example.test/a.css", "style", "anonymous"],
    ]);
  });

  it("leaves out what the page has loaded already", () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/frame.css">';
    addPreloadLinks({ modules: [], styles: ["/assets/frame.css", "/assets/share.css"] });
    const preloads = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(preloads.map((l) => new URL((l as HTMLLinkElement).href).pathname)).toEqual([
      "/assets/share.css",
    ]);
  });
});

describe("sharedUiPreloads", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("reads the built shell's list of shared-ui chunks", () => {
    document.head.innerHTML =
      '<meta name="portal-shared-ui-chunks" content="/assets/src-1.js /assets/src-2.css  /assets/TextField-3.js">';
    expect(sharedUiPreloads()).toEqual({
      modules: ["/assets/src-1.js", "/assets/TextField-3.js"],
      styles: ["/assets/src-2.css"],
    });
  });

  it("is empty in dev, where no list is written", () => {
    expect(sharedUiPreloads()).toEqual({ modules: [], styles: [] });
  });
});
