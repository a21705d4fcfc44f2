import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { expectAccessible, expectFullyAccessibleAtBothWidths } from "./support/axe.ts";
import { backendAs, e2eEnv } from "./support/backend.ts";

/**
 * Bulk drafting end to end: ideas pasted on the Bulk screen are drafted in
 * the background by draft-batch-worker (the app's local scheduler calls it
 * every second here, as pg_cron does every minute on hosted) against the fake
 * OpenAI; the Batches screen follows them. Then the drafts are approved and
 * dripped to the real WordPress one a minute, and the scheduler (every 2 s
 * here) publishes them in order.
 */

const wordpress = e2eEnv.wordpress;

async function storeOpenAIKey(account: Account) {
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-e2e-bulk-FIXTURE-not-a-real-key-6789" },
  });
  expect(error).toBeNull();
}

/** Pastes the ideas on the Bulk screen, picks the first assistant, starts; returns on the batch's page. */
async function startBatch(page: Page, ideas: string[]) {
  await page.getByRole("link", { name: "Bulk Drafts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk Drafts" })).toBeVisible();
  await page.getByLabel("Ideas (one per line)").fill(ideas.join("\n"));
  await expect(page.getByRole("status").filter({ hasText: "model calls" })).toHaveText(
    `${ideas.length} ideas: ${ideas.length} model calls (at most ${ideas.length * 4} if calls must be retried after rate limits or errors).`,
  );
  const assistant = page.getByLabel("Choose Assistant");
  await expect(assistant).toBeEnabled();
  await assistant.selectOption({ index: 1 });
  await page.getByRole("button", { name: "Start drafting" }).click();
  await expect(page.getByText(`Drafting ${ideas.length} ideas in the background`)).toBeVisible();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
}

const titleOf = (idea: string) => `${idea.charAt(0).toUpperCase()}${idea.slice(1)}: A Practical Guide`;

test("paste 5 ideas: the batch drafts them in the background, progress shown live, 5 drafts", async ({ page }) => {
  const account = await register(page);
  await storeOpenAIKey(account);
  const stamp = Date.now();
  const ideas = ["figs", "plums", "pears", "apples", "quinces"].map((fruit) => `growing ${fruit} ${stamp}`);
  await page.getByRole("link", { name: "Bulk Drafts" }).click();
  await expectAccessible(page);
  await startBatch(page, ideas);

  // Live: the page follows the worker without a reload.
  await expect(page.getByText(/5 of 5 drafted/)).toBeVisible({ timeout: 45_000 });
  await expect(page.locator(".batch-progress strong")).toHaveText("Done");
  for (const idea of ideas) {
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: idea, exact: true }) });
    await expect(row.getByRole("cell", { name: "Done" })).toBeVisible();
    await expect(row.getByRole("link", { name: titleOf(idea) })).toBeVisible();
    await expect(row.getByRole("button", { name: `Review ${titleOf(idea)}` })).toBeVisible();
  }
  await expectAccessible(page);

  // Bulk review: each draft's SEO score, its checks one click away (issue 25).
  const firstRow = page.getByRole("row").filter({ has: page.getByRole("cell", { name: ideas[0], exact: true }) });
  await expect(firstRow.getByText(/^SEO score \d+ of 100/)).toBeAttached({ timeout: 15_000 });
  await firstRow.getByRole("button", { name: `SEO checks of ${titleOf(ideas[0])}` }).click();
  await expect(page.locator(".draft-seo-checks [data-check='keyword-in-title']")).toBeVisible();
  await expectFullyAccessibleAtBothWidths(page, ["table.batch-items"]);

  await page.getByRole("link", { name: "Batches", exact: true }).first().click();
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: /^growing figs/ }) });
  await expect(card.getByText("5 of 5 drafted")).toBeVisible();
  await expectAccessible(page);

  // The drafts are ordinary articles.
  await page.getByRole("link", { name: "Articles", exact: true }).click();
  for (const idea of ideas) await expect(page.getByRole("heading", { name: titleOf(idea) })).toBeVisible();
  // Scored in bulk review, so the cards show it.
  const draftCard = page.getByRole("article", { name: titleOf(ideas[0]) });
  await expect(draftCard.getByText(/^SEO score \d+ of 100/)).toBeAttached();
});

test("approve all, then drip to the real WordPress one a minute: the posts appear there in order", async ({ page }, testInfo) => {
  // Every test runs: without the real WordPress this fails, it is not skipped.
  if (!wordpress) throw new Error("The real WordPress is not installed: run bash scripts/rigs/wordpress/install-packages.sh");
  test.skip(testInfo.project.name === "cross-origin", "the same-origin run covers the drip; this one takes minutes");
  test.setTimeout(8 * 60_000);
  const account = await register(page);
  await storeOpenAIKey(account);
  const backend = await backendAs(account);
  const siteName = `Drip blog ${Date.now()}`;
  const connected = await backend.functions.invoke("wordpress-connect", {
    body: { name: siteName, site_url: wordpress!.url, username: wordpress!.user, application_password: wordpress!.appPassword },
  });
  expect(connected.error).toBeNull();

  const stamp = Date.now();
  const ideas = ["first", "second", "third"].map((word) => `drip ${word} ${stamp}`);
  await startBatch(page, ideas);
  await expect(page.getByText(/3 of 3 drafted/)).toBeVisible({ timeout: 45_000 });

  // Nothing unapproved can be scheduled: the rule has no draft to schedule yet.
  await expect(page.getByText("No draft of this batch can be scheduled yet. 3 more wait for your approval.")).toBeVisible();
  await page.getByRole("button", { name: "Approve all (3)" }).click();
  await page.getByRole("alertdialog", { name: "Approve 3 drafts?" }).getByRole("button", { name: "Approve all (3)" }).click();
  await expect(page.getByText("3 drafts approved")).toBeVisible();
  await expect(page.getByText("3 drafts ready to schedule, in the order of the ideas.")).toBeVisible();

  // One a minute: 3 a day in a window of three minutes that opens at the next whole minute + 1, in UTC;
  // in UTC+6 (Asia/Dhaka, no daylight saving) when that window would cross midnight UTC, so it never does.
  const opens = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const closes = new Date(opens.getTime() + 3 * 60_000);
  const [zone, offsetMs]: [string, number] = opens.getUTCDate() === closes.getUTCDate() ? ["UTC", 0] : ["Asia/Dhaka", 6 * 3_600_000];
  const wallClock = (date: Date) => new Date(date.getTime() + offsetMs).toISOString();
  await page.getByLabel("Start date").fill(wallClock(opens).slice(0, 10));
  await page.getByLabel("How many").fill("3");
  await page.getByLabel("Window opens").fill(wallClock(opens).slice(11, 16));
  await page.getByLabel("Window closes").fill(wallClock(closes).slice(11, 16));
  await page.getByLabel("Time zone").fill(zone);
  await page.getByRole("group", { name: "Publish to" }).getByLabel(siteName).check();
  await page.getByRole("button", { name: "Preview schedule" }).click();
  const preview = page.getByRole("list").filter({ hasText: titleOf(ideas[0]) });
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Schedule 3 drafts" }).click();
  await expect(page.getByText("3 drafts scheduled")).toBeVisible();
  // Issue 21: the batch no longer reads as if nothing could be scheduled.
  await expect(page.getByText("Every draft of this batch is scheduled or published. 3 drafts are scheduled (see the Calendar).")).toBeVisible();
  await expect(page.getByText(/No draft of this batch can be scheduled yet/)).toHaveCount(0);

  const { data: scheduled } = await backend
    .from("articles")
    .select("title, status, scheduled_for")
    .in("title", ideas.map(titleOf));
  const due = new Map((scheduled ?? []).map((row) => [row.title, Date.parse(String(row.scheduled_for).replace(" ", "T").replace(/\+00$/, "Z"))]));
  expect(ideas.map((idea) => due.get(titleOf(idea)))).toEqual([0, 1, 2].map((i) => opens.getTime() + i * 60_000));

  // Watch WordPress: each post appears at (not before) its minute, in order.
  const auth = Buffer.from(`${wordpress!.user}:${wordpress!.appPassword}`).toString("base64");
  const arrivals = new Map<string, number>();
  const deadline = closes.getTime() + 60_000;
  while (arrivals.size < ideas.length && Date.now() < deadline) {
    const response = await fetch(
      `${wordpress!.url}/wp-json/wp/v2/posts?context=edit&status=any&per_page=100&search=${stamp}`,
      { headers: { authorization: `Basic ${auth}` } },
    );
    expect(response.ok).toBe(true);
    for (const post of (await response.json()) as { title: { raw: string }; status: string }[]) {
      if (post.status === "publish" && !arrivals.has(post.title.raw)) arrivals.set(post.title.raw, Date.now());
    }
    await page.waitForTimeout(2_000);
  }
  const order = [...arrivals.keys()];
  expect(order).toEqual(ideas.map(titleOf));
  for (const [title, seen] of arrivals) expect(seen).toBeGreaterThanOrEqual(due.get(title)!);

  await page.reload();
  for (const idea of ideas) {
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: idea, exact: true }) });
    await expect(row.getByRole("cell", { name: "Published" })).toBeVisible();
  }
});
