import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSignedIn, setSignedOut } from "../../../test/session";
import {
  connectWordPressSite,
  listConnectedSites,
  recheckSite,
  removeSite,
  setSiteLanguage,
  SiteConnectionError,
  testWordPressConnection,
  updateWordPressSite,
  type ConnectedSite,
} from "./data/sites";
import { listSiteContentSyncs, syncSiteContent, type SiteContentSync } from "../links/data/siteContent";
import { connectGhostSite, GhostConnectionError } from "./data/ghostSites";
import { notifyError, notifySuccess } from "../../lib/notify";
import WordPressSitesPage from "./SitesPage";
import { WORDPRESS_MESSAGES } from "@contracts/sites";

vi.mock("../../backend/supabase", () => ({ supabase: {} }));
vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/sites", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./data/sites")>()),
  listConnectedSites: vi.fn(),
  removeSite: vi.fn(),
  testWordPressConnection: vi.fn(),
  connectWordPressSite: vi.fn(),
  updateWordPressSite: vi.fn(),
  recheckSite: vi.fn(),
  setSiteLanguage: vi.fn(),
}));
vi.mock("../links/data/siteContent", () => ({ listSiteContentSyncs: vi.fn(), syncSiteContent: vi.fn() }));
vi.mock("./data/ghostSites", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./data/ghostSites")>()),
  connectGhostSite: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

function site(overrides: Partial<ConnectedSite> = {}): ConnectedSite {
  return {
    id: "site-1",
    user_id: "user-1",
    kind: "wordpress",
    name: "Travel blog",
    site_url: "https://travel.example.com",
    username: "ada",
    base_url: "https://travel.example.com/wp-json/wp/v2",
    seo_plugin: "yoast",
    created_at: "2026-11-22 13:57:40.852+00",
    updated_at: "2026-11-22 13:57:40.852+00",
    ...overrides,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

const SYNC_RESULT = { mode: "full" as const, upserted: 3, removed: 0, entryCount: 3, truncated: false, syncedAt: "2026-11-24T10:00:00.000Z" };

async function renderPage(sites: ConnectedSite[] = [site()], syncs: SiteContentSync[] = []) {
  vi.mocked(listConnectedSites).mockResolvedValue(sites);
  vi.mocked(listSiteContentSyncs).mockResolvedValue(syncs);
  const user = userEvent.setup();
  render(<WordPressSitesPage />);
  await waitFor(() => expect(screen.getByRole("region", { name: "Connected sites" }).getAttribute("aria-busy")).toBe("false"));
  return user;
}

async function openConnectModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Add Site" }));
  return screen.getByRole("dialog", { name: "Connect WordPress Site" });
}

async function fillSiteForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Site Name"), "Food blog");
  await user.type(screen.getByLabelText("Site URL"), "https://food.example.com");
  await user.type(screen.getByLabelText("Username"), "ada");
  await user.type(screen.getByLabelText("Application Password"), "abcd efgh ijkl");
}

beforeEach(() => {
  setSignedIn();
  vi.mocked(listSiteContentSyncs).mockResolvedValue([]);
  vi.mocked(syncSiteContent).mockResolvedValue(SYNC_RESULT);
});

describe("WordPress Sites page", () => {
  it("shows a card per site with its name, URL and a Remove button", async () => {
    await renderPage([site(), site({ id: "site-2", name: "Food blog", site_url: "https://food.example.com", seo_plugin: null })]);
    expect(screen.getByRole("heading", { level: 1, name: "WordPress Sites" })).toBeTruthy();
    const card = screen.getByRole("article", { name: "Travel blog" });
    expect(within(card).getByRole("link", { name: "https://travel.example.com" }).getAttribute("rel")).toContain("noopener");
    expect(within(card).getByText("Yoast SEO")).toBeTruthy();
    expect(within(card).getByText("Nov 22, 2026")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Remove Travel blog" }).textContent).toBe("Remove");
    expect(within(screen.getByRole("article", { name: "Food blog" })).getByText("None detected")).toBeTruthy();
  });

  it("saves a site's language as it is chosen, and puts it back when saving fails", async () => {
    vi.mocked(setSiteLanguage).mockResolvedValueOnce().mockRejectedValueOnce(new Error("offline"));
    const user = await renderPage([site(), site({ id: "site-2", kind: "ghost", name: "Food blog", username: null, locale: "fr" })]);
    const travel = within(screen.getByRole("article", { name: "Travel blog" })).getByRole("combobox", { name: "Language Travel blog" });
    expect((travel as HTMLSelectElement).value).toBe("");
    await user.selectOptions(travel, "es");
    expect(setSiteLanguage).toHaveBeenCalledWith("site-1", "es");
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Language of Travel blog saved"));
    expect((travel as HTMLSelectElement).value).toBe("es");

    const food = within(screen.getByRole("article", { name: "Food blog" })).getByRole("combobox", { name: "Language Food blog" });
    expect((food as HTMLSelectElement).value).toBe("fr");
    await user.selectOptions(food, "");
    expect(setSiteLanguage).toHaveBeenLastCalledWith("site-2", null);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to save the language of Food blog"));
    expect((food as HTMLSelectElement).value).toBe("fr");
  });

  it("says when no site is connected yet", async () => {
    await renderPage([]);
    expect(screen.getByText("No WordPress sites connected yet.")).toBeTruthy();
  });

  it("shows a load error with Retry", async () => {
    vi.mocked(listConnectedSites).mockRejectedValueOnce(new Error("JWT expired")).mockResolvedValueOnce([site()]);
    const user = userEvent.setup();
    render(<WordPressSitesPage />);
    expect((await screen.findByRole("alert")).textContent).toContain("Error: JWT expired");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Travel blog" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks signed-out visitors to log in", () => {
    setSignedOut();
    render(<WordPressSitesPage />);
    expect(screen.getByRole("heading", { name: "Authentication Required" })).toBeTruthy();
    expect(screen.getByText("Please log in to manage your WordPress sites")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log In" }).getAttribute("href")).toBe("/login");
    expect(listConnectedSites).not.toHaveBeenCalled();
  });

  it("lists the requirements, steps and the Authorization-header fix, and offers the SEO plugin", async () => {
    await renderPage();
    const help = screen.getByRole("complementary", { name: "Connecting a WordPress site" });
    for (const text of ["WordPress 5.6 or higher", "Administrator access to the site", "REST API enabled"]) {
      expect(within(help).getByText(text, { exact: false })).toBeTruthy();
    }
    for (const step of ["Create an application password.", "Add the site details.", "Test and save."]) {
      expect(within(help).getByText(step)).toBeTruthy();
    }
    expect(within(help).getByText('SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1')).toBeTruthy();
    expect(within(help).getByText("CGIPassAuth On")).toBeTruthy();
    expect(within(help).getByText("fastcgi_param HTTP_AUTHORIZATION $http_authorization;")).toBeTruthy();
    const download = within(help).getByRole("link", { name: /Download the SEO fields plugin/ });
    expect(download.getAttribute("href")).toBe("/inkpress-seo-meta.php");
    expect(download.hasAttribute("download")).toBe(true);
    expect(within(help).getByText("wp-content/mu-plugins/")).toBeTruthy();
  });
});

describe("a site's content for internal links", () => {
  it("shows how much of each site is indexed, and the reason of a failed refresh", async () => {
    await renderPage(
      [site(), site({ id: "site-2", name: "Food blog" }), site({ id: "site-3", name: "New blog" })],
      [
        { siteId: "site-1", entryCount: 212, lastSyncedAt: "2026-11-24 09:00:00+00", lastError: null },
        { siteId: "site-2", entryCount: 1, lastSyncedAt: "2026-11-20 09:00:00+00", lastError: "The site did not respond in time" },
      ],
    );
    expect(within(screen.getByRole("article", { name: "Travel blog" })).getByText("212 posts and pages, refreshed Nov 24, 2026")).toBeTruthy();
    const food = screen.getByRole("article", { name: "Food blog" });
    expect(within(food).getByText("1 post or page, refreshed Nov 20, 2026")).toBeTruthy();
    expect(within(food).getByText("Last refresh failed: The site did not respond in time")).toBeTruthy();
    expect(
      within(food).getByRole("button", { name: "Refresh content of Food blog" }).getAttribute("aria-describedby"),
    ).toBe("site-site-2-sync-error");
    expect(within(screen.getByRole("article", { name: "New blog" })).getByText("Not indexed yet")).toBeTruthy();
  });

  it("refreshes a site's content on demand", async () => {
    const user = await renderPage();
    const refreshed = deferred<typeof SYNC_RESULT>();
    vi.mocked(syncSiteContent).mockReturnValue(refreshed.promise);
    const card = screen.getByRole("article", { name: "Travel blog" });
    await user.click(within(card).getByRole("button", { name: "Refresh content of Travel blog" }));
    expect(within(card).getByText("Refreshing…")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Refresh content of Travel blog" })).toHaveProperty("disabled", true);
    await act(async () => refreshed.resolve({ ...SYNC_RESULT, entryCount: 57 }));
    expect(within(card).getByText("57 posts and pages, refreshed Nov 24, 2026")).toBeTruthy();
    expect(syncSiteContent).toHaveBeenCalledWith("site-1");
    expect(notifySuccess).toHaveBeenCalledWith("Site content refreshed: 57 posts and pages of Travel blog");
  });

  it("a refresh that could not embed the new posts (ranking by embeddings) succeeds and says why", async () => {
    const user = await renderPage();
    vi.mocked(syncSiteContent).mockResolvedValue({
      ...SYNC_RESULT,
      entryCount: 57,
      embeddings: { model: "text-embedding-3-small", embedded: 0, pending: 3, error: "Invalid OpenAI API key. Check it in Profile Settings." },
    });
    const card = screen.getByRole("article", { name: "Travel blog" });
    await user.click(within(card).getByRole("button", { name: "Refresh content of Travel blog" }));
    await waitFor(() => expect(within(card).getByText("57 posts and pages, refreshed Nov 24, 2026")).toBeTruthy());
    expect(notifySuccess).toHaveBeenCalledWith("Site content refreshed: 57 posts and pages of Travel blog");
    expect(notifyError).toHaveBeenCalledWith(
      "Travel blog: the new posts were not embedded: Invalid OpenAI API key. Check it in Profile Settings.",
    );
  });

  it("says why a refresh failed, and keeps what was indexed before", async () => {
    const user = await renderPage([site()], [
      { siteId: "site-1", entryCount: 12, lastSyncedAt: "2026-11-24 09:00:00+00", lastError: null },
    ]);
    vi.mocked(syncSiteContent).mockRejectedValue(
      new Error("Failed to refresh the site's content: Authentication failed. Please check your username and application password."),
    );
    const card = screen.getByRole("article", { name: "Travel blog" });
    await user.click(within(card).getByRole("button", { name: "Refresh content of Travel blog" }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        "Failed to refresh the site's content: Authentication failed. Please check your username and application password.",
      ),
    );
    expect(within(card).getByText("12 posts and pages, refreshed Nov 24, 2026")).toBeTruthy();
    expect(
      within(card).getByText("Last refresh failed: Authentication failed. Please check your username and application password."),
    ).toBeTruthy();
  });

  it("still shows the sites when the index state cannot be read", async () => {
    vi.mocked(listConnectedSites).mockResolvedValue([site()]);
    vi.mocked(listSiteContentSyncs).mockRejectedValue(new Error("network"));
    render(<WordPressSitesPage />);
    expect(within(await screen.findByRole("article", { name: "Travel blog" })).getByText("Not indexed yet")).toBeTruthy();
  });
});

describe("removing a site", () => {
  const question = () => screen.getByRole("alertdialog", { name: "Remove Travel blog?" });

  it("asks first, in the app's own dialog, and does nothing when the user cancels", async () => {
    const user = await renderPage();
    await user.click(screen.getByRole("button", { name: "Remove Travel blog" }));
    expect(question().textContent).toContain("Are you sure you want to remove this site?");
    expect(document.activeElement).toBe(within(question()).getByRole("button", { name: "Cancel" }));
    await user.click(within(question()).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(removeSite).not.toHaveBeenCalled();
  });

  it("removes the card and confirms", async () => {
    const user = await renderPage();
    vi.mocked(removeSite).mockResolvedValue();
    await user.click(screen.getByRole("button", { name: "Remove Travel blog" }));
    await user.click(within(question()).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Travel blog" })).toBeNull());
    expect(removeSite).toHaveBeenCalledWith("site-1");
    expect(notifySuccess).toHaveBeenCalledWith("Site removed successfully");
  });

  it("keeps the card and reports a failure", async () => {
    const user = await renderPage();
    vi.mocked(removeSite).mockRejectedValue(new Error("network"));
    await user.click(screen.getByRole("button", { name: "Remove Travel blog" }));
    await user.click(within(question()).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to remove site"));
    expect(screen.getByRole("article", { name: "Travel blog" })).toBeTruthy();
  });
});

describe("checking a site again", () => {
  it("re-tests with the stored credentials and shows the SEO plugin found, without removing the site", async () => {
    const user = await renderPage();
    const card = screen.getByRole("article", { name: "Travel blog" });
    vi.mocked(recheckSite).mockResolvedValue(site({ seo_plugin: "yoast" }));
    await user.click(within(card).getByRole("button", { name: "Check again: the connection and SEO plugin of Travel blog" }));
    await waitFor(() => expect(within(card).getByText(/^Yoast SEO/)).toBeTruthy());
    expect(recheckSite).toHaveBeenCalledWith("site-1");
    expect(notifySuccess).toHaveBeenCalledWith("Connection checked");
  });

  it("shows a refused check on the card, with how to fix it", async () => {
    const user = await renderPage();
    const card = screen.getByRole("article", { name: "Travel blog" });
    vi.mocked(recheckSite).mockRejectedValue(
      new SiteConnectionError(WORDPRESS_MESSAGES.authenticationFailed, "application_password", WORDPRESS_MESSAGES.authenticationHelp),
    );
    await user.click(within(card).getByRole("button", { name: /^Check again/ }));
    expect((await within(card).findByRole("alert")).textContent).toBe(`Check failed: ${WORDPRESS_MESSAGES.authenticationFailed}`);
    await user.click(within(card).getByText("How to fix this"));
    expect(within(card).getByText(WORDPRESS_MESSAGES.authenticationHelp)).toBeTruthy();
  });
});

describe("Connect WordPress Site modal", () => {
  it("has every field, the secrets masked", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    for (const label of ["Site Name", "Site URL", "Username"]) {
      expect((within(dialog).getByLabelText(label) as HTMLInputElement).type).not.toBe("password");
    }
    expect((within(dialog).getByLabelText("Application Password") as HTMLInputElement).type).toBe("password");
    expect((within(dialog).getByLabelText("Webhook Secret (Optional)") as HTMLInputElement).type).toBe("password");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Connect Site" })).toBeTruthy();
  });

  it("shows the spec's message under each invalid field", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await user.type(within(dialog).getByLabelText("Site URL"), "not a url");
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    expect(noteOf(within(dialog).getByLabelText("Site Name"))).toBe("Site name is required");
    expect(noteOf(within(dialog).getByLabelText("Site URL"))).toBe("Please enter a valid URL");
    expect(noteOf(within(dialog).getByLabelText("Username"))).toBe("Username is required");
    expect(noteOf(within(dialog).getByLabelText("Application Password"))).toBe("Application password is required");
    expect(within(dialog).getByLabelText("Site Name").getAttribute("aria-invalid")).toBe("true");
    expect(testWordPressConnection).not.toHaveBeenCalled();
  });

  it("reads Validating... while testing, Connecting... while saving, then adds the site", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await fillSiteForm(user);
    const tested = deferred<void>();
    const saved = deferred<ConnectedSite>();
    vi.mocked(testWordPressConnection).mockReturnValue(tested.promise);
    vi.mocked(connectWordPressSite).mockReturnValue(saved.promise);

    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    expect(within(dialog).getByRole("button", { name: "Validating..." })).toHaveProperty("disabled", true);
    expect(testWordPressConnection).toHaveBeenCalledWith({
      name: "Food blog",
      site_url: "https://food.example.com",
      username: "ada",
      application_password: "abcd efgh ijkl",
      webhook_secret: "",
    });
    await act(async () => tested.resolve());
    expect(within(dialog).getByRole("button", { name: "Connecting..." })).toHaveProperty("disabled", true);
    await act(async () => saved.resolve(site({ id: "site-9", name: "Food blog", site_url: "https://food.example.com" })));

    expect(await screen.findByRole("article", { name: "Food blog" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(notifySuccess).toHaveBeenCalledWith("WordPress site connected successfully");
  });

  it("indexes a newly connected site's content at once, quietly unless it fails", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await fillSiteForm(user);
    vi.mocked(testWordPressConnection).mockResolvedValue();
    vi.mocked(connectWordPressSite).mockResolvedValue(site({ id: "site-9", name: "Food blog" }));
    vi.mocked(syncSiteContent).mockResolvedValue({ ...SYNC_RESULT, entryCount: 40 });
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));

    const card = await screen.findByRole("article", { name: "Food blog" });
    await waitFor(() => expect(within(card).getByText("40 posts and pages, refreshed Nov 24, 2026")).toBeTruthy());
    expect(syncSiteContent).toHaveBeenCalledWith("site-9");
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it("shows a refused login under Application Password in plain words, with the server details behind it", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await fillSiteForm(user);
    vi.mocked(testWordPressConnection).mockRejectedValue(
      new SiteConnectionError(WORDPRESS_MESSAGES.authenticationFailed, "application_password", WORDPRESS_MESSAGES.authenticationHelp),
    );
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    const password = within(dialog).getByLabelText("Application Password");
    await waitFor(() => expect(noteOf(password)).toBe("Authentication failed. Please check your username and application password."));
    expect(noteOf(within(dialog).getByLabelText("Site URL"))).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(password));
    const help = within(dialog).getByText("How to fix this").closest("details")!;
    expect(help.open).toBe(false);
    expect(help.textContent).toContain("CGIPassAuth On");
    await user.type(password, "x");
    expect(noteOf(password)).toBe("Users → Profile → Application Passwords in your WordPress admin.");
    expect(within(dialog).queryByText("How to fix this")).toBeNull();
  });

  it("says what the webhook secret is for", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    expect(noteOf(within(dialog).getByLabelText("Webhook Secret (Optional)"))).toBe(WORDPRESS_MESSAGES.webhookSecretHelp);
  });

  it("shows a failed connection test under Site URL and saves nothing", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await fillSiteForm(user);
    const message = "Authentication failed. Please check your username and application password.";
    vi.mocked(testWordPressConnection).mockRejectedValue(new SiteConnectionError(message, "site_url"));

    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    const siteUrl = within(dialog).getByLabelText("Site URL");
    await waitFor(() => expect(noteOf(siteUrl)).toBe(message));
    expect(siteUrl.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(siteUrl));
    expect(connectWordPressSite).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith("Failed to connect WordPress site");
    expect(within(dialog).getByRole("button", { name: "Connect Site" })).toHaveProperty("disabled", false);

    await user.type(siteUrl, "/blog");
    expect(noteOf(siteUrl)).toBeUndefined();
  });

  it("shows the rate limit's message, with when to try again, in the form", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await fillSiteForm(user);
    const message = "Too many connection tests: you can run 10 every 10 minutes. Try again in 7 minutes.";
    vi.mocked(testWordPressConnection).mockRejectedValue(new Error(message));
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
    expect(connectWordPressSite).not.toHaveBeenCalled();
  });

  it("reports a failed save with the spec's toast and keeps the form", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await fillSiteForm(user);
    vi.mocked(testWordPressConnection).mockResolvedValue();
    vi.mocked(connectWordPressSite).mockRejectedValue(new Error("Failed to connect WordPress site"));
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to connect WordPress site"));
    expect((within(dialog).getByLabelText("Site Name") as HTMLInputElement).value).toBe("Food blog");
  });

  it("closes on Cancel", async () => {
    const user = await renderPage([]);
    const dialog = await openConnectModal(user);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Edit WordPress Site modal", () => {
  async function openEditModal(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole("button", { name: "Edit Travel blog" }));
    return screen.getByRole("dialog", { name: "Edit WordPress Site" });
  }

  it("shows the site's name, address and username; the password is blank and means keep", async () => {
    const user = await renderPage();
    const dialog = await openEditModal(user);
    for (const label of ["Site Name", "Site URL", "Username", "Application Password"]) {
      expect(within(dialog).getByLabelText(label).tagName).toBe("INPUT");
    }
    expect((within(dialog).getByLabelText("Site Name") as HTMLInputElement).value).toBe("Travel blog");
    const address = within(dialog).getByLabelText("Site URL") as HTMLInputElement;
    expect(address.value).toBe("https://travel.example.com");
    expect(address.readOnly).toBe(true);
    expect((within(dialog).getByLabelText("Username") as HTMLInputElement).value).toBe("ada");
    const password = within(dialog).getByLabelText("Application Password") as HTMLInputElement;
    expect([password.type, password.value]).toEqual(["password", ""]);
    expect(noteOf(password)).toBe(
      "Leave blank to keep the current password. A new one is tested with WordPress before it is saved.",
    );
  });

  it("checks the fields with the spec's messages", async () => {
    const user = await renderPage();
    const dialog = await openEditModal(user);
    await user.clear(within(dialog).getByLabelText("Site Name"));
    await user.clear(within(dialog).getByLabelText("Username"));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(noteOf(within(dialog).getByLabelText("Site Name"))).toBe("Site name is required");
    expect(noteOf(within(dialog).getByLabelText("Username"))).toBe("Username is required");
    expect(updateWordPressSite).not.toHaveBeenCalled();
  });

  it("saves a new name alone (Saving...), says so, updates the card and returns focus to its Edit button", async () => {
    const saving = deferred<ConnectedSite>();
    vi.mocked(updateWordPressSite).mockReturnValue(saving.promise);
    const user = await renderPage();
    const dialog = await openEditModal(user);
    await user.clear(within(dialog).getByLabelText("Site Name"));
    await user.type(within(dialog).getByLabelText("Site Name"), "Travel notes");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(updateWordPressSite).toHaveBeenCalledWith("site-1", {
      name: "Travel notes",
      username: "ada",
      application_password: "",
    });
    const busy = within(dialog).getByRole("button", { name: "Saving..." });
    expect([busy.getAttribute("aria-busy"), (busy as HTMLButtonElement).disabled]).toEqual(["true", true]);
    expect((within(dialog).getByLabelText("Site Name") as HTMLInputElement).closest("fieldset")?.disabled).toBe(true);
    await act(async () => saving.resolve(site({ name: "Travel notes", seo_plugin: "rank_math" })));

    expect(notifySuccess).toHaveBeenCalledWith("WordPress site updated successfully");
    expect(screen.queryByRole("dialog")).toBeNull();
    const card = screen.getByRole("article", { name: "Travel notes" });
    expect(within(card).getByText("Rank Math")).toBeTruthy();
    expect(document.activeElement).toBe(within(card).getByRole("button", { name: "Edit Travel notes" }));
  });

  it("reads Testing and saving... when the username or password changed", async () => {
    vi.mocked(updateWordPressSite).mockReturnValue(new Promise(() => {}));
    const user = await renderPage();
    const dialog = await openEditModal(user);
    await user.clear(within(dialog).getByLabelText("Username"));
    await user.type(within(dialog).getByLabelText("Username"), "grace");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(updateWordPressSite).toHaveBeenCalledWith("site-1", {
      name: "Travel blog",
      username: "grace",
      application_password: "",
    });
    expect(within(dialog).getByRole("button", { name: "Testing and saving..." })).toBeTruthy();
  });

  it("sends a new password, and shows WordPress's refusal in the form without closing it", async () => {
    vi.mocked(updateWordPressSite).mockRejectedValue(
      new SiteConnectionError("Authentication failed. Please check your username and application password.", "application_password"),
    );
    const user = await renderPage();
    const dialog = await openEditModal(user);
    const password = within(dialog).getByLabelText("Application Password");
    await user.type(password, " wxyz 1234 ");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(vi.mocked(updateWordPressSite).mock.calls[0][1].application_password).toBe("wxyz 1234");
    await waitFor(() =>
      expect(noteOf(password)).toBe("Authentication failed. Please check your username and application password."),
    );
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByRole("dialog", { name: "Edit WordPress Site" })).toBeTruthy();
    expect(screen.getByRole("article", { name: "Travel blog" })).toBeTruthy();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it("reports any other failure with a toast and its message", async () => {
    vi.mocked(updateWordPressSite).mockRejectedValue(
      new Error("This site no longer exists. It may have been removed in another tab."),
    );
    const user = await renderPage();
    const dialog = await openEditModal(user);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "This site no longer exists. It may have been removed in another tab.",
    );
    expect(notifyError).toHaveBeenCalledWith("Failed to update WordPress site");
  });

  it("closes on Cancel without saving, and focus goes back to the card's Edit button", async () => {
    const user = await renderPage();
    const dialog = await openEditModal(user);
    await user.type(within(dialog).getByLabelText("Site Name"), " changed");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(updateWordPressSite).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit Travel blog" }));
    expect(screen.getByRole("article", { name: "Travel blog" })).toBeTruthy();
  });

  it("closes on Escape, but not while saving", async () => {
    const escape = () =>
      act(() => void screen.getByRole("dialog").dispatchEvent(new Event("cancel", { cancelable: true })));
    const user = await renderPage();
    await openEditModal(user);
    escape();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit Travel blog" }));

    vi.mocked(updateWordPressSite).mockReturnValue(new Promise(() => {}));
    const dialog = await openEditModal(user);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    escape();
    expect(screen.getByRole("dialog", { name: "Edit WordPress Site" })).toBeTruthy();
  });
});

const GHOST_KEY = `6a1b2c3d4e5f60718293a4b5:${"0f".repeat(32)}`;

function ghostSite(overrides: Partial<ConnectedSite> = {}): ConnectedSite {
  return site({
    id: "ghost-1",
    kind: "ghost",
    name: "Ghost journal",
    site_url: "https://journal.example.com/",
    username: null,
    base_url: "https://journal.example.com/ghost/api/admin/",
    seo_plugin: null,
    ...overrides,
  });
}

describe("Ghost sites", () => {
  it("shows a Ghost card beside WordPress cards: platform and Admin API, Remove but no Edit", async () => {
    await renderPage([site(), ghostSite()]);
    const card = screen.getByRole("article", { name: "Ghost journal" });
    expect(within(card).getByText("Ghost")).toBeTruthy();
    expect(within(card).getByText("https://journal.example.com/ghost/api/admin/")).toBeTruthy();
    expect(within(card).queryByText("Username")).toBeNull();
    expect(within(card).queryByRole("button", { name: "Edit Ghost journal" })).toBeNull();
    expect(within(card).getByRole("button", { name: "Remove Ghost journal" })).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Travel blog" })).getByText("Yoast SEO")).toBeTruthy();
  });

  it("offers no content index for a Ghost site: no Refresh content, no index summary", async () => {
    await renderPage([site(), ghostSite()]);
    const card = screen.getByRole("article", { name: "Ghost journal" });
    expect(within(card).queryByRole("button", { name: "Refresh content of Ghost journal" })).toBeNull();
    expect(within(card).queryByText("Content for links")).toBeNull();
    const wordpressCard = screen.getByRole("article", { name: "Travel blog" });
    expect(within(wordpressCard).getByRole("button", { name: "Refresh content of Travel blog" })).toBeTruthy();
  });

  it("explains where the API URL and Admin API key come from", async () => {
    await renderPage();
    const help = screen.getByRole("complementary", { name: "Connecting a Ghost site" });
    expect(within(help).getByText("Create a custom integration.")).toBeTruthy();
    expect(within(help).getByText(/Settings → Integrations/)).toBeTruthy();
    expect(within(help).getByText("Copy the API URL and the Admin API key.")).toBeTruthy();
  });

  it("validates the form before anything is sent", async () => {
    const user = await renderPage([]);
    await user.click(screen.getByRole("button", { name: "Add Ghost Site" }));
    const dialog = screen.getByRole("dialog", { name: "Connect Ghost Site" });
    await user.type(within(dialog).getByLabelText("Admin API Key"), "not-a-key");
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    expect(noteOf(within(dialog).getByLabelText("Site Name"))).toBe("Site name is required");
    expect(noteOf(within(dialog).getByLabelText("API URL"))).toBe("Please enter a valid URL");
    expect(noteOf(within(dialog).getByLabelText("Admin API Key"))).toContain("This is not a Ghost Admin API key");
    expect(connectGhostSite).not.toHaveBeenCalled();
  });

  it("shows a refused key under the key field, then connects and adds the card", async () => {
    const user = await renderPage([]);
    await user.click(screen.getByRole("button", { name: "Add Ghost Site" }));
    const dialog = screen.getByRole("dialog", { name: "Connect Ghost Site" });
    await user.type(within(dialog).getByLabelText("Site Name"), "Ghost journal");
    await user.type(within(dialog).getByLabelText("API URL"), "journal.example.com");
    await user.type(within(dialog).getByLabelText("Admin API Key"), GHOST_KEY);
    const refused = "Ghost refused the Admin API key. Please copy the Admin API key of your custom integration again.";
    vi.mocked(connectGhostSite).mockRejectedValueOnce(new GhostConnectionError(refused, "admin_api_key"));
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    await waitFor(() => expect(noteOf(within(dialog).getByLabelText("Admin API Key"))).toBe(refused));
    expect(notifyError).toHaveBeenCalledWith("Failed to connect Ghost site");
    expect(connectGhostSite).toHaveBeenCalledWith({
      name: "Ghost journal",
      admin_url: "https://journal.example.com",
      admin_api_key: GHOST_KEY,
    });

    vi.mocked(connectGhostSite).mockResolvedValueOnce(ghostSite());
    await user.click(within(dialog).getByRole("button", { name: "Connect Site" }));
    expect(await screen.findByRole("article", { name: "Ghost journal" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Connect Ghost Site" })).toBeNull();
    expect(notifySuccess).toHaveBeenCalledWith("Ghost site connected successfully");
    expect(syncSiteContent).not.toHaveBeenCalled();
  });
});
