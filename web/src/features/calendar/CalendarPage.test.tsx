import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  loadCalendarEntries,
  loadReadyDrafts,
  rescheduleArticle,
  scheduleDraft,
  type CalendarEntry,
} from "./data/calendar";
import { listScheduleTargets } from "../articles/index";
import { retryScheduledPublication } from "../publishing/data/publications";
import { notifyError, notifySuccess } from "../../lib/notify";
import CalendarPage from "./CalendarPage";

vi.mock("./data/calendar", () => ({
  CALENDAR_ROW_LIMIT: 1000,
  loadCalendarEntries: vi.fn(),
  rescheduleArticle: vi.fn(),
  loadReadyDrafts: vi.fn(),
  scheduleDraft: vi.fn(),
}));
vi.mock("../articles/index", () => ({ listScheduleTargets: vi.fn() }));
vi.mock("../publishing/data/publications", () => ({ retryScheduledPublication: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const originalZone = process.env.TZ;

const SCHEDULED: CalendarEntry = {
  kind: "scheduled",
  articleId: "a-1",
  title: "Winter walks",
  articleStatus: "scheduled",
  at: new Date("2026-12-03T09:30:00Z"),
  sites: [
    {
      siteId: "site-2",
      siteName: "Food blog",
      publicationStatus: null,
      remoteStatus: null,
      link: null,
      lastError: null,
      nextAttemptAt: null,
    },
    {
      siteId: "site-1",
      siteName: "Travel blog",
      publicationStatus: null,
      remoteStatus: null,
      link: null,
      lastError: null,
      nextAttemptAt: null,
    },
  ],
};

const PUBLISHED: CalendarEntry = {
  kind: "publication",
  articleId: "a-2",
  title: "Autumn harvest",
  articleStatus: "published",
  at: new Date("2026-12-01T03:00:00Z"),
  sites: [
    {
      siteId: "site-1",
      siteName: "Travel blog",
      publicationStatus: "publish",
      remoteStatus: "publish",
      link: "https://travel.example.com/autumn-harvest/",
      lastError: null,
      nextAttemptAt: null,
    },
  ],
};

function renderCalendar(search = "") {
  const location = memoryLocation({ path: "/calendar", searchPath: search, record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <CalendarPage />
    </Router>,
  );
  return { user, location, address: () => location.history.at(-1) };
}

const lastRange = () => {
  const [start, end] = vi.mocked(loadCalendarEntries).mock.lastCall!;
  return [start.toISOString(), end.toISOString()];
};

const dayCell = (label: RegExp) => screen.getByRole("button", { name: label }).closest("td")!;

/** Ten posts on one day, every half hour from 09:00 UTC. */
const busyDay = Array.from({ length: 10 }, (_, index): CalendarEntry => ({
  ...SCHEDULED,
  articleId: `busy-${index}`,
  title: `Busy post ${index + 1}`,
  at: new Date(Date.UTC(2026, 11, 10, 9, 30 * index)),
}));

beforeEach(() => {
  // Only Date is faked: "today" is Wednesday, Dec 2, 2026 (timers stay real for user events).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-02T12:00:00Z"));
  vi.mocked(loadCalendarEntries).mockResolvedValue({ entries: [SCHEDULED, PUBLISHED], truncated: false });
  vi.mocked(loadReadyDrafts).mockResolvedValue({ drafts: [], more: false });
  vi.mocked(listScheduleTargets).mockResolvedValue([{ id: "site-1", name: "Travel blog" }]);
});

afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = originalZone;
});

describe("CalendarPage", () => {
  it("shows this month, loading only its visible weeks, each entry on its day with its time", async () => {
    renderCalendar();
    expect(screen.getByRole("heading", { level: 1, name: "Calendar" })).toBeTruthy();
    expect(screen.getByText("Times are in your time zone, UTC.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "December 2026" })).toBeTruthy();
    expect(lastRange()).toEqual(["2026-11-29T00:00:00.000Z", "2027-01-03T00:00:00.000Z"]);
    const grid = screen.getByRole("table", { name: "December 2026" });
    expect(within(grid).getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
    ]);

    const thursday = await screen.findByRole("list", { name: "Entries on Thursday, December 3, 2026" });
    const entry = within(thursday).getByRole("listitem");
    expect(entry.textContent).toContain("9:30 AM");
    const link = within(entry).getByRole("link", { name: "Winter walks" });
    expect(link.getAttribute("href")).toBe("/articles/edit/a-1");
    expect(link.getAttribute("title")).toBe("Winter walks");
    expect(entry.getAttribute("draggable")).toBe("true");
    expect(screen.getByRole("button", { name: "Thursday, December 3, 2026, 1 entry" })).toBeTruthy();

    const tuesday = screen.getByRole("list", { name: "Entries on Tuesday, December 1, 2026" });
    expect(within(tuesday).getByRole("listitem").textContent).toContain("3:00 AM");
    expect(within(tuesday).getByRole("listitem").getAttribute("draggable")).toBe("false");
    expect(dayCell(/^Wednesday, December 2, 2026/).getAttribute("aria-current")).toBe("date");
  });

  it("lists a busy day's first two posts and '+8 more', which opens all ten with their actions", async () => {
    vi.mocked(loadCalendarEntries).mockResolvedValue({ entries: busyDay, truncated: false });
    const { user } = renderCalendar("date=2026-12-02");
    const cell = within(await screen.findByRole("list", { name: "Entries on Thursday, December 10, 2026" }));
    expect(cell.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["9:00 AMBusy post 1", "9:30 AMBusy post 2"]);
    await user.click(screen.getByRole("button", { name: "+8 more on Thursday, December 10, 2026" }));
    const dialog = within(screen.getByRole("dialog", { name: "Thursday, December 10, 2026" }));
    expect(dialog.getAllByRole("link").map((item) => item.textContent)).toEqual(busyDay.map((post) => post.title));
    expect(dialog.getByRole("button", { name: "Reschedule Busy post 10" })).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Move Busy post 10 to another day" })).toBeTruthy();
  });

  it("places entries by the browser's time zone", async () => {
    process.env.TZ = "America/New_York";
    renderCalendar("view=month&date=2026-12-02");
    expect(screen.getByText("Times are in your time zone, America/New_York.")).toBeTruthy();
    expect(lastRange()).toEqual(["2026-11-29T05:00:00.000Z", "2027-01-03T05:00:00.000Z"]);
    // 03:00 UTC on Dec 1 is 10 PM on Nov 30 in New York.
    const monday = await screen.findByRole("list", { name: "Entries on Monday, November 30, 2026" });
    expect(within(monday).getByRole("listitem").textContent).toContain("10:00 PM");
    expect(screen.getByRole("list", { name: "Entries on Thursday, December 3, 2026" }).textContent).toContain("4:30 AM");
  });

  it("switches to the week view and back, keeping the day in the address; the week shows each entry in full", async () => {
    const { user, address } = renderCalendar("date=2026-12-03");
    await screen.findByRole("list", { name: "Entries on Thursday, December 3, 2026" });
    await user.click(screen.getByRole("button", { name: "Week" }));
    expect(address()).toBe("/calendar?view=week&date=2026-12-03");
    expect(screen.getByRole("button", { name: "Week" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("heading", { level: 2, name: "Nov 29, 2026 – Dec 5, 2026" })).toBeTruthy();
    expect(lastRange()).toEqual(["2026-11-29T00:00:00.000Z", "2026-12-06T00:00:00.000Z"]);
    const days = within(screen.getByRole("list", { name: "Nov 29, 2026 – Dec 5, 2026" }));
    expect(days.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Sun, Nov 29", "Mon, Nov 30", "Tue, Dec 1", "Wed, Dec 2", "Thu, Dec 3", "Fri, Dec 4", "Sat, Dec 5",
    ]);
    const thursday = await screen.findByRole("list", { name: "Thu, Dec 3" });
    expect(thursday.textContent).toContain("Scheduled to Food blog, Travel blog");
    const tuesday = screen.getByRole("list", { name: "Tue, Dec 1" });
    expect(tuesday.textContent).toContain("Live on Travel blog");
    expect(within(tuesday).getByRole("link", { name: "View post Autumn harvest on Travel blog" }).getAttribute("href")).toBe(
      PUBLISHED.sites[0].link,
    );

    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(address()).toBe("/calendar?view=week&date=2026-12-10");
    await user.click(screen.getByRole("button", { name: "Month" }));
    expect(address()).toBe("/calendar?view=month&date=2026-12-10");
  });

  it("moves between days with the keyboard; Enter opens the day, which can show its week", async () => {
    const { user, address } = renderCalendar("date=2026-12-02");
    const today = screen.getByRole("button", { name: /^Wednesday, December 2, 2026/ });
    expect(today.tabIndex).toBe(0);
    expect(screen.getByRole("button", { name: /^Thursday, December 3, 2026/ }).tabIndex).toBe(-1);
    today.focus();

    await user.keyboard("{ArrowRight}");
    expect(address()).toBe("/calendar?view=month&date=2026-12-03");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-03"));
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-10"));
    await user.keyboard("{Home}");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-06"));
    await user.keyboard("{PageDown}");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2027-01-06"));
    expect(screen.getByRole("heading", { level: 2, name: "January 2027" })).toBeTruthy();
    expect(lastRange()).toEqual(["2026-12-27T00:00:00.000Z", "2027-02-07T00:00:00.000Z"]);
    await user.keyboard("{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-31"));
    expect(screen.getByRole("heading", { level: 2, name: "December 2026" })).toBeTruthy();

    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Thursday, December 31, 2026" });
    expect(dialog.textContent).toContain("Nothing scheduled or published on this day.");
    await user.click(within(dialog).getByRole("button", { name: "Show the week" }));
    expect(address()).toBe("/calendar?view=week&date=2026-12-31");
  });

  it("pages by month with Previous, Next and Today", async () => {
    const { user, address } = renderCalendar("date=2026-12-02");
    await user.click(screen.getByRole("button", { name: "Previous month" }));
    expect(address()).toBe("/calendar?view=month&date=2026-11-02");
    expect(lastRange()).toEqual(["2026-11-01T00:00:00.000Z", "2026-12-06T00:00:00.000Z"]);
    await user.click(screen.getByRole("button", { name: "Today" }));
    expect(address()).toBe("/calendar?view=month&date=2026-12-02");
  });

  it("moves a post to another day with the keyboard, keeping its time; a day that has passed is refused in place", async () => {
    vi.mocked(rescheduleArticle).mockResolvedValue();
    const { user } = renderCalendar("date=2026-12-03");
    await user.click(await screen.findByRole("button", { name: "Thursday, December 3, 2026, 1 entry" }));
    await user.click(screen.getByRole("button", { name: "Move Winter walks to another day" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText(/^Moving/).textContent).toContain("choose a day with the arrow keys and press Enter");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-03"));

    // Back two days: Tuesday has passed ("today" is Wednesday noon), so nothing moves.
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-02"));
    await user.keyboard("{ArrowLeft}{Enter}");
    expect(rescheduleArticle).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain(
      "“Winter walks” was not moved: Dec 1, 2026, 9:30 AM has passed. Please choose a time in the future.",
    );
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();

    // Again, to Saturday: the same time of day there.
    await user.click(screen.getByRole("button", { name: "Thursday, December 3, 2026, 1 entry" }));
    await user.click(screen.getByRole("button", { name: "Move Winter walks to another day" }));
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-03"));
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-04"));
    await user.keyboard("{ArrowRight}{Enter}");
    expect(rescheduleArticle).toHaveBeenCalledWith("a-1", new Date("2026-12-05T09:30:00Z"));
    expect(notifySuccess).toHaveBeenCalledWith("Rescheduled to Dec 5, 2026, 9:30 AM");

    // Escape gives up a move.
    await user.click(screen.getByRole("button", { name: "Thursday, December 3, 2026, 1 entry" }));
    await user.click(screen.getByRole("button", { name: "Move Winter walks to another day" }));
    await waitFor(() => expect(document.activeElement?.getAttribute("data-day")).toBe("2026-12-03"));
    await user.keyboard("{Escape}");
    expect(screen.queryByText(/^Moving/)).toBeNull();
  });

  it("moves a post dragged onto another day", async () => {
    vi.mocked(rescheduleArticle).mockResolvedValue();
    renderCalendar("date=2026-12-02");
    const entry = within(await screen.findByRole("list", { name: "Entries on Thursday, December 3, 2026" })).getByRole("listitem");
    const target = dayCell(/^Tuesday, December 8, 2026/);
    fireEvent.dragStart(entry, { dataTransfer: { setData: vi.fn(), effectAllowed: "" } });
    fireEvent.dragOver(target, { dataTransfer: { dropEffect: "" } });
    expect(target.getAttribute("data-drop-target")).toBe("true");
    fireEvent.drop(target, { dataTransfer: {} });
    await waitFor(() => expect(rescheduleArticle).toHaveBeenCalledWith("a-1", new Date("2026-12-08T09:30:00Z")));
  });

  it("lists drafts ready to schedule; one dropped on a day is scheduled there at 9:00 to the lone site", async () => {
    vi.mocked(loadReadyDrafts).mockResolvedValue({
      drafts: [{ id: "d-1", title: "Spring seeds", updatedAt: new Date("2026-12-01T10:00:00Z"), siteIds: [] }],
      more: false,
    });
    vi.mocked(scheduleDraft).mockResolvedValue();
    const { user } = renderCalendar("date=2026-12-02");
    const ready = await screen.findByRole("list", { name: "Ready to schedule (1)" });
    const draft = within(ready).getByRole("listitem");
    fireEvent.dragStart(draft, { dataTransfer: { setData: vi.fn(), effectAllowed: "" } });
    const friday = dayCell(/^Friday, December 11, 2026/);
    fireEvent.dragOver(friday, { dataTransfer: { dropEffect: "" } });
    fireEvent.drop(friday, { dataTransfer: {} });

    const dialog = within(screen.getByRole("dialog", { name: "Schedule draft" }));
    expect((dialog.getByLabelText("Date") as HTMLInputElement).value).toBe("2026-12-11");
    expect((dialog.getByLabelText("Time") as HTMLInputElement).value).toBe("09:00");
    await waitFor(() => expect((dialog.getByLabelText("Travel blog") as HTMLInputElement).checked).toBe(true));
    await user.click(dialog.getByRole("button", { name: "Schedule" }));
    expect(scheduleDraft).toHaveBeenCalledWith("d-1", new Date("2026-12-11T09:00:00Z"), ["site-1"], "publish");
    expect(notifySuccess).toHaveBeenCalledWith("Scheduled for Dec 11, 2026, 9:00 AM");
  });

  it("refuses to schedule a draft without a site or in the past, and says so by the fields", async () => {
    vi.mocked(listScheduleTargets).mockResolvedValue([
      { id: "site-1", name: "Travel blog" },
      { id: "site-2", name: "Food blog" },
    ]);
    vi.mocked(loadReadyDrafts).mockResolvedValue({
      drafts: [{ id: "d-1", title: "Spring seeds", updatedAt: new Date("2026-12-01T10:00:00Z"), siteIds: [] }],
      more: true,
    });
    const { user } = renderCalendar("date=2026-12-02");
    await user.click(await screen.findByRole("button", { name: "Schedule Spring seeds" }));
    const dialog = within(screen.getByRole("dialog", { name: "Schedule draft" }));
    await user.click(dialog.getByRole("button", { name: "Schedule" }));
    expect(dialog.getByRole("alert").textContent).toBe("Choose at least one site to publish to");
    await user.click(dialog.getByLabelText("Food blog"));
    await user.clear(dialog.getByLabelText("Date"));
    await user.type(dialog.getByLabelText("Date"), "2026-12-01");
    await user.click(dialog.getByRole("button", { name: "Schedule" }));
    expect(dialog.getByText("Please choose a time in the future")).toBeTruthy();
    expect(scheduleDraft).not.toHaveBeenCalled();
    expect(screen.getByRole("link", { name: "all drafts" }).getAttribute("href")).toBe("/articles?status=draft");
  });

  it("reschedules a scheduled article to a future time in the browser's time zone", async () => {
    vi.mocked(rescheduleArticle).mockResolvedValue();
    const { user, address } = renderCalendar("view=week&date=2026-12-02");
    await user.click(await screen.findByRole("button", { name: "Reschedule Winter walks" }));
    const dialog = screen.getByRole("dialog", { name: "Reschedule article" });
    expect(dialog.textContent).toContain("Now scheduled for Dec 3, 2026, 9:30 AM to Food blog, Travel blog.");
    const field = within(dialog).getByLabelText("New date and time") as HTMLInputElement;
    expect(field.value).toBe("2026-12-03T09:30");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe("In your time zone (UTC).");

    await user.clear(field);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe("Please set a scheduled date");
    expect(field.getAttribute("aria-invalid")).toBe("true");

    await user.type(field, "2026-12-01T08:00");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Please choose a time in the future",
    );
    expect(rescheduleArticle).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, "2027-01-15T18:45");
    const loadsBefore = vi.mocked(loadCalendarEntries).mock.calls.length;
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(rescheduleArticle).toHaveBeenCalledWith("a-1", new Date("2027-01-15T18:45:00Z"));
    expect(notifySuccess).toHaveBeenCalledWith("Rescheduled to Jan 15, 2027, 6:45 PM");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reschedule article" })).toBeNull());
    expect(address()).toBe("/calendar?view=week&date=2027-01-15");
    expect(vi.mocked(loadCalendarEntries).mock.calls.length).toBeGreaterThan(loadsBefore);
  });

  it("takes the time in the browser's time zone when rescheduling", async () => {
    process.env.TZ = "Europe/Berlin";
    vi.mocked(rescheduleArticle).mockResolvedValue();
    const { user } = renderCalendar("view=week&date=2026-12-02");
    await user.click(await screen.findByRole("button", { name: "Reschedule Winter walks" }));
    const field = screen.getByLabelText("New date and time") as HTMLInputElement;
    expect(field.value).toBe("2026-12-03T10:30");
    await user.clear(field);
    await user.type(field, "2026-12-24T18:00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(rescheduleArticle).toHaveBeenCalledWith("a-1", new Date("2026-12-24T17:00:00Z"));
  });

  it("says when a reschedule fails and keeps the dialog open", async () => {
    vi.mocked(rescheduleArticle).mockRejectedValue(new Error("No scheduled article"));
    const { user } = renderCalendar("view=week&date=2026-12-02");
    await user.click(await screen.findByRole("button", { name: "Reschedule Winter walks" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(notifyError).toHaveBeenCalledWith("Failed to reschedule the article");
    const field = screen.getByLabelText("New date and time");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Failed to reschedule the article",
    );
  });

  it("shows why a scheduled publication failed, with Retry", async () => {
    const failed: CalendarEntry = {
      ...SCHEDULED,
      at: new Date("2026-12-02T08:00:00Z"),
      sites: [
        { ...SCHEDULED.sites[0], publicationStatus: "failed", lastError: "The site did not respond in time", nextAttemptAt: new Date("2026-12-02T13:00:00Z") },
        { ...SCHEDULED.sites[1], publicationStatus: "pending" },
      ],
    };
    vi.mocked(loadCalendarEntries).mockResolvedValue({ entries: [failed], truncated: true });
    vi.mocked(retryScheduledPublication).mockResolvedValue();
    const { user } = renderCalendar("view=week&date=2026-12-02");
    const entry = within(await screen.findByRole("list", { name: "Wed, Dec 2" })).getByRole("listitem");
    expect(entry.textContent).toContain("Failed on Food blog: The site did not respond in time.");
    expect(entry.textContent).toContain("Publishing to Travel blog…");
    expect(screen.getByText("Only the first 1,000 entries of this range are shown.")).toBeTruthy();

    const loadsBefore = vi.mocked(loadCalendarEntries).mock.calls.length;
    await user.click(within(entry).getByRole("button", { name: "Retry publishing Winter walks to Food blog" }));
    expect(retryScheduledPublication).toHaveBeenCalledWith("a-1", "site-2");
    expect(notifySuccess).toHaveBeenCalledWith("Retry queued: the scheduler publishes it on its next run.");
    await waitFor(() => expect(vi.mocked(loadCalendarEntries).mock.calls.length).toBeGreaterThan(loadsBefore));
  });

  it("says what came of a past-due schedule: still queued per site, and on the month's line", async () => {
    const due: CalendarEntry = {
      ...SCHEDULED,
      at: new Date("2026-12-02T08:00:00Z"),
      sites: [SCHEDULED.sites[0], { ...SCHEDULED.sites[1], publicationStatus: "pending" }],
    };
    vi.mocked(loadCalendarEntries).mockResolvedValue({ entries: [due], truncated: false });
    renderCalendar("view=week&date=2026-12-02");
    const entry = within(await screen.findByRole("list", { name: "Wed, Dec 2" })).getByRole("listitem");
    expect(entry.textContent).toContain("Still queued for Food blog: the scheduler publishes it on its next run.");
    expect(entry.textContent).toContain("Publishing to Travel blog…");
    cleanup();

    vi.mocked(loadCalendarEntries).mockResolvedValue({ entries: [{ ...due, sites: [SCHEDULED.sites[0]] }], truncated: false });
    renderCalendar("view=month&date=2026-12-02");
    const cell = await screen.findByRole("list", { name: "Entries on Wednesday, December 2, 2026" });
    await waitFor(() => expect(cell.textContent).toContain("· Queued"));
  });

  it("says a past-due schedule with no site went nowhere, while a future one is only scheduled", async () => {
    const nowhere: CalendarEntry = { ...SCHEDULED, at: new Date("2026-12-02T08:00:00Z"), sites: [] };
    vi.mocked(loadCalendarEntries).mockResolvedValue({ entries: [nowhere, SCHEDULED], truncated: false });
    renderCalendar("view=week&date=2026-12-02");
    const past = within(await screen.findByRole("list", { name: "Wed, Dec 2" })).getByRole("listitem");
    expect(past.textContent).toContain("Not published: no site was chosen. Edit it to choose a site.");
    const future = within(screen.getByRole("list", { name: "Thu, Dec 3" })).getByRole("listitem");
    expect(future.textContent).not.toContain("Still queued");
  });

  it("offers Retry when the calendar cannot be loaded", async () => {
    vi.mocked(loadCalendarEntries).mockRejectedValueOnce(new Error("offline"));
    const { user } = renderCalendar("date=2026-12-02");
    expect((await screen.findByRole("alert")).textContent).toContain("The calendar could not be loaded.");
    expect(notifyError).toHaveBeenCalledWith("Failed to load the calendar");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("list", { name: "Entries on Thursday, December 3, 2026" })).toBeTruthy();
  });
});
