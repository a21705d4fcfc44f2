import { afterEach, describe, expect, it } from "vitest";
import { parseDateTimeLocal, toDateTimeLocal } from "./localDateTime";

// Vitest runs in UTC (vitest.config.ts); some tests move the zone (Node applies TZ changes at once).
const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

describe("parseDateTimeLocal", () => {
  it("reads the value as local time and converts it to the right instant", () => {
    const date = parseDateTimeLocal("2026-12-24T18:30");
    expect(date).toEqual(new Date(2026, 11, 24, 18, 30));
    expect(date?.toISOString()).toBe(new Date(2026, 11, 24, 18, 30).toISOString());
  });

  it("uses the browser's time zone, including daylight saving time", () => {
    process.env.TZ = "America/New_York";
    expect(parseDateTimeLocal("2026-12-24T18:30")?.toISOString()).toBe("2026-12-24T23:30:00.000Z");
    expect(parseDateTimeLocal("2026-07-04T18:30")?.toISOString()).toBe("2026-07-04T22:30:00.000Z");
    process.env.TZ = "Asia/Kolkata";
    expect(parseDateTimeLocal("2026-12-24T18:30")?.toISOString()).toBe("2026-12-24T13:00:00.000Z");
  });

  it("accepts seconds, which some browsers add", () => {
    expect(parseDateTimeLocal("2026-12-24T18:30:15")).toEqual(new Date(2026, 11, 24, 18, 30, 15));
  });

  it.each([
    "",
    "2026-12-24",
    "2026-12-24 18:30",
    "24/12/2026 18:30",
    "2026-02-30T10:00",
    "2026-13-01T10:00",
    "2026-12-24T24:00",
    "2026-12-24T18:60",
  ])("refuses %j", (value) => {
    expect(parseDateTimeLocal(value)).toBeNull();
  });
});

describe("toDateTimeLocal", () => {
  it("shows an instant as local date and time to the minute, zero-padded", () => {
    expect(toDateTimeLocal(new Date(2026, 0, 5, 7, 3, 59))).toBe("2026-01-05T07:03");
  });

  it("shows a stored UTC instant in the browser's time zone", () => {
    process.env.TZ = "America/New_York";
    expect(toDateTimeLocal(new Date("2026-12-24T23:30:00Z"))).toBe("2026-12-24T18:30");
  });

  it("round-trips with parseDateTimeLocal", () => {
    const value = "2027-03-14T09:26";
    expect(toDateTimeLocal(parseDateTimeLocal(value)!)).toBe(value);
  });
});
