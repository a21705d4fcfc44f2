import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { register, signOut, type Account } from "./support/accounts.ts";
import { accessibilityProblems, DESKTOP, PHONE } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";

/**
 * Every screen, in the states that matter (empty, with items, selected and
 * unselected, dialogs, errors), at desktop and phone widths: axe with colour
 * contrast (undecided results fail too), the in-page check that no visible
 * text has its background's colour, and no sideways scrolling of the page on
 * a phone. Each state is also saved as a screenshot in the test's output
 * folder, for people to look at. Failures are collected per test, so one run
 * names every screen that fails.
 */

type Screens = { failures: string[]; page: Page; info: TestInfo; viewport: typeof DESKTOP | typeof PHONE };

/**
 * Checks the screen as it stands. Toasts are closed first (they cover what
 * is under them for a few seconds, which axe cannot weigh); a toast itself is
 * checked with `keepToasts`.
 */
async function look(screens: Screens, name: string, { keepToasts = false } = {}): Promise<void> {
  const { page, info, viewport } = screens;
  if (!keepToasts) {
    for (const close of await page.locator(".Toastify__close-button").all()) await close.click().catch(() => {});
    await expect(page.locator(".Toastify__toast")).toHaveCount(0);
  }
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true }).catch(() => {});
  for (const problem of await accessibilityProblems(page)) screens.failures.push(`${name}: ${problem}`);
  if (viewport === PHONE) {
    const { overflow, culprits } = await page.evaluate(() => {
      // What sets the page's width: the elements whose right edge is where the page's scrolling ends
      // (an element wider still but clipped by a scrolling box does not count).
      const width = document.documentElement.scrollWidth;
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
          element.classList.length ? `.${[...element.classList].join(".")}` : ""
        } in ${element.parentElement?.tagName.toLowerCase()}${
          element.parentElement?.classList.length ? `.${[...element.parentElement.classList].join(".")}` : ""
        }`;
      const edge = [...document.body.querySelectorAll("*")].filter((element) =>
        Math.abs(element.getBoundingClientRect().right + window.scrollX - width) < 1
      );
      return { overflow: width - window.innerWidth, culprits: edge.slice(0, 5).map(describe) };
    });
    if (overflow > 0) {
      screens.failures.push(
        `${name}: the page scrolls sideways by ${overflow} px on a phone; its right edge is set by ${culprits.join(", ") || "no element (a pseudo-element?)"}`,
      );
    }
  }
}

function finish(screens: Screens): void {
  expect(screens.failures, screens.failures.join("\n\n")).toEqual([]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

/** Opens a menu entry the way a person does at this width (the drawer on a phone). */
async function openMenu(page: Page, label: string): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: label, exact: true }).click();
}

const pad = (value: number) => String(value).padStart(2, "0");
const isoAt = (date: Date) => date.toISOString();

/** A day of this month at least two days ahead (next month's when this one is nearly over), at 09:00 local. */
function busyDay(): Date {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2, 9, 0, 0);
  return day;
}

type Seeded = { account: Account; siteId: string; siteName: string; articleIds: string[]; busyDay: Date };

/** An account with keys, a site, articles of every status, ten posts on one day and a failed scheduled publication. */
async function seedAccount(page: Page): Promise<Seeded> {
  const account = await register(page);
  const backend = await backendAs(account);
  const admin = adminBackend();
  const saved = await backend.functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-e2e-screens-FIXTURE-not-a-real-key-0001", falaiKey: "fal-e2e-screens-key" },
  });
  expect(saved.error).toBeNull();

  const siteName = "Garden Journal";
  let siteId: string;
  if (e2eEnv.wordpress) {
    const connected = await backend.functions.invoke("wordpress-connect", {
      body: { name: siteName, site_url: e2eEnv.wordpress.url, username: e2eEnv.wordpress.user, application_password: e2eEnv.wordpress.appPassword },
    });
    expect(connected.error).toBeNull();
    siteId = (connected.data as { site: { id: string } }).site.id;
  } else {
    const { data, error } = await admin
      .from("wordpress_sites")
      .insert({ user_id: backend.userId, name: siteName, site_url: "https://garden.example", base_url: "https://garden.example/wp-json/", username: "ada" })
      .select("id")
      .single();
    expect(error).toBeNull();
    siteId = data!.id as string;
  }

  const day = busyDay();
  const rows = [
    { title: "Composting in small spaces", status: "draft" },
    { title: "Raised beds for beginners", status: "draft" },
    { title: "Watering schedules that work", status: "published", wordpress_site_ids: [siteId] },
    ...Array.from({ length: 10 }, (_, index) => ({
      title: `${["Tomatoes", "Peppers", "Beans", "Garlic", "Onions", "Carrots", "Lettuce", "Squash", "Herbs", "Berries"][index]}: a Wednesday guide to growing them well`,
      status: "scheduled",
      scheduled_for: isoAt(new Date(day.getTime() + index * 30 * 60_000)),
      scheduled_site_ids: [siteId],
    })),
    {
      title: "Pruning fruit trees",
      status: "scheduled",
      scheduled_for: isoAt(new Date(Date.now() - 60 * 60_000)),
      scheduled_site_ids: [siteId],
    },
  ];
  const articleIds: string[] = [];
  for (const row of rows) {
    const { data, error } = await admin
      .from("articles")
      .insert({
        user_id: backend.userId,
        content: `<h2>Why</h2><p>About ${row.title}.</p><h3>How</h3><p>Step by step.</p>`,
        excerpt: `A short summary of ${row.title}.`,
        categories: ["Garden"],
        tags: ["soil", "season"],
        meta_description: `All about ${row.title}.`,
        focus_keyword: "garden",
        slug: row.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        ...row,
      })
      .select("id")
      .single();
    expect(error, JSON.stringify(error)).toBeNull();
    articleIds.push(data!.id as string);
  }
  // A scheduled post whose publication failed, waiting for its next attempt.
  const { error: failedError } = await admin.from("publications").insert({
    user_id: backend.userId,
    article_id: articleIds[3],
    site_id: siteId,
    status: "failed",
    attempts: 1,
    last_error: "The site did not respond in time",
    next_attempt_at: isoAt(new Date(Date.now() + 30 * 60_000)),
  });
  expect(failedError, JSON.stringify(failedError)).toBeNull();
  return { account, siteId, siteName, articleIds, busyDay: day };
}

for (const viewport of [DESKTOP, PHONE]) {
  const size = `${viewport.width}×${viewport.height}`;
  test.describe(size, () => {
    test.use({ viewport });

    test(`signed-out screens, with their errors (${size})`, async ({ page }, info) => {
      // A dozen screens, each weighed by axe and the in-page checks: minutes on a busy machine.
      test.setTimeout(180_000);
      const screens: Screens = { failures: [], page, info, viewport };
      await page.goto("/login");
      await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
      await look(screens, "login");
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Failed to sign in. Please check your credentials.")).toBeVisible();
      await look(screens, "login-failed-toast", { keepToasts: true });
      await page.reload();
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      await look(screens, "login-errors");

      await page.goto("/register");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("First name is required")).toBeVisible();
      await look(screens, "register-errors");

      await page.goto("/forgot-password");
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await look(screens, "forgot-password");

      await page.goto("/reset-password");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await look(screens, "reset-password");

      await page.goto("/no-such-page");
      await expect(page.getByText("Page not found")).toBeVisible();
      await look(screens, "not-found");
      finish(screens);
    });

    test(`a new account's screens, empty (${size})`, async ({ page }, info) => {
      // A dozen screens, each weighed by axe and the in-page checks: minutes on a busy machine.
      test.setTimeout(180_000);
      const screens: Screens = { failures: [], page, info, viewport };
      await register(page);
      await look(screens, "dashboard-new");
      if (viewport === PHONE) {
        await page.getByRole("button", { name: "Menu" }).click();
        await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
        await look(screens, "menu-open");
        await page.keyboard.press("Escape");
      }
      for (const [menu, title] of [
        ["Articles", "Articles"],
        ["Calendar", "Calendar"],
        ["Bulk Drafts", "Bulk Drafts"],
        ["Batches", "Batches"],
        ["WordPress Sites", "WordPress Sites"],
        ["Generate Images", "Generate Images"],
        ["Keyword Phrases", "Keyword Phrases"],
        ["SEO Analysis", "SEO Analysis"],
        ["Profile", "Profile Settings"],
        ["Assistants", "Assistants"],
        ["Templates", "Templates"],
      ] as const) {
        await openMenu(page, menu);
        await expect(heading(page, title)).toBeVisible();
        await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
        await look(screens, `${menu.toLowerCase().replaceAll(" ", "-")}-empty`);
      }
      finish(screens);
    });

    test(`screens with items, selections and dialogs (${size})`, async ({ page }, info) => {
      // Some thirty screens weighed by axe and the in-page checks, with real AI fakes and WordPress: minutes on a busy machine.
      test.setTimeout(480_000);
      const screens: Screens = { failures: [], page, info, viewport };
      const seeded = await seedAccount(page);
      await page.goto("/");
      await expect(page.getByRole("article", { name: "Needs your attention" })).toBeVisible();
      await look(screens, "dashboard-items");

      // Articles: the list, a filter, the preview, delete and publish dialogs.
      await openMenu(page, "Articles");
      await expect(page.getByRole("heading", { level: 2, name: "Composting in small spaces" })).toBeVisible();
      await look(screens, "articles-items");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name: "Composting in small spaces" }) });
      await card.getByRole("button", { name: /Preview/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await look(screens, "article-preview");
      await page.keyboard.press("Escape");
      await card.getByRole("button", { name: /Publish/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await look(screens, "publish-dialog");
      await page.keyboard.press("Escape");
      await card.getByRole("button", { name: /Generate Image/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await look(screens, "featured-image-dialog");
      await page.keyboard.press("Escape");

      // The editor, with History open on a selected and an unselected revision.
      await page.goto(`/articles/edit/${seeded.articleIds[0]}`);
      await expect(page.getByLabel("Title")).toHaveValue("Composting in small spaces");
      await look(screens, "edit-article");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Article updated successfully")).toBeVisible();
      await page.goto(`/articles/edit/${seeded.articleIds[0]}`);
      await page.getByLabel("Title").fill("Composting in very small spaces");
      await page.getByRole("button", { name: "History" }).click();
      await expect(page.getByRole("dialog", { name: "History" })).toBeVisible();
      await look(screens, "history-dialog");

      await page.goto("/articles/create");
      await expect(heading(page, "Create New Post")).toBeVisible();
      await page.getByRole("button", { name: "Save Article" }).click();
      await expect(page.getByText("Title is required").first()).toBeVisible();
      await look(screens, "create-article-errors");

      // Calendar: a month with a busy day, that day's week, and the reschedule dialog.
      await page.goto(`/calendar?view=month&date=${seeded.busyDay.getFullYear()}-${pad(seeded.busyDay.getMonth() + 1)}-${pad(seeded.busyDay.getDate())}`);
      await expect(heading(page, "Calendar")).toBeVisible();
      await expect(page.locator(".calendar-body[aria-busy=true]")).toHaveCount(0);
      await look(screens, "calendar-month");
      const busyLabel = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(seeded.busyDay);
      if (viewport === PHONE) await page.getByRole("button", { name: `${busyLabel}, 10 entries` }).click();
      else await page.getByRole("button", { name: `+8 more on ${busyLabel}` }).click();
      await expect(page.getByRole("dialog", { name: busyLabel })).toBeVisible();
      await look(screens, "calendar-day-dialog");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Schedule Composting in small spaces" }).click();
      await expect(page.getByRole("dialog", { name: "Schedule draft" })).toBeVisible();
      await look(screens, "schedule-draft-dialog");
      await page.keyboard.press("Escape");
      await page.goto(`/calendar?view=week&date=${seeded.busyDay.getFullYear()}-${pad(seeded.busyDay.getMonth() + 1)}-${pad(seeded.busyDay.getDate())}`);
      // The page itself first (after a load the shell shows before the calendar), then its entries loaded.
      await expect(page.locator(".calendar-week")).toBeVisible();
      await expect(page.locator(".calendar-body[aria-busy=true]")).toHaveCount(0);
      await look(screens, "calendar-week");
      await page.getByRole("button", { name: /^Reschedule Tomatoes/ }).click();
      await expect(page.getByRole("dialog", { name: "Reschedule article" })).toBeVisible();
      await look(screens, "reschedule-dialog");
      await page.keyboard.press("Escape");

      // Sites: the card, the connect dialog with a failed test.
      await openMenu(page, "WordPress Sites");
      await expect(page.getByRole("heading", { level: 2, name: seeded.siteName })).toBeVisible();
      await look(screens, "sites-items");
      await page.getByRole("button", { name: "Add Site" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.getByRole("button", { name: "Connect Site" }).click();
      await expect(page.getByText("Site name is required")).toBeVisible();
      await look(screens, "connect-site-errors");
      await page.keyboard.press("Escape");

      // Research with results.
      await openMenu(page, "Keyword Phrases");
      await page.getByLabel("Topic or Niche").fill("home gardening");
      await page.getByRole("button", { name: "Generate" }).click();
      await expect(page.getByText("Keywords generated successfully")).toBeVisible({ timeout: 60_000 });
      await look(screens, "keywords-results");
      await openMenu(page, "SEO Analysis");
      // The audit fetches the page: the test rig's audited site, not the internet.
      await page.getByLabel("Website URL").fill(`${process.env.E2E_AUDITED_SITE_URL}/`);
      await page.getByRole("button", { name: "Analyze" }).click();
      await expect(page.getByText("SEO analysis completed successfully")).toBeVisible({ timeout: 60_000 });
      await look(screens, "seo-results");

      // Images with a library.
      await openMenu(page, "Generate Images");
      await page.getByLabel("Image Description").fill("A greenhouse at dawn");
      await page.getByRole("button", { name: "Generate", exact: true }).click();
      await expect(page.getByText("Image generated successfully")).toBeVisible({ timeout: 60_000 });
      await look(screens, "images-items");

      // Bulk drafts: a batch with drafts waiting for review.
      await openMenu(page, "Bulk Drafts");
      await page.getByLabel("Ideas (one per line)").fill("growing figs\ngrowing plums");
      await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
      await page.getByLabel("Choose Assistant").selectOption({ index: 1 });
      await look(screens, "bulk-filled");
      await page.getByRole("button", { name: "Start drafting" }).click();
      await expect(page.getByText(/2 of 2 drafted/)).toBeVisible({ timeout: 60_000 });
      await look(screens, "batch-drafted");
      await page.getByRole("button", { name: /^Review Growing figs/ }).click();
      await expect(page.getByRole("dialog", { name: "Review draft" })).toBeVisible();
      await expect(page.getByRole("dialog", { name: "Review draft" }).getByRole("button", { name: "Approve" })).toBeVisible();
      await look(screens, "batch-review-dialog");
      await page.keyboard.press("Escape");
      await openMenu(page, "Batches");
      await expect(heading(page, "Batches")).toBeVisible();
      await look(screens, "batches-items");

      await openMenu(page, "Assistants");
      await expect(heading(page, "Assistants")).toBeVisible();
      await look(screens, "assistants-items");
      await page.getByRole("button", { name: "New Assistant" }).click();
      await expect(heading(page, "New Assistant")).toBeVisible();
      await look(screens, "assistant-new");

      // Templates: the form refusing an empty save, then the list with one.
      await openMenu(page, "Templates");
      await page.getByRole("button", { name: "New Template" }).click();
      await expect(heading(page, "New Template")).toBeVisible();
      await page.getByRole("button", { name: "Save Template" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await look(screens, "template-errors");
      await page.getByLabel("Name").fill("How-to guide");
      await page.getByLabel("Sections").fill("What you need\nStep by step\nCommon mistakes");
      await page.getByRole("button", { name: "Save Template" }).click();
      await expect(page.getByRole("article", { name: "How-to guide" })).toBeVisible();
      await look(screens, "templates-items");

      await openMenu(page, "Profile");
      await expect(page.getByLabel("First name")).toHaveValue("Ada");
      await page.getByLabel("Phone number").fill("123");
      await page.getByRole("button", { name: "Save details" }).click();
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
      await look(screens, "profile-errors");

      await signOut(page);
      finish(screens);
    });
  });
}
