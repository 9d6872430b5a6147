import { describe, expect, it } from "vitest";
import { formatMoney, serviceSpecs, shortId } from "./format";

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

describe("serviceSpecs", () => {
  it("adds units to plain VPS numbers and leaves free text alone", () => {
    expect(serviceSpecs({ service_type: "vps", cpu: "1", ram: "4", storage: "80" })).toEqual({
      cpu: "1 core",
      ram: "4 GB",
      storage: "80 GB",
    });
    expect(
      serviceSpecs({ service_type: "vps", cpu: "2 vCore", ram: "4 GB", storage: "80" }),
    ).toEqual({
      cpu: "2 vCore",
      ram: "4 GB",
      storage: "80 GB",
    });
    expect(
      serviceSpecs({ service_type: "dedicated", cpu: "AMD Ryzen 9", ram: "64", storage: "2x1TB" }),
    ).toEqual({ cpu: "AMD Ryzen 9", ram: "64", storage: "2x1TB" });
  });
});
