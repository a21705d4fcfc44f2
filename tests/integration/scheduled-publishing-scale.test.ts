import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type SchedulerLogger, startScheduler } from "../../scripts/devstack/scheduler/scheduler.ts";
import { type FunctionsStack, startFunctionsStack } from "./functions-stack.ts";
import { env, ok, serviceClient, signUp, testSecretBox, timestampMs } from "./support.ts";

/**
 * Scheduled publishing keeping up with what is due (issue 24), through the
 * local functions runtime as hosted runs it: publish-scheduled called by the
 * local scheduler once a minute (hosted's pg_cron cadence, runs overlapping
 * as pg_net's do), with the function's production settings (claims of 10,
 * 16 publishes a run, 2 per site, up to 4 runs side by side), against a fake
 * WordPress answering every request after 300 ms. Time is not compressed:
 * the cron's minute is a real minute.
 *
 * - Many users' articles due within one minute, the cron's tick at the end
 *   of that minute (the worst phase: the first was due a minute before the
 *   tick): every one published exactly once (counted on the site), each
 *   within 2 minutes of its due time. 1,000 articles of 50 users on
 *   PostgreSQL (npm run test:integration:pg); 100 of 10 users on PGlite
 *   (npm test), whose one connection serves every run in turn.
 * - A run killed mid-run (SIGKILL of the function's process, creates in
 *   flight): the pairs it held are published within 2 minutes of the kill,
 *   by a later cron run, and nothing is on the site twice.
 *
 * The stack is this file's own (its fake WordPress is paced, the suite's is
 * not), on the suite's backend; every article here is published by the end,
 * so no due pair is left for functions-publish-scheduled.test.ts.
 */

const onPostgres = Boolean(process.env.INTEGRATION_DATABASE_URL);
const USERS = onPostgres ? 50 : 10;
const ARTICLES_PER_USER = onPostgres ? 20 : 10;
const CRON_INTERVAL_MS = 60_000;
const WORDPRESS_DELAY_MS = 300;
const LATE_AT_MOST_MS = 120_000;

/** The cron runs' answers (`{ claimed, published, …, helpers }`), printed with the figures. */
const runAnswers: string[] = [];
const quiet: SchedulerLogger = { info: (line) => runAnswers.push(line), error: (line) => console.error(line) };
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Site = { id: string; userId: string };
type Remote = { id: number; title: string; status: string };

let stack: FunctionsStack;
let sites: Site[];

async function control(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${stack.controlUrl}${path}`, init);
  expect(response.status, path).toBe(200);
  return await response.json();
}

/** A site of each user on the stack's fake WordPress, stored as wordpress-connect stores it (credentials sealed). */
async function connectSites(count: number): Promise<Site[]> {
  const users = [];
  for (let i = 0; i < count; i += 10) {
    users.push(...await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, (_, j) => signUp(`due-${i + j}`, undefined, { project: true })),
    ));
  }
  const rows = ok(
    await serviceClient().from("wordpress_sites").insert(users.map((user, i) => ({
      user_id: user.id,
      name: `Blog ${i}`,
      site_url: stack.wordpress.origin,
      username: stack.wordpress.username,
      base_url: stack.wordpress.restRoot,
    }))).select("id, user_id"),
  ) as { id: string; user_id: string }[];
  const box = testSecretBox();
  ok(
    await serviceClient().from("wordpress_site_credentials").insert(
      await Promise.all(rows.map(async (row) => ({
        site_id: row.id,
        user_id: row.user_id,
        application_password: await box.seal(stack.wordpress.applicationPassword, {
          column: "wordpress_site_credentials.application_password",
          userId: row.user_id,
          rowKey: row.id,
        }),
      }))),
    ),
  );
  return rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

/** `perSite` scheduled articles on each site, due at `dueAt(i)` (i counts all articles); their ids, titles and due times. */
async function scheduleArticles(marker: string, perSite: number, dueAt: (i: number) => number) {
  const articles = sites.flatMap((site, s) =>
    Array.from({ length: perSite }, (_, a) => {
      const i = s * perSite + a;
      return {
        user_id: site.userId,
        title: `${marker} article ${i}`,
        content: `<p>Article ${i}, due with many others.</p>`,
        status: "scheduled",
        scheduled_for: new Date(dueAt(i)).toISOString(),
        scheduled_site_ids: [site.id],
      };
    })
  );
  const stored: { id: string; title: string; scheduled_for: string; siteId: string }[] = [];
  for (let i = 0; i < articles.length; i += 200) {
    const rows = ok(
      await serviceClient().from("articles").insert(articles.slice(i, i + 200)).select("id, title, scheduled_for, scheduled_site_ids"),
    ) as { id: string; title: string; scheduled_for: string; scheduled_site_ids: string[] }[];
    stored.push(...rows.map((row) => ({ ...row, siteId: row.scheduled_site_ids[0] })));
  }
  return stored;
}

/** The publications of `articleIds` (in chunks: a long id list does not fit one URL). */
async function publicationsOf(articleIds: string[]) {
  const rows: { article_id: string; status: string; attempts: number; published_at: string | null }[] = [];
  for (let i = 0; i < articleIds.length; i += 100) {
    rows.push(
      ...ok(
        await serviceClient().from("publications").select("article_id, status, attempts, published_at")
          .in("article_id", articleIds.slice(i, i + 100)),
      ) as typeof rows,
    );
  }
  return rows;
}

async function waitUntilPublished(articleIds: string[], limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const rows = await publicationsOf(articleIds);
    const done = rows.filter((row) => row.status === "publish" && row.published_at);
    if (done.length === articleIds.length) return done;
    if (Date.now() > deadline) {
      // What the functions said (with INTEGRATION_VERBOSE=1 the runtime's log is in it), not the request lines.
      const said = stack.output().split("\n").filter((line) => !/\b(GET|POST|HEAD|PATCH) \//.test(line)).slice(-60);
      throw new Error(`${articleIds.length - done.length} of ${articleIds.length} not published after ${limitMs} ms\n${said.join("\n")}`);
    }
    await delay(1_000);
  }
}

async function remotePostsWith(marker: string): Promise<Remote[]> {
  return ((await control("/wordpress/posts")) as Remote[]).filter((post) => post.title.startsWith(marker));
}

function cron() {
  return startScheduler({
    url: stack.projectUrl,
    secretKey: env().secretKey,
    intervalMs: CRON_INTERVAL_MS,
    functionName: "publish-scheduled",
    timeoutMs: 170_000,
    overlap: true,
    logger: quiet,
  });
}

describe("scheduled publishing keeps up with what is due", () => {
  beforeAll(async () => {
    stack = await startFunctionsStack({
      apiUrl: env().url,
      keysFile: inject("keysFile"),
      databaseUrl: process.env.INTEGRATION_DATABASE_URL,
      // The function's production defaults, not the suite stack's small claims.
      functionsEnv: { PUBLISH_SCHEDULED_BATCH_SIZE: "10" },
    });
    await control("/wordpress/settings", { method: "POST", body: JSON.stringify({ responseDelayMs: WORDPRESS_DELAY_MS }) });
    sites = await connectSites(USERS);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  test(`${USERS * ARTICLES_PER_USER} articles of ${USERS} users due in one minute: each published once, within 2 minutes of its due time, by a once-a-minute cron`, async () => {
    const marker = `due-minute-${Date.now()}`;
    runAnswers.length = 0;
    // The cron's tick comes at the end of the minute in which everything became due.
    const tick = Date.now() + 5_000;
    const articles = await scheduleArticles(marker, ARTICLES_PER_USER, (i) => tick - CRON_INTERVAL_MS + (i % 60) * 1_000);
    const total = USERS * ARTICLES_PER_USER;
    expect(articles).toHaveLength(total);
    await delay(Math.max(0, tick - Date.now()));
    const started = Date.now();
    const scheduler = cron();
    let published: Awaited<ReturnType<typeof waitUntilPublished>>;
    try {
      published = await waitUntilPublished(articles.map((article) => article.id), 3 * CRON_INTERVAL_MS);
    } finally {
      await scheduler.stop();
    }
    const finished = Math.max(...published.map((row) => timestampMs(row.published_at!)));

    // Exactly once: one post per article on the site, every publication a first attempt.
    const posts = await remotePostsWith(marker);
    expect(posts).toHaveLength(total);
    expect(new Set(posts.map((post) => post.title)).size).toBe(total);
    expect(posts.every((post) => post.status === "publish")).toBe(true);
    expect(published.every((row) => row.attempts === 0)).toBe(true);
    const statuses = await articleStatuses(articles.map((article) => article.id));
    expect(statuses.filter((status) => status === "published")).toHaveLength(total);

    // On time: each within 2 minutes of its own due time.
    const dueOf = new Map(articles.map((article) => [article.id, timestampMs(article.scheduled_for)]));
    const lateness = published.map((row) => timestampMs(row.published_at!) - dueOf.get(row.article_id)!).sort((a, b) => a - b);
    const cronRuns = Math.floor((finished - started) / CRON_INTERVAL_MS) + 1;
    console.log(
      `[scheduled publishing] ${total} articles of ${USERS} users due within a minute, WordPress ${WORDPRESS_DELAY_MS} ms a request: ` +
        `all out ${((finished - started) / 1000).toFixed(1)} s after the cron's tick (${cronRuns} cron call${cronRuns > 1 ? "s" : ""}), ` +
        `${(total / ((finished - started) / 1000)).toFixed(1)} a second; late by ${(lateness[Math.floor(total / 2)] / 1000).toFixed(1)} s (median), ` +
        `${(lateness[total - 1] / 1000).toFixed(1)} s (last)\n${runAnswers.join("\n")}`,
    );
    expect(lateness[total - 1]).toBeLessThanOrEqual(LATE_AT_MOST_MS);
  }, 5 * 60_000);

  test("a run killed mid-run: the pairs it held are published by a later cron run within 2 minutes, none twice", async () => {
    const marker = `killed-run-${Date.now()}`;
    const perSite = onPostgres ? 4 : 6;
    const articles = await scheduleArticles(marker, perSite, () => Date.now() - 1_000);
    const total = articles.length;
    const scheduler = cron();
    let held: { article_id: string }[];
    let killedAt: number;
    try {
      // The first tick's run is under way: posts going out, claims held (some with a create in flight).
      for (const deadline = Date.now() + 60_000;;) {
        const posts = await remotePostsWith(marker);
        if (posts.length >= 3) break;
        if (Date.now() > deadline) throw new Error("the run did not start publishing");
        await delay(100);
      }
      expect(await control("/functions/publish-scheduled/kill", { method: "POST" })).toEqual({ killed: true });
      killedAt = Date.now();
      held = await claimsHeld(articles.map((article) => article.id));
      expect(held.length, "the killed run held claims").toBeGreaterThan(0);
      const postsAtKill = (await remotePostsWith(marker)).length;
      expect(postsAtKill, "the kill came before the run was done").toBeLessThan(total);

      await waitUntilPublished(articles.map((article) => article.id), 3 * CRON_INTERVAL_MS);
    } finally {
      await scheduler.stop();
    }
    const rows = await publicationsOf(held.map((row) => row.article_id));
    const resumedIn = Math.max(...rows.map((row) => timestampMs(row.published_at!) - killedAt));
    console.log(
      `[scheduled publishing] a run killed holding ${held.length} claims: they were published ${(resumedIn / 1000).toFixed(1)} s after the kill`,
    );
    expect(resumedIn).toBeLessThanOrEqual(LATE_AT_MOST_MS);

    // None twice: a create the kill cut off was adopted by its marker, not made again.
    const posts = await remotePostsWith(marker);
    expect(posts).toHaveLength(total);
    expect(new Set(posts.map((post) => post.title)).size).toBe(total);
    expect((await articleStatuses(articles.map((article) => article.id))).every((status) => status === "published")).toBe(true);
  }, 5 * 60_000);
});

async function articleStatuses(articleIds: string[]): Promise<string[]> {
  const statuses: string[] = [];
  for (let i = 0; i < articleIds.length; i += 100) {
    const rows = ok(await serviceClient().from("articles").select("status").in("id", articleIds.slice(i, i + 100))) as {
      status: string;
    }[];
    statuses.push(...rows.map((row) => row.status));
  }
  return statuses;
}

/** The pairs under a live claim right now. */
async function claimsHeld(articleIds: string[]): Promise<{ article_id: string }[]> {
  const held: { article_id: string }[] = [];
  for (let i = 0; i < articleIds.length; i += 100) {
    held.push(
      ...ok(
        await serviceClient().from("publications").select("article_id").in("article_id", articleIds.slice(i, i + 100))
          .gt("claimed_until", new Date().toISOString()),
      ) as { article_id: string }[],
    );
  }
  return held;
}
