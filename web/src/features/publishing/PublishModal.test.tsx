import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPublications, type Publication } from "./data/publications";
import {
  publishArticle,
  PublishError,
  PUBLISH_INTERRUPTED,
  type PublishArticleResult,
  type PublishOptions,
  type PublishStepEvent,
} from "./data/publishing";
import { listConnectedSites, type ConnectedSite } from "../sites/data/sites";
import { notifyError, notifySuccess } from "../../lib/notify";
import PublishModal from "./PublishModal";
import { publicationsState } from "./publicationsStore";

vi.mock("../../backend/supabase", () => ({ supabase: {} }));
vi.mock("../sites/data/sites", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../sites/data/sites")>()),
  listConnectedSites: vi.fn(),
}));
vi.mock("./data/publishing", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./data/publishing")>()),
  publishArticle: vi.fn(),
}));
vi.mock("./data/publications", () => ({ loadPublications: vi.fn(), retryScheduledPublication: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ARTICLE = { id: "11111111-1111-4111-8111-111111111111", title: "Ten days in the Alps", status: "draft" };

function site(id: string, name: string, url: string): ConnectedSite {
  return {
    id,
    user_id: "user-1",
    kind: "wordpress",
    name,
    site_url: url,
    username: "ada",
    base_url: `${url}/wp-json/wp/v2`,
    seo_plugin: "yoast",
    created_at: "2026-11-22T12:00:00Z",
    updated_at: "2026-11-22T12:00:00Z",
  };
}

const TRAVEL = site("site-1", "Travel blog", "https://travel.example.com");
const FOOD = site("site-2", "Food blog", "https://food.example.com");
const SITES = [TRAVEL, FOOD];

const LIVE_ON_TRAVEL: Publication = {
  siteId: "site-1",
  siteName: "Travel blog",
  link: "https://travel.example.com/ten-days-in-the-alps/",
  status: "publish",
  remoteStatus: "publish",
  publishedAt: "2026-11-22 13:57:40+00",
  updatedAt: "2026-11-22 13:57:40+00",
  lastError: null,
  nextAttemptAt: null,
};

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

function renderModal({
  sites = SITES,
  publications = [],
  article = ARTICLE,
}: {
  sites?: ConnectedSite[] | Promise<ConnectedSite[]>;
  publications?: Publication[];
  article?: typeof ARTICLE;
} = {}) {
  vi.mocked(listConnectedSites).mockReturnValue(Promise.resolve(sites));
  vi.mocked(loadPublications).mockResolvedValue(new Map([[article.id, publications]]));
  const onClose = vi.fn();
  const onPublished = vi.fn();
  render(<PublishModal article={article} onClose={onClose} onPublished={onPublished} />);
  return { onClose, onPublished };
}

const chooseSite = async (user: ReturnType<typeof userEvent.setup>, name = "Travel blog (https://travel.example.com)") =>
  user.selectOptions(await screen.findByLabelText("Select WordPress Site"), name);

const statusField = () => screen.getByLabelText("Post Status") as HTMLSelectElement;
const publishButton = () => screen.getByRole("button", { name: "Publish" });

/** "Label: state" per step; a skipped or failed step's note after " — ". */
const stepStates = () =>
  within(screen.getByRole("list", { name: "Publishing progress" }))
    .getAllByRole("listitem")
    .map((item) => `${item.textContent?.replace(/^[○✓✗–?]/, "").replace(/\s*\([^)]*\)/, "")}: ${item.dataset.state}`);

/** publishArticle that reports `events` through onStep, then waits for `outcome`. */
function publishReporting(outcome: Promise<PublishArticleResult>) {
  let report!: (event: PublishStepEvent) => void;
  vi.mocked(publishArticle).mockImplementation((_request, options?: PublishOptions) => {
    report = (event) => options?.onStep?.(event);
    return outcome;
  });
  return (event: PublishStepEvent) => act(() => report(event));
}

afterEach(() => {
  publicationsState.byArticle = {};
});

describe("PublishModal", () => {
  it("shows Loading sites... while the sites load", async () => {
    const sites = deferred<ConnectedSite[]>();
    renderModal({ sites: sites.promise });
    expect(screen.getByText("Loading sites...")).toBeTruthy();
    await act(async () => sites.resolve(SITES));
    expect(screen.queryByText("Loading sites...")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Publish to WordPress" })).toBeTruthy();
  });

  it("sends the user to add a site when none is connected", async () => {
    renderModal({ sites: [] });
    expect(await screen.findByText(/No WordPress sites connected\. Please add a site first\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a WordPress site" }).getAttribute("href")).toBe("/wordpress-sites");
    expect(publishButton()).toHaveProperty("disabled", true);
  });

  it("shows a load error with Retry", async () => {
    vi.mocked(listConnectedSites).mockRejectedValueOnce(new Error("JWT expired")).mockResolvedValueOnce(SITES);
    vi.mocked(loadPublications).mockResolvedValue(new Map());
    const user = userEvent.setup();
    render(<PublishModal article={ARTICLE} onClose={vi.fn()} onPublished={vi.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Error: JWT expired");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Select WordPress Site")).toBeTruthy();
  });

  it("shows where the article already is, apart from its status", async () => {
    const failedOnFood: Publication = {
      ...LIVE_ON_TRAVEL,
      siteId: "site-2",
      siteName: "Food blog",
      link: null,
      status: "failed",
      remoteStatus: null,
      publishedAt: null,
      updatedAt: "2026-11-23 08:00:00+00",
      lastError: "The site did not respond in time",
    };
    renderModal({ publications: [LIVE_ON_TRAVEL, failedOnFood] });
    const where = await screen.findByRole("region", { name: "On WordPress" });
    const [travel, food] = await within(where).findAllByRole("listitem");
    expect(within(travel).getByRole("link", { name: "Travel blog" }).getAttribute("href")).toBe(LIVE_ON_TRAVEL.link);
    expect(travel.textContent).toContain("Live");
    expect(travel.textContent).toContain("Last published Nov 22, 2026, 1:57 PM");
    expect(food.textContent).toContain("Failed");
    expect(food.textContent).toContain("Failed Nov 23, 2026, 8:00 AM: The site did not respond in time");
  });

  it("says when an article marked Published is on no site", async () => {
    renderModal({ article: { ...ARTICLE, status: "published" } });
    expect(
      await screen.findByText(
        "Not published to any site yet. This article is marked Published, but it is not on a connected site.",
      ),
    ).toBeTruthy();
  });

  it("offers Draft and Publish Immediately; Publish Immediately by default for a site without the post", async () => {
    const user = userEvent.setup();
    renderModal({ publications: [LIVE_ON_TRAVEL] });
    await screen.findByLabelText("Select WordPress Site");
    expect([...statusField().options].map((option) => option.text)).toEqual(["Draft", "Publish Immediately"]);
    expect(statusField().value).toBe("publish");
    await chooseSite(user, "Food blog (https://food.example.com)");
    expect(statusField().value).toBe("publish");
  });

  it("chooses the only connected site already, and publishes it live by default", async () => {
    const user = userEvent.setup();
    renderModal({ sites: [TRAVEL] });
    const select = (await screen.findByLabelText("Select WordPress Site")) as HTMLSelectElement;
    expect(select.value).toBe("site-1");
    expect(statusField().value).toBe("publish");
    vi.mocked(publishArticle).mockResolvedValue(RESULT);
    await user.click(publishButton());
    expect(publishArticle).toHaveBeenCalledWith(
      { articleId: ARTICLE.id, siteId: "site-1", status: "publish" },
      expect.objectContaining({ onStep: expect.any(Function) }),
    );
  });

  it("chooses no site for the user when there are several", async () => {
    renderModal();
    expect(((await screen.findByLabelText("Select WordPress Site")) as HTMLSelectElement).value).toBe("");
  });

  it("offers Schedule… (publish later, to several sites) when the editor can schedule", async () => {
    const user = userEvent.setup();
    vi.mocked(listConnectedSites).mockResolvedValue(SITES);
    vi.mocked(loadPublications).mockResolvedValue(new Map());
    const onSchedule = vi.fn();
    render(<PublishModal article={ARTICLE} onClose={vi.fn()} onPublished={vi.fn()} onSchedule={onSchedule} />);
    await user.click(await screen.findByRole("button", { name: "Schedule…" }));
    expect(onSchedule).toHaveBeenCalledTimes(1);
  });

  it("has no Schedule… where nothing can schedule (the list's card)", async () => {
    renderModal();
    await screen.findByLabelText("Select WordPress Site");
    expect(screen.queryByRole("button", { name: "Schedule…" })).toBeNull();
  });

  it("keeps a live post live: Publish Immediately by default for the site where it is live", async () => {
    const user = userEvent.setup();
    renderModal({ publications: [LIVE_ON_TRAVEL] });
    await screen.findByRole("link", { name: "Travel blog" });
    await chooseSite(user);
    expect(statusField().value).toBe("publish");
    const note = document.getElementById(statusField().getAttribute("aria-describedby")!);
    expect(note?.textContent).toBe("This post is live on Travel blog: Publish Immediately keeps it live and updates it.");

    vi.mocked(publishArticle).mockResolvedValue({ ...RESULT, updated: true });
    await user.click(publishButton());
    expect(publishArticle).toHaveBeenCalledWith(
      { articleId: ARTICLE.id, siteId: "site-1", status: "publish" },
      expect.objectContaining({ onStep: expect.any(Function) }),
    );
    expect(await screen.findByText("Post updated on Travel blog")).toBeTruthy();
    expect(screen.getByText("It stays live.", { exact: false })).toBeTruthy();
    expect(notifySuccess).toHaveBeenCalledWith("Post updated on Travel blog");
  });

  it("lists Ghost sites with WordPress sites and publishes to one through the same request", async () => {
    const user = userEvent.setup();
    const ghost: ConnectedSite = {
      ...site("site-3", "Ghost journal", "https://journal.example.com"),
      kind: "ghost",
      username: null,
      base_url: "https://journal.example.com/ghost/api/admin/",
      seo_plugin: null,
    };
    renderModal({ sites: [TRAVEL, ghost] });
    const select = (await screen.findByLabelText("Select WordPress Site")) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      "Choose a site",
      "Travel blog (https://travel.example.com)",
      "Ghost journal (Ghost, https://journal.example.com)",
    ]);
    await chooseSite(user, "Ghost journal (Ghost, https://journal.example.com)");
    await user.selectOptions(statusField(), "Publish Immediately");
    vi.mocked(publishArticle).mockResolvedValue({
      ...RESULT,
      link: "https://journal.example.com/ten-days-in-the-alps/",
      remotePostId: "6a1b2c3d4e5f60718293a4b5",
    });
    await user.click(publishButton());
    expect(publishArticle).toHaveBeenCalledWith(
      { articleId: ARTICLE.id, siteId: "site-3", status: "publish" },
      expect.objectContaining({ onStep: expect.any(Function) }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article published successfully to Ghost"));
  });

  it("asks before a live post becomes a draft; Cancel publishes nothing", async () => {
    const user = userEvent.setup();
    renderModal({ publications: [LIVE_ON_TRAVEL] });
    await screen.findByRole("link", { name: "Travel blog" });
    await chooseSite(user);
    await user.selectOptions(statusField(), "Draft");
    await user.click(publishButton());

    const confirm = screen.getByRole("alertdialog", { name: "Unpublish this post?" });
    expect(document.getElementById(confirm.getAttribute("aria-describedby")!)?.textContent).toBe(
      "This post is live on Travel blog. Switching it to Draft will unpublish it. Continue?",
    );
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Cancel" }));
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(publishArticle).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Publish to WordPress" })).toBeTruthy();
  });

  it("switches a live post to Draft once confirmed, and says it is no longer live", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue({ ...RESULT, status: "draft", updated: true });
    renderModal({ publications: [LIVE_ON_TRAVEL] });
    await screen.findByRole("link", { name: "Travel blog" });
    await chooseSite(user);
    await user.selectOptions(statusField(), "Draft");
    await user.click(publishButton());
    await user.click(screen.getByRole("button", { name: "Switch to Draft" }));

    expect(publishArticle).toHaveBeenCalledWith({ articleId: ARTICLE.id, siteId: "site-1", status: "draft" }, expect.anything());
    expect(await screen.findByText("Saved as a draft on Travel blog")).toBeTruthy();
    expect(screen.getByText("The post is no longer live.", { exact: false })).toBeTruthy();
    expect(notifySuccess).toHaveBeenCalledWith("Saved as a draft on Travel blog");
  });

  it("does not ask when the post on that site is not live", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue({ ...RESULT, status: "draft", updated: true });
    renderModal({ publications: [{ ...LIVE_ON_TRAVEL, status: "draft", remoteStatus: "draft" }] });
    await screen.findByRole("link", { name: "Travel blog" });
    await chooseSite(user);
    expect(statusField().value).toBe("draft");
    await user.click(publishButton());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(await screen.findByText("Saved as a draft on Travel blog")).toBeTruthy();
    expect(screen.getByText("The existing draft was updated.", { exact: false })).toBeTruthy();
  });

  it("requires a site", async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByLabelText("Select WordPress Site");
    await user.click(publishButton());
    const select = screen.getByLabelText("Select WordPress Site");
    expect(document.getElementById(select.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Please select a WordPress site",
    );
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(select);
    expect(publishArticle).not.toHaveBeenCalled();
  });

  it("shows what is happening with the seconds elapsed, and the server's steps as they come", async () => {
    const user = userEvent.setup();
    const published = deferred<PublishArticleResult>();
    const report = publishReporting(published.promise);
    const { onPublished } = renderModal();
    await chooseSite(user);
    await user.selectOptions(statusField(), "Publish Immediately");
    await user.click(publishButton());

    expect(screen.getByRole("status").textContent).toBe("Publishing to Travel blog… 0 s");
    expect(screen.queryByRole("list", { name: "Publishing progress" })).toBeNull();
    expect(publishButton()).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);

    await report({ name: "terms", state: "skipped", reason: "no_terms" });
    await report({ name: "featured_image", state: "started" });
    await report({ name: "body_images", state: "started" });
    expect(screen.getByRole("status").textContent).toMatch(/^Publishing to Travel blog… \d+ s$/);
    expect(stepStates()).toEqual([
      "Resolving categories and tags — skipped: no categories or tags: skipped",
      "Uploading featured image: active",
      "Uploading images in the article: active",
      "Creating the post: pending",
      "Saving SEO fields: pending",
      "Updating article status: pending",
    ]);

    await report({ name: "featured_image", state: "done" });
    await report({ name: "body_images", state: "done" });
    await report({ name: "post", state: "started", action: "create" });
    expect(stepStates().slice(1, 4)).toEqual([
      "Uploading featured image: done",
      "Uploading images in the article: done",
      "Creating the post: active",
    ]);
    await report({ name: "post", state: "done" });
    await report({ name: "seo", state: "skipped", reason: "no_seo_fields" });
    await report({ name: "article", state: "started" });
    await report({ name: "article", state: "done" });
    expect(onPublished).not.toHaveBeenCalled();

    await act(async () => published.resolve(RESULT));
    expect(stepStates()).toEqual([
      "Resolving categories and tags — skipped: no categories or tags: skipped",
      "Uploading featured image: done",
      "Uploading images in the article: done",
      "Creating the post: done",
      "Saving SEO fields — skipped: no meta description or focus keyword: skipped",
      "Updating article status: done",
    ]);
    expect(onPublished).toHaveBeenCalledOnce();
  });

  it("names the post step as the server does: an update, or a create after all", async () => {
    const user = userEvent.setup();
    const published = deferred<PublishArticleResult>();
    const report = publishReporting(published.promise);
    renderModal({ publications: [LIVE_ON_TRAVEL] });
    await screen.findByRole("link", { name: "Travel blog" });
    await chooseSite(user);
    await user.click(publishButton());
    await report({ name: "featured_image", state: "skipped", reason: "featured_image_on_site" });
    await report({ name: "body_images", state: "skipped", reason: "body_images_on_site" });
    expect(stepStates()[3]).toBe("Updating the post: pending");
    await report({ name: "post", state: "started", action: "update" });
    expect(stepStates()[3]).toBe("Updating the post: active");
    await report({ name: "post", state: "started", action: "create" });
    expect(stepStates()[3]).toBe("Creating the post: active");
    expect(stepStates()[1]).toBe("Uploading featured image — skipped: already on the site: skipped");
    expect(stepStates()[2]).toBe("Uploading images in the article — skipped: already on the site: skipped");
    await act(async () => published.resolve(RESULT));
  });

  it("shows the success view for a new live post: the spec's text, View Post, the SEO result and Close", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue(RESULT);
    const { onClose } = renderModal();
    await chooseSite(user);
    await user.selectOptions(statusField(), "Publish Immediately");
    await user.click(publishButton());

    expect(await screen.findByText("Article published successfully!")).toBeTruthy();
    expect(screen.getByText("A new post is live on Travel blog.", { exact: false })).toBeTruthy();
    const view = screen.getByRole("link", { name: "View Post" });
    expect(view.getAttribute("href")).toBe(RESULT.link);
    expect(view.getAttribute("target")).toBe("_blank");
    expect(view.getAttribute("rel")).toContain("noopener");
    expect(screen.getByText("SEO fields written.")).toBeTruthy();
    expect(notifySuccess).toHaveBeenCalledWith("Article published successfully to WordPress");
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    const closeButton = screen.getAllByRole("button", { name: "Close" }).find((button) => button.textContent === "Close");
    await user.click(closeButton!);
    expect(onClose).toHaveBeenCalled();
  });

  it("says a new draft is a draft", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue({ ...RESULT, status: "draft" });
    renderModal();
    await chooseSite(user);
    await user.click(publishButton());
    expect(await screen.findByText("Saved as a draft on Travel blog")).toBeTruthy();
    expect(screen.queryByText("Article published successfully!")).toBeNull();
  });

  it("reports SEO fields the site did not take", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue({
      ...RESULT,
      seo: "not_supported",
      seoMessage: "No SEO plugin was found.",
      warnings: ["WordPress changed the title"],
    });
    renderModal();
    await chooseSite(user);
    await user.click(publishButton());
    expect(await screen.findByText(/This site does not accept SEO fields — see the help on the/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "WordPress Sites page" }).getAttribute("href")).toBe("/wordpress-sites");
    expect(screen.getByText("WordPress changed the title")).toBeTruthy();
    expect(screen.getByText("No SEO plugin was found.")).toBeTruthy();
  });

  it("shows the server's message and the step that failed, and lets the user try again", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockResolvedValue({ ...RESULT, status: "draft" });
    vi.mocked(publishArticle).mockImplementationOnce(async (_request, options) => {
      options?.onStep?.({ name: "terms", state: "started" });
      options?.onStep?.({ name: "featured_image", state: "started" });
      options?.onStep?.({ name: "terms", state: "done" });
      options?.onStep?.({ name: "featured_image", state: "failed", detail: "The image could not be downloaded (HTTP 404)" });
      throw new PublishError("Failed to upload featured image", "featured_image");
    });
    const { onPublished } = renderModal();
    await chooseSite(user);
    await user.click(publishButton());

    expect((await screen.findByRole("alert")).textContent).toBe("Failed to upload featured image");
    expect(stepStates().slice(0, 4)).toEqual([
      "Resolving categories and tags: done",
      "Uploading featured image — The image could not be downloaded (HTTP 404): failed",
      "Uploading images in the article: pending",
      "Creating the post: pending",
    ]);
    expect(notifyError).toHaveBeenCalledWith("Failed to upload featured image");
    expect(onPublished).not.toHaveBeenCalled();

    await user.click(publishButton());
    expect(await screen.findByText("Saved as a draft on Travel blog")).toBeTruthy();
  });

  it("marks what was running as unknown when the answer breaks off, and reads the publications again", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockImplementation(async (_request, options) => {
      options?.onStep?.({ name: "post", state: "started", action: "create" });
      throw new PublishError(PUBLISH_INTERRUPTED, undefined, undefined, true);
    });
    renderModal();
    await chooseSite(user);
    const loadsBefore = vi.mocked(loadPublications).mock.calls.length;
    await user.click(publishButton());
    expect((await screen.findByRole("alert")).textContent).toBe(PUBLISH_INTERRUPTED);
    expect(stepStates()[3]).toBe("Creating the post: unknown");
    await waitFor(() => expect(vi.mocked(loadPublications).mock.calls.length).toBeGreaterThan(loadsBefore));
  });

  it("links to the post when it exists despite a failure", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockRejectedValue(
      new PublishError("Failed to update article status", "article", "https://travel.example.com/p/"),
    );
    renderModal();
    await chooseSite(user);
    await user.click(publishButton());
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "View Post" }).getAttribute("href")).toBe("https://travel.example.com/p/");
  });

  it("falls back to the spec's message", async () => {
    const user = userEvent.setup();
    vi.mocked(publishArticle).mockRejectedValue(new Error(""));
    renderModal();
    await chooseSite(user);
    await user.click(publishButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to publish to WordPress"));
  });
});
