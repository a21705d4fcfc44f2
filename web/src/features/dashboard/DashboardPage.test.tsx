import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { loadDashboard, type Dashboard } from "./data/dashboard";
import { notifyError } from "../../lib/notify";
import DashboardPage from "./DashboardPage";
import { setSignedIn, testUser } from "../../../test/session";
import { retryScheduledPublication } from "../publishing/data/publications";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/dashboard", () => ({ loadDashboard: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../publishing/data/publications", () => ({ retryScheduledPublication: vi.fn() }));

const DASHBOARD: Dashboard = {
  totalArticles: 12,
  connectedSites: 2,
  draftArticles: 7,
  recentArticles: [
    { id: "a1", title: "Spring planting guide", status: "published", createdAt: new Date(2025, 0, 5, 9) },
    { id: "a2", title: "Autumn recipes", status: "scheduled", createdAt: new Date(2024, 11, 31, 23) },
    { id: "a3", title: "Notes on soil", status: "draft", createdAt: new Date(2024, 10, 2) },
    { id: "a4", title: "Old idea", status: "archived", createdAt: new Date(2024, 9, 15) },
  ],
  setup: { hasTextKey: true, assistants: 3, published: 4 },
  upcoming: [],
  failures: [],
  failedBatches: [],
};

/** A new account: nothing done yet but the default assistants. */
const NEW_ACCOUNT: Dashboard = {
  ...DASHBOARD,
  totalArticles: 0,
  connectedSites: 0,
  draftArticles: 0,
  recentArticles: [],
  setup: { hasTextKey: false, assistants: 3, published: 0 },
};

function renderDashboard() {
  render(
    <Router hook={memoryLocation({ path: "/" }).hook}>
      <DashboardPage />
    </Router>,
  );
}

function statValue(label: string): string | null {
  const card = screen.getByRole("heading", { name: label }).closest("article")!;
  return card.querySelector(".stat-value")!.textContent;
}

beforeEach(() => setSignedIn());

describe("dashboard", () => {
  it("greets the user", async () => {
    vi.mocked(loadDashboard).mockResolvedValue(DASHBOARD);
    renderDashboard();
    await screen.findByText("Spring planting guide");
    expect(screen.getByRole("heading", { level: 1, name: `Welcome back, ${testUser.email}` })).toBeTruthy();
    expect(screen.getByText("Here's what's happening with your content")).toBeTruthy();
  });

  it("shows the three counts for the signed-in user", async () => {
    vi.mocked(loadDashboard).mockResolvedValue(DASHBOARD);
    renderDashboard();
    await screen.findByText("Spring planting guide");
    expect(loadDashboard).toHaveBeenCalledWith(testUser.id);
    expect(statValue("Total Articles")).toBe("12");
    expect(statValue("Connected Sites")).toBe("2");
    expect(statValue("Draft Articles")).toBe("7");
  });

  it("marks the cards busy while loading", () => {
    vi.mocked(loadDashboard).mockReturnValue(new Promise(() => {}));
    renderDashboard();
    const card = screen.getByRole("heading", { name: "Total Articles" }).closest("article")!;
    expect(card.getAttribute("aria-busy")).toBe("true");
    expect(statValue("Total Articles")).toBe("");
  });

  it("lists recent articles with title, date and status badge", async () => {
    vi.mocked(loadDashboard).mockResolvedValue(DASHBOARD);
    renderDashboard();
    const list = within(await screen.findByRole("article", { name: "Recent Activity" })).getByRole("list");
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(4);

    const [first, second, third, fourth] = items;
    expect(within(first).getByRole("link", { name: "Spring planting guide" }).getAttribute("href")).toBe(
      "/articles/edit/a1",
    );
    expect(within(first).getByText("Jan 5, 2025")).toBeTruthy();
    expect(within(second).getByText("Dec 31, 2024")).toBeTruthy();

    const badge = (item: HTMLElement, label: string) => within(item).getByText(label);
    expect(badge(first, "Published").dataset.tone).toBe("green");
    expect(badge(second, "Scheduled").dataset.tone).toBe("blue");
    expect(badge(third, "Draft").dataset.tone).toBe("grey");
    expect(badge(fourth, "Archived").dataset.tone).toBe("grey");
  });

  it("shows the empty state when there are no articles", async () => {
    vi.mocked(loadDashboard).mockResolvedValue({ ...DASHBOARD, recentArticles: [] });
    renderDashboard();
    expect(await screen.findByText("No recent activity to display")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Recent Activity" })).queryByRole("list")).toBeNull();
  });

  it("stays usable when loading fails, and can retry", async () => {
    vi.mocked(loadDashboard).mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce(DASHBOARD);
    const user = userEvent.setup();
    renderDashboard();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load dashboard data"));
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(statValue("Total Articles")).toBe("–");

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Spring planting guide")).toBeTruthy();
    expect(statValue("Total Articles")).toBe("12");
  });

  it("greets a brand-new account without 'back', with the way to a first post and a Create button", async () => {
    vi.mocked(loadDashboard).mockResolvedValue(NEW_ACCOUNT);
    renderDashboard();
    expect(await screen.findByText("Four steps to your first post")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: `Welcome, ${testUser.email}` })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Article" }).getAttribute("href")).toBe("/articles/create");
    const checklist = await screen.findByRole("article", { name: "Get started" });
    expect(checklist.textContent).toContain("1 of 4 done");
    const steps = within(checklist).getAllByRole("listitem");
    expect(steps.map((step) => step.firstChild?.textContent)).toEqual([
      "Add your AI provider key",
      "Choose a writing assistant",
      "Connect your site",
      "Publish your first post",
    ]);
    expect(within(steps[0]).getByRole("link", { name: "Add keys in Profile" }).getAttribute("href")).toBe("/profile");
    expect(within(steps[1]).getByText("Done")).toBeTruthy();
    expect(within(steps[2]).getByRole("link", { name: "Connect a site" }).getAttribute("href")).toBe("/wordpress-sites");
    expect(within(steps[3]).getByRole("link", { name: "Write a post" }).getAttribute("href")).toBe("/articles/create");
  });

  it("welcomes back an account with something in it, and leaves the checklist out once the first post is out", async () => {
    vi.mocked(loadDashboard).mockResolvedValue(DASHBOARD);
    renderDashboard();
    await screen.findByText("Spring planting guide");
    expect(screen.getByRole("heading", { level: 1, name: `Welcome back, ${testUser.email}` })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Get started" })).toBeNull();
    // A key alone makes an account a returning one.
    cleanup();
    vi.mocked(loadDashboard).mockResolvedValue({ ...NEW_ACCOUNT, setup: { ...NEW_ACCOUNT.setup, hasTextKey: true } });
    renderDashboard();
    expect(await screen.findByRole("heading", { level: 1, name: `Welcome back, ${testUser.email}` })).toBeTruthy();
    expect(screen.getByRole("article", { name: "Get started" }).textContent).toContain("2 of 4 done");
  });

  it("lists the next scheduled posts, and failures with Retry where the scheduler can try again", async () => {
    vi.mocked(retryScheduledPublication).mockResolvedValue();
    vi.mocked(loadDashboard).mockResolvedValue({
      ...DASHBOARD,
      upcoming: [{ id: "s1", title: "Winter walks", at: new Date("2027-01-15T18:45:00Z"), siteNames: ["Travel blog"] }],
      failures: [
        {
          articleId: "f1",
          title: "Frost fairs",
          siteId: "site-1",
          siteName: "Travel blog",
          error: "The site did not respond in time",
          failedAt: new Date("2026-11-20T08:00:00Z"),
          nextAttemptAt: new Date(Date.now() + 600_000),
        },
        {
          articleId: "f2",
          title: "Ice skating",
          siteId: "site-1",
          siteName: "Travel blog",
          error: "Failed to publish post",
          failedAt: new Date("2026-11-19T08:00:00Z"),
          nextAttemptAt: null,
        },
      ],
      failedBatches: [{ id: "b1", name: "Winter ideas", failed: 2 }],
    });
    const user = userEvent.setup();
    renderDashboard();
    const upcoming = await screen.findByRole("article", { name: "Scheduled next" });
    expect(upcoming.textContent).toContain("Winter walks");
    expect(upcoming.textContent).toContain("Jan 15, 2027, 6:45 PM to Travel blog");
    const attention = screen.getByRole("article", { name: "Needs your attention" });
    expect(attention.textContent).toContain("Failed on Travel blog, Nov 20, 2026, 8:00 AM: The site did not respond in time");
    expect(within(attention).getByRole("link", { name: "Winter ideas" }).getAttribute("href")).toBe("/batches/b1");
    expect(attention.textContent).toContain("2 ideas could not be drafted");
    expect(within(attention).queryByRole("button", { name: "Retry publishing Ice skating to Travel blog" })).toBeNull();
    await user.click(within(attention).getByRole("button", { name: "Retry publishing Frost fairs to Travel blog" }));
    expect(retryScheduledPublication).toHaveBeenCalledWith("f1", "site-1");
  });
});
