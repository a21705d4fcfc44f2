import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArticleSummary } from "./data/articleList";
import { ArticleCard } from "./ArticleCard";
import { loadPublications, type Publication } from "../publishing/data/publications";

vi.mock("../publishing/data/publications", () => ({ loadPublications: vi.fn(), retryScheduledPublication: vi.fn() }));

vi.mock("../publishing/PublicationLinks", () => ({
  default: ({ article }: { article: { id: string; status: string } }) => (
    <p>
      Publications of {article.id} ({article.status})
    </p>
  ),
}));

const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

function summary(overrides: Partial<ArticleSummary>): ArticleSummary {
  return {
    id: "a1",
    title: "Winter walks",
    excerpt: "Short days, long walks.",
    status: "draft",
    featuredImageUrl: null,
    categories: [],
    tags: [],
    createdAt: new Date("2026-11-20T10:00:00Z"),
    updatedAt: new Date("2026-11-20T10:00:00Z"),
    scheduledFor: null,
    scheduledSiteNames: [],
    cursor: "c1",
    ...overrides,
  };
}

const renderCard = (article: ArticleSummary, seo: { score: number | null; low?: boolean } = { score: null }) =>
  render(
    <ArticleCard
      article={article}
      deleting={false}
      previewing={false}
      seoScore={seo.score}
      seoScoreLow={seo.low ?? false}
      onAction={vi.fn()}
    />,
  );

describe("ArticleCard SEO score", () => {
  it("shows the score of the article's current text in its band", () => {
    renderCard(summary({}), { score: 84 });
    const badge = within(screen.getByRole("article", { name: "Winter walks" })).getByText("SEO score 84 of 100").parentElement!;
    expect(badge.dataset.band).toBe("good");
    expect(badge.textContent).toBe("SEO 84SEO score 84 of 100");
  });

  it("marks a score below the warning level", () => {
    renderCard(summary({}), { score: 41, low: true });
    const badge = screen.getByText("SEO score 41 of 100, below your warning level").parentElement!;
    expect(badge.dataset.band).toBe("poor");
    expect(badge.dataset.below).toBe("true");
  });

  it("says when the current text has not been scored", () => {
    renderCard(summary({}));
    expect(screen.getByText("SEO score: not scored yet").parentElement!.dataset.band).toBe("none");
  });
});

describe("ArticleCard schedule", () => {
  it("shows when a scheduled article goes out and to which sites, in the browser's time zone", async () => {
    renderCard(
      summary({
        status: "scheduled",
        scheduledFor: new Date("2036-12-03T09:30:00Z"),
        scheduledSiteNames: ["Food blog", "Travel blog"],
      }),
    );
    const card = screen.getByRole("article", { name: "Winter walks" });
    expect(within(card).getByText("Scheduled").dataset.tone).toBe("blue");
    const schedule = card.querySelector(".article-card-schedule")!;
    expect(schedule.textContent).toBe("Scheduled for Dec 3, 2036, 9:30 AM to Food blog, Travel blog");
    expect(schedule.querySelector("time")?.getAttribute("dateTime")).toBe("2036-12-03T09:30:00.000Z");
    expect(await within(card).findByText("Publications of a1 (scheduled)")).toBeTruthy();
  });

  it("uses the browser's time zone", () => {
    process.env.TZ = "Asia/Tokyo";
    renderCard(summary({ status: "scheduled", scheduledFor: new Date("2036-12-03T20:30:00Z"), scheduledSiteNames: ["Travel blog"] }));
    expect(document.querySelector(".article-card-schedule")?.textContent).toBe(
      "Scheduled for Dec 4, 2036, 5:30 AM to Travel blog",
    );
  });

  it("says when a scheduled article has no site to go to", () => {
    renderCard(summary({ status: "scheduled", scheduledFor: new Date("2036-12-03T09:30:00Z") }));
    expect(document.querySelector(".article-card-schedule")?.textContent).toBe(
      "Scheduled for Dec 3, 2036, 9:30 AM (no site chosen: it will not be published anywhere)",
    );
  });

  it("shows no schedule for other statuses, and keeps the status badge apart from the publications", async () => {
    renderCard(summary({ status: "published" }));
    const card = screen.getByRole("article", { name: "Winter walks" });
    expect(card.querySelector(".article-card-schedule")).toBeNull();
    expect(within(card).getByText("Published").dataset.tone).toBe("green");
    expect(await within(card).findByText("Publications of a1 (published)")).toBeTruthy();
  });
});

describe("ArticleCard past-due schedule", () => {
  const DUE = new Date(Date.now() - 30 * 60_000);
  const publication = (overrides: Partial<Publication>): Publication => ({
    siteId: "s1",
    siteName: "Food blog",
    link: null,
    status: "failed",
    remoteStatus: null,
    publishedAt: null,
    updatedAt: new Date(DUE.getTime() + 60_000).toISOString(),
    lastError: "WordPress answered 500",
    nextAttemptAt: null,
    claimedUntil: null,
    ...overrides,
  });
  const renderDue = (id: string, publications: Publication[], siteNames = ["Food blog"]) => {
    vi.mocked(loadPublications).mockImplementation((ids) => Promise.resolve(new Map(ids.map((one) => [one, publications]))));
    renderCard(summary({ id, status: "scheduled", scheduledFor: DUE, scheduledSiteNames: siteNames }));
  };
  const scheduleText = () => document.querySelector(".article-card-schedule")?.textContent;

  it("says it is still queued when the scheduler has not taken it yet", async () => {
    renderDue("due-queued", []);
    await waitFor(() => expect(scheduleText()).toMatch(/^Was due .+ to Food blog: still queued\. The scheduler publishes it on its next run\.$/));
    expect(scheduleText()).not.toContain("Scheduled for");
  });

  it("says it failed, and where, since the time came (the reason and Retry are in the publications)", async () => {
    renderDue("due-failed", [publication({})]);
    await waitFor(() => expect(scheduleText()).toMatch(/^Was due .+: failed on Food blog \(the reason is below\)\.$/));
    expect(document.querySelector(".article-card-schedule-failed")).toBeTruthy();
  });

  it("says it is being published now", async () => {
    renderDue("due-publishing", [
      publication({ status: "pending", lastError: null, claimedUntil: new Date(Date.now() + 60_000).toISOString() }),
    ]);
    await waitFor(() => expect(scheduleText()).toMatch(/^Was due .+: publishing to Food blog now…$/));
  });

  it("does not count a failure from before the time came", async () => {
    renderDue("due-old-failure", [publication({ updatedAt: new Date(DUE.getTime() - 60_000).toISOString() })]);
    await waitFor(() => expect(scheduleText()).toContain("still queued"));
  });

  it("says nothing went out when no site was chosen", () => {
    renderDue("due-nowhere", [], []);
    expect(scheduleText()).toMatch(/^Was due .+: no site was chosen, so it was not published\. Edit it to choose a site\.$/);
  });
});
