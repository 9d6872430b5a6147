import { afterEach, describe, expect, it } from "vitest";
import { localeStore } from "../i18n/locale-store";
import {
  decimalInput,
  formatDate,
  formatDateTime,
  formatEur,
  formatMoney,
  serviceSpecs,
  shortId,
  shortServiceId,
} from "./format";

/** A moment given in the viewer's (the test process's) time zone. */
const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

describe("formatDateTime (SPEC §2 'MMM dd, yyyy HH:mm')", () => {
  it("writes the SPEC format with a 24-hour clock and no comma before the time", () => {
    expect(formatDateTime(local(2026, 11, 22, 14, 5))).toBe("Nov 22, 2026 14:05");
    expect(formatDateTime(new Date(2026, 1, 3, 9, 7))).toBe("Feb 03, 2026 09:07");
  });

  it("shows five past midnight as 00:05 of that day, not 24:05", () => {
    expect(formatDateTime(local(2026, 6, 1, 0, 5))).toBe("Jun 01, 2026 00:05");
    expect(formatDateTime(local(2026, 6, 1, 0, 0))).toBe("Jun 01, 2026 00:00");
  });

  it("shows noon as 12:00 and the minute before midnight as 23:59", () => {
    expect(formatDateTime(local(2026, 6, 1, 12, 0))).toBe("Jun 01, 2026 12:00");
    expect(formatDateTime(local(2026, 6, 1, 23, 59))).toBe("Jun 01, 2026 23:59");
  });

  it("writes the year of the date, not the current one", () => {
    expect(formatDateTime(local(2025, 12, 31, 23, 59))).toBe("Dec 31, 2025 23:59");
    expect(formatDateTime(local(2031, 1, 1, 0, 0))).toBe("Jan 01, 2031 00:00");
  });

  it("reads unknown or malformed values as empty", () => {
    expect(formatDateTime("not a date")).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime(null)).toBe("");
  });

  describe("in the viewer's time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it("shows one instant as each viewer's local time, day and year", () => {
      const instant = "2025-12-31T23:30:00Z";
      process.env.TZ = "UTC";
      expect(formatDateTime(instant)).toBe("Dec 31, 2025 23:30");
      process.env.TZ = "Europe/Berlin";
      expect(formatDateTime(instant)).toBe("Jan 01, 2026 00:30");
      process.env.TZ = "America/New_York";
      expect(formatDateTime(instant)).toBe("Dec 31, 2025 18:30");
      process.env.TZ = "Asia/Kolkata";
      expect(formatDateTime(instant)).toBe("Jan 01, 2026 05:00");
    });

    it("follows daylight saving time", () => {
      process.env.TZ = "Europe/Berlin";
      expect(formatDateTime("2026-01-15T11:00:00Z")).toBe("Jan 15, 2026 12:00");
      expect(formatDateTime("2026-07-15T11:00:00Z")).toBe("Jul 15, 2026 13:00");
    });

    it("honours the offset written in the timestamp", () => {
      process.env.TZ = "UTC";
      expect(formatDateTime("2026-06-01T00:05:00+02:00")).toBe("May 31, 2026 22:05");
    });
  });
});

describe("formatDate", () => {
  it("writes the date part of the SPEC format", () => {
    expect(formatDate(local(2026, 6, 1, 0, 0))).toBe("Jun 01, 2026");
    expect(formatDate(local(2025, 12, 31, 23, 59))).toBe("Dec 31, 2025");
    expect(formatDate("nope")).toBe("");
  });
});

describe("formatMoney / formatEur (SPEC §9: 2 decimals in EUR)", () => {
  it("pads to two decimals without floats", () => {
    expect(formatMoney("12.5")).toBe("12.50");
    expect(formatMoney("42")).toBe("42.00");
    expect(formatMoney("-3.25")).toBe("-3.25");
    expect(formatMoney("0.1")).toBe("0.10");
    expect(formatMoney("12345678901234567.89")).toBe("12345678901234567.89");
    expect(formatMoney(undefined)).toBe("0.00");
    expect(formatMoney("abc")).toBe("0.00");
  });

  it("writes an amount followed by EUR", () => {
    expect(formatEur("12.5")).toBe("12.50 EUR");
    expect(formatEur("-4.99")).toBe("-4.99 EUR");
    expect(formatEur("300")).toBe("300.00 EUR");
    expect(formatEur(null)).toBe("0.00 EUR");
    expect(formatEur(" 7.1 ")).toBe("7.10 EUR");
  });
});

describe("shortId / shortServiceId (SPEC §9, §2)", () => {
  const id = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

  it("shortens ids to 8 characters", () => {
    expect(shortId(id)).toBe("1a2b3c4d");
    expect(shortId("abc")).toBe("abc");
  });

  it("shortens the service page's id to 16 characters", () => {
    expect(shortServiceId(id)).toBe("1a2b3c4d-5e6f-4a");
    expect(shortServiceId(id)).toHaveLength(16);
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
    expect(serviceSpecs({ service_type: "vps", cpu: "4", ram: "8", storage: "160" }).cpu).toBe(
      "4 cores",
    );
  });

  it("words a VPS's units in the page's language; free text stays as entered", async () => {
    const vps = { service_type: "vps", cpu: "2", ram: "4", storage: "80" } as const;
    const expected = {
      de: { cpu: "2 Kerne", ram: "4 GB", storage: "80 GB" },
      fr: { cpu: "2 cœurs", ram: "4 Go", storage: "80 Go" },
      nl: { cpu: "2 cores", ram: "4 GB", storage: "80 GB" },
    };
    try {
      for (const locale of ["de", "fr", "nl"] as const) {
        await localeStore.set(locale, { remember: false });
        expect([locale, serviceSpecs(vps)]).toEqual([locale, expected[locale]]);
        expect(serviceSpecs({ ...vps, cpu: "1" }).cpu).toBe(
          { de: "1 Kern", fr: "1 cœur", nl: "1 core" }[locale],
        );
        expect(
          serviceSpecs({
            service_type: "dedicated",
            cpu: "AMD EPYC",
            ram: "64 GB",
            storage: "2x1TB",
          }),
        ).toEqual({
          cpu: "AMD EPYC",
          ram: "64 GB",
          storage: "2x1TB",
        });
      }
    } finally {
      await localeStore.set("en", { remember: false });
    }
  });
});

describe("decimalInput", () => {
  afterEach(async () => {
    await localeStore.set("en", { remember: false });
  });

  it("takes the decimal comma of German, French and Dutch pages, the point everywhere", async () => {
    expect(decimalInput(" 12.50 ")).toBe("12.50");
    expect(decimalInput("12,50")).toBe("12,50");
    for (const locale of ["de", "fr", "nl"] as const) {
      await localeStore.set(locale, { remember: false });
      expect(decimalInput("12,50")).toBe("12.50");
      expect(decimalInput(" 7,5 ")).toBe("7.5");
      expect(decimalInput("12.50")).toBe("12.50");
      // Not a decimal number: left for the contract to refuse with its message.
      expect(decimalInput("1,2,3")).toBe("1,2,3");
      expect(decimalInput("abc")).toBe("abc");
    }
  });
});
