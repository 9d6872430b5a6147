import { describe, expect, it } from "vitest";
import { formatMoney, shortId } from "./format";

describe("formatMoney", () => {
  it("pads to two decimals without floats", () => {
    expect(formatMoney("12.5")).toBe("12.50");
    expect(formatMoney("42")).toBe("42.00");
    expect(formatMoney("-3.25")).toBe("-3.25");
    expect(formatMoney(undefined)).toBe("0.00");
    expect(formatMoney("abc")).toBe("0.00");
  });

  it("shortens ids", () => {
    expect(shortId("1a2b3c4d-aaaa")).toBe("1a2b3c4d");
  });
});
