import { afterEach, describe, expect, it } from "vitest";
import { addMonths, calendarAddress, calendarPath, dayKey, parseDayKey, visibleRange } from "./calendarDates";

// Vitest runs in UTC (vitest.config.ts); these tests also move the zone (Node applies TZ changes at once).
const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

const keys = (days: Date[]) => days.map(dayKey);

describe("visibleRange", () => {
  it("shows a month as the whole weeks around it, Sunday first", () => {
    const { start, end, weeks } = visibleRange("month", new Date(2026, 11, 17));
    expect(dayKey(start)).toBe("2026-11-29");
    expect(dayKey(end)).toBe("2027-01-03");
    expect(weeks).toHaveLength(5);
    expect(keys(weeks[0])).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]);
    expect(dayKey(weeks[4][6])).toBe("2027-01-02");
  });

  it("needs six weeks for some months, and never more than calendar_entries accepts", () => {
    const { start, end, weeks } = visibleRange("month", new Date(2026, 4, 1));
    expect(weeks).toHaveLength(6);
    expect((end.getTime() - start.getTime()) / 86_400_000).toBeLessThanOrEqual(43);
  });

  it("shows a week as its seven days", () => {
    const { start, end, weeks } = visibleRange("week", new Date(2026, 11, 3));
    expect([dayKey(start), dayKey(end)]).toEqual(["2026-11-29", "2026-12-06"]);
    expect(weeks).toHaveLength(1);
  });

  it("counts days in the browser's time zone, across a daylight-saving change", () => {
    process.env.TZ = "America/New_York";
    const { start, end, weeks } = visibleRange("week", new Date(2026, 10, 3));
    expect(start.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-08T05:00:00.000Z");
    expect(keys(weeks[0])).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07"]);
    // 03:00 UTC on Dec 1 is still Nov 30 in New York.
    expect(dayKey(new Date("2026-12-01T03:00:00Z"))).toBe("2026-11-30");
  });
});

describe("addresses and days", () => {
  it("reads and writes the view and day in the address", () => {
    const today = new Date(2026, 11, 17, 15);
    expect(calendarAddress("", today)).toEqual({ view: "month", focus: new Date(2026, 11, 17) });
    expect(calendarAddress("view=week&date=2027-02-03", today)).toEqual({ view: "week", focus: new Date(2027, 1, 3) });
    expect(calendarAddress("view=year&date=2027-02-30", today)).toEqual({ view: "month", focus: new Date(2026, 11, 17) });
    expect(calendarPath("week", new Date(2027, 1, 3))).toBe("/calendar?view=week&date=2027-02-03");
    expect(parseDayKey("2026-13-01")).toBeNull();
  });

  it("moves by months to the same day, or the last day of a shorter month", () => {
    expect(dayKey(addMonths(new Date(2026, 0, 31), 1))).toBe("2026-02-28");
    expect(dayKey(addMonths(new Date(2026, 2, 15), -1))).toBe("2026-02-15");
    expect(dayKey(addMonths(new Date(2026, 11, 31), 2))).toBe("2027-02-28");
  });
});
