import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi, resetPortalState } from "../testing";
import { ApiError } from "./api-error";
import { downloadFile } from "./download";

// jsdom neither makes object URLs nor downloads: record what is handed to the browser instead.
const saved: { blobs: Blob[]; names: string[]; revoked: string[] } = {
  blobs: [],
  names: [],
  revoked: [],
};
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  saved.blobs = [];
  saved.names = [];
  saved.revoked = [];
  URL.createObjectURL = (blob: Blob) => {
    saved.blobs.push(blob);
    return `blob:test/${saved.blobs.length}`;
  };
  URL.revokeObjectURL = (url: string) => {
    saved.revoked.push(url);
  };
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.names.push(this.download);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke ?? (() => undefined);
  resetPortalState();
});

describe("downloadFile", () => {
  it("fetches with the bearer token and saves the body under the file name, then frees the URL", async () => {
    const net = mockApi({ "GET /api/files/:id": () => new Response("%PDF-1.7 bytes") });
    await net.signIn();
    await downloadFile("/api/files/1", "2026-000001.pdf", "application/pdf");
    const [request] = net.callsTo("GET /api/files/:id");
    expect(request?.headers.get("authorization")).toMatch(/^Bearer \S+/);
    expect(request?.headers.get("accept")).toBe("application/pdf");
    expect(saved.names).toEqual(["2026-000001.pdf"]);
    expect(await saved.blobs[0]?.text()).toBe("%PDF-1.7 bytes");
    expect(document.querySelector("a[download]")).toBeNull();
    expect(saved.revoked).toEqual([]);
    vi.runAllTimers();
    expect(saved.revoked).toEqual(["blob:test/1"]);
  });

  it("throws the API's error and saves nothing", async () => {
    const net = mockApi({
      "GET /api/files/:id": () => apiError(404, "not_found", "Invoice not found"),
    });
    await net.signIn();
    const failure = downloadFile("/api/files/1", "x.pdf", "application/pdf");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toHaveProperty("message", "Invoice not found");
    expect(saved.names).toEqual([]);
  });
});
