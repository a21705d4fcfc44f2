import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPublications, retryScheduledPublication, type Publication } from "./data/publications";
import { notifyError, notifySuccess } from "../../lib/notify";
import PublicationLinks, { SETTLING_REFRESH_MS } from "./PublicationLinks";
import { RETRY_QUEUED } from "./publicationState";
import { publicationsState } from "./publicationsStore";

vi.mock("./data/publications", () => ({ loadPublications: vi.fn(), retryScheduledPublication: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const LIVE: Publication = {
  siteId: "site-1",
  siteName: "Travel blog",
  link: "https://travel.example.com/alps/",
  status: "publish",
  remoteStatus: "publish",
  publishedAt: "2026-11-22 13:57:40.852+00",
  updatedAt: "2026-11-22 13:57:40.852+00",
  lastError: null,
  nextAttemptAt: null,
};

const FAILED: Publication = {
  siteId: "site-2",
  siteName: "Food blog",
  link: null,
  status: "failed",
  remoteStatus: null,
  publishedAt: null,
  updatedAt: "2026-11-23 08:00:00+00",
  lastError: "Failed to publish post",
  nextAttemptAt: null,
};

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const article = (id: string, status = "draft") => ({ id, status });

afterEach(() => {
  vi.useRealTimers();
  publicationsState.byArticle = {};
});

describe("PublicationLinks", () => {
  it("loads the publications of every card rendered together in one query", async () => {
    vi.mocked(loadPublications).mockResolvedValue(
      new Map([
        ["a-1", [LIVE, FAILED]],
        ["a-2", []],
      ]),
    );
    render(
      <>
        <PublicationLinks article={article("a-1", "published")} />
        <PublicationLinks article={article("a-2")} />
      </>,
    );
    const list = await screen.findByRole("list", { name: "WordPress publications" });
    expect(loadPublications).toHaveBeenCalledOnce();
    expect(loadPublications).toHaveBeenCalledWith(["a-1", "a-2"]);

    const [live, failed] = within(list).getAllByRole("listitem");
    const link = within(live).getByRole("link", { name: "Travel blog" });
    expect(link.getAttribute("href")).toBe(LIVE.link);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(live.textContent).toContain("Live");
    expect(live.textContent).toContain("Last published Nov 22, 2026, 1:57 PM");
    expect(within(failed).queryByRole("link")).toBeNull();
    expect(failed.textContent).toContain("Failed Nov 23, 2026, 8:00 AM: Failed to publish post");
    expect(within(failed).queryByRole("button", { name: /Retry/ })).toBeNull();
    expect(screen.getAllByRole("list")).toHaveLength(1);
  });

  it("shows what is on the site apart from how the last attempt went", async () => {
    vi.mocked(loadPublications).mockResolvedValue(
      new Map([["a-1", [{ ...LIVE, status: "failed", lastError: "The site did not respond in time" }, { ...LIVE, siteId: "s-3", siteName: "Notes", remoteStatus: "future" }]]]),
    );
    render(<PublicationLinks article={article("a-1", "published")} />);
    const [failed, future] = await screen.findAllByRole("listitem");
    expect(failed.textContent).toContain("The site did not respond in time");
    expect(failed.textContent).toContain("The post on the site is still live.");
    expect(future.textContent).toContain("Scheduled on WordPress");
  });

  it("says when an article marked Published is on no site, and shows nothing for a draft", async () => {
    vi.mocked(loadPublications).mockResolvedValue(new Map([["a-1", []], ["a-2", []]]));
    const { container } = render(
      <>
        <PublicationLinks article={article("a-1", "published")} />
        <div data-testid="draft">
          <PublicationLinks article={article("a-2", "draft")} />
        </div>
      </>,
    );
    expect(await screen.findByText("Marked Published, but not published to a connected site.")).toBeTruthy();
    expect(within(container.querySelector<HTMLElement>("[data-testid=draft]")!).queryByText(/./)).toBeNull();
  });

  it("offers Retry for a failed scheduled publication and queues it for the scheduler", async () => {
    const user = userEvent.setup();
    const waiting = { ...FAILED, nextAttemptAt: inAnHour(), lastError: "The site did not respond in time" };
    vi.mocked(loadPublications)
      .mockResolvedValueOnce(new Map([["a-1", [waiting]]]))
      .mockResolvedValue(new Map([["a-1", [{ ...waiting, nextAttemptAt: new Date().toISOString() }]]]));
    vi.mocked(retryScheduledPublication).mockResolvedValue();
    render(<PublicationLinks article={article("a-1", "scheduled")} />);
    const item = await screen.findByRole("listitem");
    expect(item.textContent).toMatch(/Next attempt /);

    await user.click(within(item).getByRole("button", { name: "Retry publishing to Food blog" }));
    expect(retryScheduledPublication).toHaveBeenCalledWith("a-1", "site-2");
    expect(notifySuccess).toHaveBeenCalledWith(RETRY_QUEUED);
    await waitFor(() => expect(screen.getByRole("listitem").textContent).toContain(RETRY_QUEUED));
    expect(screen.queryByRole("button", { name: /Retry/ })).toBeNull();
  });

  it("says when a retry could not be queued", async () => {
    const user = userEvent.setup();
    vi.mocked(loadPublications).mockResolvedValue(new Map([["a-1", [{ ...FAILED, nextAttemptAt: inAnHour() }]]]));
    vi.mocked(retryScheduledPublication).mockRejectedValue(new Error("No failed scheduled publication"));
    render(<PublicationLinks article={article("a-1", "scheduled")} />);
    await user.click(await screen.findByRole("button", { name: "Retry publishing to Food blog" }));
    expect(notifyError).toHaveBeenCalledWith("Could not queue the retry");
  });

  it("reads a publication that is being published again until it settles", async () => {
    vi.useFakeTimers();
    vi.mocked(loadPublications)
      .mockResolvedValueOnce(new Map([["a-1", [{ ...LIVE, status: "pending", claimedUntil: inAnHour() }]]]))
      .mockResolvedValue(new Map([["a-1", [LIVE]]]));
    render(<PublicationLinks article={article("a-1", "scheduled")} />);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole("listitem").textContent).toContain("Publishing…");
    await act(() => vi.advanceTimersByTimeAsync(SETTLING_REFRESH_MS));
    expect(screen.getByRole("listitem").textContent).toContain("Live");
    expect(loadPublications).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(SETTLING_REFRESH_MS * 3));
    expect(loadPublications).toHaveBeenCalledTimes(2);
  });

  it("says a publish was interrupted when its claim lapsed, and stops reading it again", async () => {
    vi.useFakeTimers();
    const lapsed = new Date(Date.now() - 60_000).toISOString();
    vi.mocked(loadPublications).mockResolvedValue(new Map([["a-1", [{ ...LIVE, status: "pending", claimedUntil: lapsed }]]]));
    render(<PublicationLinks article={article("a-1", "published")} />);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const item = screen.getByRole("listitem").textContent;
    expect(item).toContain("Interrupted");
    expect(item).toContain("The last publish stopped before it finished; the post on the site is live.");
    expect(item).toContain("never made twice");
    await act(() => vi.advanceTimersByTimeAsync(SETTLING_REFRESH_MS * 3));
    expect(loadPublications).toHaveBeenCalledTimes(1);
  });

  it("shows nothing when publications cannot be loaded", async () => {
    vi.mocked(loadPublications).mockRejectedValue(new Error("offline"));
    const { container } = render(<PublicationLinks article={article("a-3")} />);
    await waitFor(() => expect(loadPublications).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });
});
