import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { loadDashboard, type Dashboard } from "./data/dashboard";
import { notifyError } from "../../lib/notify";
import DashboardPage from "./DashboardPage";
import { setSignedIn, testUser } from "../../../test/session";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/dashboard", () => ({ loadDashboard: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

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
    expect(screen.getByRole("heading", { level: 1, name: `Welcome back, ${testUser.email}` })).toBeTruthy();
    expect(screen.getByText("Here's what's happening with your content")).toBeTruthy();
    await screen.findByText("Spring planting guide");
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
    const list = await screen.findByRole("list");
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
    expect(screen.queryByRole("list")).toBeNull();
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
});
