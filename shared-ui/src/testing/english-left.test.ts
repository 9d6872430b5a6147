import { afterEach, describe, expect, it } from "vitest";
import { englishFragments, englishLeft, translatableText } from "./english-left";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the English-left scan", () => {
  const fragments = englishFragments(
    { close: "Close dialog", search: "Search orders", logo: "Company logo", help: "More help" },
    { close: "Dialog schließen", search: "Bestellungen suchen", logo: "Firmenlogo", help: "Hilfe" },
  );

  it("reads what a screen reader or the browser shows from attributes, outside translate=no", () => {
    document.body.innerHTML = `
      <button aria-label="Close dialog">×</button>
      <input placeholder="Search orders">
      <img alt="Company logo" src="data:,">
      <span title="More help">?</span>
      <p translate="no"><span aria-label="Search orders and more">VPS</span></p>`;
    expect(englishLeft(fragments)).toEqual([
      "Close dialog",
      "Search orders",
      "Company logo",
      "More help",
    ]);
    expect(translatableText(document.body, { attributes: false })).not.toContain("Close dialog");
  });

  it("finds nothing on a page whose attributes are translated", () => {
    document.body.innerHTML = `
      <button aria-label="Dialog schließen">×</button>
      <input placeholder="Bestellungen suchen">
      <p translate="no"><span aria-label="Search orders">VPS</span></p>`;
    expect(englishLeft(fragments)).toEqual([]);
  });
});
