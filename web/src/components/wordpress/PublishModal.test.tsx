import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPublications, publishArticle, PublishError, type PublishArticleResult } from "../../data/publishing";
import { listWordPressSites, type WordPressSite } from "../../data/wordpressSites";
import { notifyError, notifySuccess } from "../../lib/notify";
import PublishModal from "./PublishModal";

vi.mock("../../data/supabase", () => ({ supabase: {} }));
vi.mock("../../data/wordpressSites", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../data/wordpressSites")>()),
  listWordPressSites: vi.fn(),
}));
vi.mock("../../data/publishing", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../data/publishing")>()),
  publishArticle: vi.fn(),
  loadPublications: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ARTICLE = { id: "11111111-1111-4111-8111-111111111111", title: "Ten days in the Alps" };

const SITES: WordPressSite[] = [
  {
    id: "site-1",
    user_id: "user-1",
    name: "Travel blog",
    site_url: "https://travel.example.com",
    username: "ada",
    base_url: "https://travel.example.com/wp-json/wp/v2",
    seo_plugin: "yoast",
    created_at: "2026-11-22T12:00:00Z",
    updated_at: "2026-11-22T12:00:00Z",
  },
];

const RESULT: PublishArticleResult = {
  link: "https://travel.example.com/ten-days-in-the-alps/",
  remotePostId: 42,
  status: "publish",
  updated: false,
  seo: "written",
  warnings: [],
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((settle, fail) => ((resolve = settle), (reject = fail)));
  return { promise, resolve, reject };
}

function renderModal(sites: WordPressSite[] | Promise<WordPressSite[]> = SITES) {
  vi.mocked(listWordPressSites).mockReturnValue(Promise.resolve(sites));
  vi.mocked(loadPublications).mockResolvedValue(new Map());
  const onClose = vi.fn();
  const onPublished = vi.fn();
  render(<PublishModal article={ARTICLE} onClose={onClose} onPublished={onPublished} />);
  return { onClose, onPublished };
}

async function chooseSiteAndPublish(user: ReturnType<typeof userEvent.setup>, status = "Publish Immediately") {
  await user.selectOptions(await screen.findByLabelText("Select WordPress Site"), "Travel blog (https://travel.example.com)");
  await user.selectOptions(screen.getByLabelText("Post Status"), status);
  await user.click(screen.getByRole("button", { name: "Publish" }));
}

const stepStates = () =>
  within(screen.getByRole("list", { name: "Publishing progress" }))
    .getAllByRole("listitem")
    .map((item) => `${item.textContent?.replace(/\s*\(.*\)$/, "").replace(/^[○✓✗–]/, "")}: ${item.dataset.state}`);

afterEach(() => vi.useRealTimers());

describe("PublishModal", () => {
  it("shows Loading sites... while the sites load", async () => {
    const sites = deferred<WordPressSite[]>();
    renderModal(sites.promise);
    expect(screen.getByText("Loading sites...")).toBeTruthy();
    await act(async () => sites.resolve(SITES));
    expect(screen.queryByText("Loading sites...")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Publish to WordPress" })).toBeTruthy();
  });

  it("sends the user to add a site when none is connected", async () => {
    renderModal([]);
    expect(await screen.findByText(/No WordPress sites connected\. Please add a site first\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a WordPress site" }).getAttribute("href")).toBe("/wordpress-sites");
    expect(screen.getByRole("button", { name: "Publish" })).toHaveProperty("disabled", true);
  });

  it("shows a load error with Retry", async () => {
    vi.mocked(listWordPressSites).mockRejectedValueOnce(new Error("JWT expired")).mockResolvedValueOnce(SITES);
    vi.mocked(loadPublications).mockResolvedValue(new Map());
    const user = userEvent.setup();
    render(<PublishModal article={ARTICLE} onClose={vi.fn()} onPublished={vi.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Error: JWT expired");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Select WordPress Site")).toBeTruthy();
  });

  it("offers Draft and Publish Immediately, Draft first", async () => {
    renderModal();
    const status = (await screen.findByLabelText("Post Status")) as HTMLSelectElement;
    expect([...status.options].map((option) => option.text)).toEqual(["Draft", "Publish Immediately"]);
    expect(status.value).toBe("draft");
  });

  it("requires a site", async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByLabelText("Select WordPress Site");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const select = screen.getByLabelText("Select WordPress Site");
    expect(document.getElementById(select.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Please select a WordPress site",
    );
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(publishArticle).not.toHaveBeenCalled();
  });

  it("shows the server's steps advancing while it publishes, all done on success", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const published = deferred<PublishArticleResult>();
    vi.mocked(publishArticle).mockReturnValue(published.promise);
    const { onPublished } = renderModal();

    await chooseSiteAndPublish(user);
    expect(publishArticle).toHaveBeenCalledWith({ articleId: ARTICLE.id, siteId: "site-1", status: "publish" });
    expect(stepStates()).toEqual([
      "Resolving categories and tags: active",
      "Uploading featured image: active",
      "Creating the post: pending",
      "Saving SEO fields: pending",
      "Updating article status: pending",
    ]);
    expect(screen.getByRole("button", { name: "Publish" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);

    await act(async () => vi.advanceTimersByTime(2_600));
    expect(stepStates()[2]).toBe("Creating the post: active");
    expect(stepStates()[0]).toBe("Resolving categories and tags: done");

    await act(async () => published.resolve(RESULT));
    expect(stepStates().every((step) => step.endsWith(": done"))).toBe(true);
    expect(screen.getByRole("list", { name: "Publishing progress" }).textContent).toContain("(done)");
    expect(onPublished).toHaveBeenCalledOnce();
  });

  it("shows the success view with View Post, the SEO result and Close", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue(RESULT);
    const { onClose } = renderModal();
    await chooseSiteAndPublish(user);

    expect(await screen.findByText("Article published successfully!")).toBeTruthy();
    const view = screen.getByRole("link", { name: "View Post" });
    expect(view.getAttribute("href")).toBe(RESULT.link);
    expect(view.getAttribute("target")).toBe("_blank");
    expect(view.getAttribute("rel")).toContain("noopener");
    expect(screen.getByText("Created a new post on Travel blog.", { exact: false })).toBeTruthy();
    expect(screen.getByText("SEO fields written.")).toBeTruthy();
    expect(notifySuccess).toHaveBeenCalledWith("Article published successfully to WordPress");
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    const closeButton = screen.getAllByRole("button", { name: "Close" }).find((button) => button.textContent === "Close");
    await user.click(closeButton!);
    expect(onClose).toHaveBeenCalled();
  });

  it("says a re-publish updated the existing post, and when the site takes no SEO fields", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue({
      ...RESULT,
      status: "draft",
      updated: true,
      seo: "not_supported",
      seoMessage: "No SEO plugin was found.",
      warnings: ["WordPress changed the title"],
    });
    renderModal();
    await chooseSiteAndPublish(user, "Draft");
    expect(await screen.findByText("Updated the existing draft on Travel blog.", { exact: false })).toBeTruthy();
    expect(screen.getByText(/This site does not accept SEO fields — see the help on the/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "WordPress Sites page" }).getAttribute("href")).toBe("/wordpress-sites");
    expect(screen.getByText("WordPress changed the title")).toBeTruthy();
    expect(stepStates()[3]).toBe("Saving SEO fields: skipped");
    expect(screen.getByText("No SEO plugin was found.")).toBeTruthy();
  });

  it("says which SEO fields a site refused", async () => {
    const user = userEvent.setup();
    const seoMessage = "Yoast SEO did not save the focus keyword (the site does not accept these fields through the REST API). Enter it in WordPress.";
    vi.mocked(publishArticle).mockResolvedValue({ ...RESULT, seo: "partial", seoMessage });
    renderModal();
    await chooseSiteAndPublish(user);
    expect(await screen.findByText(new RegExp(`^${seoMessage.replace(/[.()]/g, "\\$&")} See the help on the`))).toBeTruthy();
    expect(stepStates()[3]).toBe("Saving SEO fields: done");
  });

  it("shows the server's message and the failed step, and lets the user retry", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockRejectedValueOnce(new PublishError("Failed to upload featured image", "featured_image"));
    const { onPublished } = renderModal();
    await chooseSiteAndPublish(user);

    expect((await screen.findByRole("alert")).textContent).toBe("Failed to upload featured image");
    expect(stepStates()[1]).toBe("Uploading featured image: failed");
    expect(stepStates()[2]).toBe("Creating the post: pending");
    expect(notifyError).toHaveBeenCalledWith("Failed to upload featured image");
    expect(onPublished).not.toHaveBeenCalled();

    vi.mocked(publishArticle).mockResolvedValueOnce(RESULT);
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Article published successfully!")).toBeTruthy();
  });

  it("links to the post when it exists despite a failure", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockRejectedValue(
      new PublishError("Failed to update article status", "article", "https://travel.example.com/p/"),
    );
    renderModal();
    await chooseSiteAndPublish(user);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "View Post" }).getAttribute("href")).toBe("https://travel.example.com/p/");
  });

  it("falls back to the spec's message", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockRejectedValue(new Error(""));
    renderModal();
    await chooseSiteAndPublish(user);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to publish to WordPress"));
  });
});
