import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, parseTimestamp } from "./dates";

describe("formatDate", () => {
  it("formats a calendar date like Jan 5, 2025", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 5, 2025");
  });

  it("formats the local backend's Postgres timestamps", () => {
    expect(formatDate("2026-11-22 13:57:40.852+00")).toBe("Nov 22, 2026");
  });

  it("formats ISO 8601 timestamps from the hosted backend", () => {
    expect(formatDate("2025-01-05T10:00:00.000Z")).toBe("Jan 5, 2025");
    expect(formatDate("2025-01-05T10:00:00+00:00")).toBe("Jan 5, 2025");
  });

  it("formats Date values", () => {
    expect(formatDate(new Date(2025, 0, 5))).toBe("Jan 5, 2025");
  });

  it("gives an empty string for an unparseable value", () => {
    expect(formatDate("not a date")).toBe("");
  });
});

describe("parseTimestamp", () => {
  it("reads Postgres offsets with and without minutes", () => {
    expect(parseTimestamp("2026-11-22 13:57:40.852+00").toISOString()).toBe("2026-11-22T13:57:40.852Z");
    expect(parseTimestamp("2026-11-22 13:57:40+0530").toISOString()).toBe("2026-11-22T08:27:40.000Z");
    expect(parseTimestamp("2026-11-22 13:57:40-03").toISOString()).toBe("2026-11-22T16:57:40.000Z");
  });
});

describe("formatDateTime", () => {
  it("formats a moment with its time of day in the browser's time zone (UTC in tests)", () => {
    expect(formatDateTime("2026-12-03 09:30:00+00")).toBe("Dec 3, 2026, 9:30 AM");
    expect(formatDateTime(new Date(Date.UTC(2026, 11, 3, 21, 5)))).toBe("Dec 3, 2026, 9:05 PM");
    expect(formatDateTime("nope")).toBe("");
  });
});

describe("the app's other date formats (UTC in tests)", () => {
  const moment = new Date(Date.UTC(2026, 11, 3, 9, 30, 5));
  it("are one style: month in words, 12-hour clock", async () => {
    const dates = await import("./dates");
    expect(dates.formatDateTime(moment, { seconds: true })).toBe("Dec 3, 2026, 9:30:05 AM");
    expect(dates.formatDateTimeIn(moment, "America/New_York")).toBe("Dec 3, 2026, 4:30 AM EST");
    expect(dates.formatTime(moment)).toBe("9:30 AM");
    expect(dates.formatDayLong(moment)).toBe("Thursday, December 3, 2026");
    expect(dates.formatDayShort(moment)).toBe("Thu, Dec 3");
    expect(dates.formatMonthYear(moment)).toBe("December 2026");
    expect(dates.WEEKDAY_NAMES.map((name) => name.short)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  });
});
