import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { loadPublications, type Publication } from "../../data/publishing";
import PublicationLinks from "./PublicationLinks";

vi.mock("../../data/publishing", () => ({ loadPublications: vi.fn() }));

const PUBLISHED: Publication = {
  siteId: "site-1",
  siteName: "Travel blog",
  link: "https://travel.example.com/alps/",
  status: "publish",
  publishedAt: "2026-11-22 13:57:40.852+00",
  lastError: null,
};

const FAILED: Publication = {
  siteId: "site-2",
  siteName: "Food blog",
  link: null,
  status: "failed",
  publishedAt: null,
  lastError: "Failed to publish post",
};

describe("PublicationLinks", () => {
  it("loads the publications of every card rendered together in one query", async () => {
    vi.mocked(loadPublications).mockResolvedValue(
      new Map([
        ["a-1", [PUBLISHED, FAILED]],
        ["a-2", []],
      ]),
    );
    render(
      <>
        <PublicationLinks articleId="a-1" />
        <PublicationLinks articleId="a-2" />
      </>,
    );
    const list = await screen.findByRole("list", { name: "WordPress publications" });
    expect(loadPublications).toHaveBeenCalledOnce();
    expect(loadPublications).toHaveBeenCalledWith(["a-1", "a-2"]);

    const [published, failed] = within(list).getAllByRole("listitem");
    const link = within(published).getByRole("link", { name: "Travel blog" });
    expect(link.getAttribute("href")).toBe(PUBLISHED.link);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(published.textContent).toContain("Published");
    expect(published.textContent).toContain("Nov 22, 2026");
    expect(within(failed).queryByRole("link")).toBeNull();
    expect(failed.textContent).toContain("Failed");
    expect(failed.textContent).toContain("Failed to publish post");
    expect(screen.getAllByRole("list")).toHaveLength(1);
  });

  it("shows nothing when publications cannot be loaded", async () => {
    vi.mocked(loadPublications).mockRejectedValue(new Error("offline"));
    const { container } = render(<PublicationLinks articleId="a-3" />);
    await waitFor(() => expect(loadPublications).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });
});
