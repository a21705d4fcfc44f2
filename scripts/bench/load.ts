/**
 * `npm run bench -- load`: what many users sharing one installation get,
 * each figure printed next to what one user gets in the same run.
 *
 *   api          list (list_articles + count_articles, as the articles page
 *                asks) and save (save-article) by 1 user, then by 50 users
 *                at once, each acting every second (a person working fast),
 *                on the embedded PGlite and on a PostgreSQL server (the team
 *                deployment: one npm start with DATABASE_URL). Goal: p99
 *                under 300 ms for 50 users on PostgreSQL. Then saturated,
 *                every user's next action as soon as the last one answered:
 *                the actions a second the installation answers, 50 users
 *                against 1 (what more processes and connections buy).
 *   drafting     bulk drafting of 25 ideas by 1 user, then by 20 users who
 *                submit at once, through draft-batch-worker called by the
 *                local scheduler at npm start's cadence (every 15 s, runs
 *                overlapping) against a fake OpenAI taking 3 s an article:
 *                each user's first draft and the drafts per minute.
 *   publishing   scheduled articles of 1 user, then of 50 users, due in the
 *                same minute, published to a fake WordPress answering each
 *                request after 300 ms by publish-scheduled called every
 *                minute (hosted's cron cadence): when the last one went out,
 *                and that each went out once.
 *
 * Everything runs here: the local API in a process of its own (PGlite, or a
 * throwaway PostgreSQL 15 from scripts/testing/test-db/cluster.sh, fsync
 * off), the functions runtime, a project origin serving both (as a hosted
 * project's URL does; the workers start helper runs through it), and the
 * fakes. LOAD_SCENARIOS=api,drafting,publishing picks scenarios.
 */
import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2.119.1";
import { type FakeOpenAI, startFakeOpenAI } from "../../supabase/functions/_testing/fakes/openai_server.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../../supabase/functions/_testing/fakes/wordpress_server.ts";
import { proxyRequest } from "../devstack/functions-runtime/proxy.ts";
import type { FunctionsRuntime } from "../devstack/functions-runtime/runtime.ts";
import { type Scheduler, startScheduler } from "../devstack/scheduler/scheduler.ts";
import { type BenchUser, saveBenchApiKeys, signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { apiProcessCount } from "../devstack/local-backend/api-workers.ts";
import { type LocalApiProcess, startLocalApiProcess } from "./local-api-process.ts";
import { startPostgresCluster } from "./postgres-cluster.ts";
import { median, ms, percentile } from "./stats.ts";

const API_USERS = 50;
const API_ROUNDS = 10;
/** A person working fast: an action a second. */
const API_PAUSE_MS = 1_000;
const API_ARTICLES_PER_USER = 40;
const API_GOAL_P99_MS = 300;

const DRAFT_USERS = 20;
const DRAFT_IDEAS = 25;
const DRAFT_PACE_MS = 3_000;
const DRAFT_CYCLE_MS = 15_000;

const PUBLISH_USERS = 50;
const PUBLISH_PER_USER = 20;
const PUBLISH_WORDPRESS_DELAY_MS = 300;
/** Hosted's pg_cron cadence. */
const PUBLISH_CRON_MS = 60_000;

export type LoadStack = {
  label: string;
  api: LocalApiProcess;
  /** The API and /functions/v1 on one origin. */
  projectUrl: string;
  runtime: FunctionsRuntime;
  openai: FakeOpenAI;
  service: SupabaseClient;
  log: string[];
  stop(): Promise<void>;
};

/** The local API (PGlite, or `databaseUrl`), the functions runtime with `functionsEnv`, a project origin, the fake OpenAI. */
export async function startLoadStack(
  label: string,
  databaseUrl: string | undefined,
  functionsEnv: Record<string, string> = {},
): Promise<LoadStack> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-load-" });
  const stops: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {});
  };
  try {
    const api = await startLocalApiProcess(`${dataDir}/pglite`, `${dataDir}/keys.json`, databaseUrl);
    stops.push(() => api.stop());
    const openai = startFakeOpenAI();
    stops.push(() => openai.close());
    let functionsUrl = "";
    const listening = Promise.withResolvers<Deno.NetAddr>();
    const project = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: listening.resolve }, (request) => {
      const url = new URL(request.url);
      const upstream = url.pathname.startsWith("/functions/v1/") ? functionsUrl : api.url;
      return proxyRequest(request, new URL(url.pathname + url.search, upstream), new AbortController().signal).catch((error) =>
        new Response(`upstream unreachable: ${error}`, { status: 502 })
      );
    });
    stops.push(() => project.shutdown());
    const projectUrl = `http://127.0.0.1:${(await listening.promise).port}`;
    const log: string[] = [];
    const runtime = await startBenchFunctions(
      { ...api, url: projectUrl },
      `${dataDir}/keys.json`,
      { OPENAI_BASE_URL: openai.url, ...functionsEnv },
      log,
    );
    functionsUrl = runtime.url;
    stops.push(() => runtime.close());
    const service = createClient(api.url, api.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
    return { label, api, projectUrl, runtime, openai, service, log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `count` new signed-in users, a few at a time, each with a stored OpenAI key. */
export async function benchUsers(stack: LoadStack, label: string, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i += 10) {
    users.push(...await Promise.all(Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
      const user = await signUpBenchUser(stack.api, `${label}-${i + j}`);
      await saveBenchApiKeys(stack.runtime, stack.api, user.accessToken, {
        openaiKey: `sk-bench-${label}-${i + j}-FIXTURE-not-a-real-key`,
      });
      return user;
    })));
  }
  return users;
}

const ARTICLE_BODY = Array.from({ length: 12 }, (_, i) =>
  `<p>Paragraph ${i + 1} of a long enough article about gardens, soil and compost, written to weigh what a real one weighs.</p>`
).join("");

const percentiles = (values: number[]) => `p50 ${ms(median(values))} / p99 ${ms(percentile(values, 99))}`;

// ─── api ───────────────────────────────────────────────────────────────────

type ApiFigures = { list: number[]; save: number[]; actionsPerSecond: number };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each user lists then saves, `rounds` times, waiting `pauseMs` after each
 * action (users start spread over one pause); 0 is a load generator's
 * closed loop, the next action as soon as the last one answered.
 */
async function apiRounds(
  stack: LoadStack,
  users: BenchUser[],
  articleIds: Map<string, string[]>,
  rounds: number,
  pauseMs: number,
): Promise<ApiFigures> {
  const figures: ApiFigures = { list: [], save: [], actionsPerSecond: 0 };
  const began = performance.now();
  await Promise.all(users.map(async (user, u) => {
    const ids = articleIds.get(user.userId)!;
    await pause((pauseMs * u) / users.length);
    for (let round = 0; round < rounds; round++) {
      let started = performance.now();
      const [list, count] = await Promise.all([
        user.client.rpc("list_articles", { page_size: 21 }),
        user.client.rpc("count_articles", {}),
      ]);
      if (list.error || count.error) throw new Error(`listing: ${(list.error ?? count.error)!.message}`);
      figures.list.push(performance.now() - started);
      await pause(pauseMs);

      started = performance.now();
      const saved = await fetch(`${stack.projectUrl}/functions/v1/save-article`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${user.accessToken}`,
          apikey: stack.api.publishableKey,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          id: ids[round % ids.length],
          title: `Saved in round ${round + 1}`,
          content: `${ARTICLE_BODY}<p>Round ${round + 1}.</p>`,
          excerpt: "An article saved under load.",
        }),
      });
      const answer = await saved.text();
      if (!saved.ok) throw new Error(`save-article answered ${saved.status}: ${answer.slice(0, 300)}`);
      figures.save.push(performance.now() - started);
      await pause(pauseMs);
    }
  }));
  figures.actionsPerSecond = (figures.list.length + figures.save.length) / ((performance.now() - began) / 1000);
  return figures;
}

type ApiScenario = { one: ApiFigures; many: ApiFigures; oneFlat: ApiFigures; manyFlat: ApiFigures };

async function apiScenario(label: string, databaseUrl: string | undefined): Promise<ApiScenario> {
  const stack = await startLoadStack(label, databaseUrl);
  try {
    const users = await benchUsers(stack, `api-${label}`, API_USERS + 1);
    const articleIds = new Map<string, string[]>();
    for (const user of users) {
      const { data, error } = await stack.service.from("articles").insert(
        Array.from({ length: API_ARTICLES_PER_USER }, (_, i) => ({
          user_id: user.userId,
          title: `Article ${i + 1} of a bench user`,
          content: ARTICLE_BODY,
          excerpt: "A bench article.",
          status: "draft",
        })),
      ).select("id");
      if (error) throw new Error(`seeding articles: ${error.message}`);
      articleIds.set(user.userId, data.map((row: { id: string }) => row.id));
    }
    const [alone, ...crowd] = users;
    await apiRounds(stack, [alone], articleIds, 3, 0); // warm-up: functions started, plans cached
    const one = await apiRounds(stack, [alone], articleIds, API_ROUNDS, API_PAUSE_MS);
    const many = await apiRounds(stack, crowd, articleIds, API_ROUNDS, API_PAUSE_MS);
    const oneFlat = await apiRounds(stack, [alone], articleIds, API_ROUNDS * 2, 0);
    const manyFlat = await apiRounds(stack, crowd, articleIds, API_ROUNDS / 2, 0);
    return { one, many, oneFlat, manyFlat };
  } finally {
    await stack.stop();
  }
}

function printApi(label: string, { one, many, oneFlat, manyFlat }: ApiScenario, goal: boolean) {
  const ratio = (values: number[], base: number[]) => `${(percentile(values, 99) / percentile(base, 99)).toFixed(1)}× one user's p99`;
  console.log(`  ${label}, each user acting every ${API_PAUSE_MS / 1000} s:`);
  console.log(`    1 user:    list ${percentiles(one.list)}, save ${percentiles(one.save)}`);
  console.log(
    `    ${API_USERS} users:  list ${percentiles(many.list)} (${ratio(many.list, one.list)}), save ${percentiles(many.save)} (${
      ratio(many.save, one.save)
    })${goal ? ` — goal: p99 < ${API_GOAL_P99_MS} ms for both` : ""}`,
  );
  console.log(
    `    saturated (every user's next action as soon as the last answered): ${oneFlat.actionsPerSecond.toFixed(0)} actions/s for 1 user, ` +
      `${manyFlat.actionsPerSecond.toFixed(0)} for ${API_USERS} (${(manyFlat.actionsPerSecond / oneFlat.actionsPerSecond).toFixed(1)}× one user's; ` +
      `list ${percentiles(manyFlat.list)}, save ${percentiles(manyFlat.save)})`,
  );
}

// ─── drafting ──────────────────────────────────────────────────────────────

type DraftFigures = { firstDraftMs: number[]; allMs: number; perMinute: number; drafts: number };

async function draftRound(stack: LoadStack, users: BenchUser[], marker: string): Promise<DraftFigures> {
  const { data: assistants, error } = await stack.service.from("assistants").select("id, user_id")
    .in("user_id", users.map((user) => user.userId));
  if (error) throw new Error(`reading assistants: ${error.message}`);
  const scheduler: Scheduler = startScheduler({
    url: stack.projectUrl,
    secretKey: stack.api.secretKey,
    intervalMs: DRAFT_CYCLE_MS,
    functionName: "draft-batch-worker",
    timeoutMs: 170_000,
    overlap: true,
    logger: { info: () => {}, error: (line) => stack.log.push(line) },
  });
  try {
    const batchIds = await Promise.all(users.map(async (user, u) => {
      const response = await fetch(`${stack.projectUrl}/functions/v1/draft-batches`, {
        method: "POST",
        headers: { Authorization: `Bearer ${user.accessToken}`, apikey: stack.api.publishableKey, "Content-Type": "application/json" },
        body: JSON.stringify({
          action: "create",
          assistantId: assistants.find((row: { user_id: string }) => row.user_id === user.userId)!.id,
          ideas: Array.from({ length: DRAFT_IDEAS }, (_, i) => ({ idea: `${marker} user ${u} idea ${i + 1}` })),
        }),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`draft-batches answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer.batchId as string;
    }));
    const total = users.length * DRAFT_IDEAS;
    for (const deadline = Date.now() + 15 * 60_000;;) {
      const { data: jobs, error: readError } = await stack.service.from("draft_jobs")
        .select("batch_id, status, finished_at").in("batch_id", batchIds);
      if (readError) throw new Error(`reading jobs: ${readError.message}`);
      const open = jobs.filter((job: { status: string }) => job.status === "queued" || job.status === "drafting");
      if (open.length === 0) {
        const failed = jobs.filter((job: { status: string }) => job.status !== "done").length;
        if (failed) throw new Error(`${failed} drafts did not succeed:\n${stack.log.slice(-20).join("\n")}`);
        const { data: batches } = await stack.service.from("draft_batches").select("id, created_at").in("id", batchIds);
        const at = (value: string) => Date.parse(value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
        const firstDraftMs = batches!.map((batch: { id: string; created_at: string }) =>
          Math.min(...jobs.filter((job: { batch_id: string }) => job.batch_id === batch.id).map((job: { finished_at: string }) => at(job.finished_at))) -
          at(batch.created_at)
        );
        const began = Math.min(...batches!.map((batch: { created_at: string }) => at(batch.created_at)));
        const ended = Math.max(...jobs.map((job: { finished_at: string }) => at(job.finished_at)));
        return { firstDraftMs, allMs: ended - began, perMinute: (total / (ended - began)) * 60_000, drafts: total };
      }
      if (Date.now() > deadline) throw new Error(`drafting did not finish in 15 minutes:\n${stack.log.slice(-20).join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await scheduler.stop();
  }
}

async function draftingScenario(label: string, databaseUrl: string | undefined): Promise<{ one: DraftFigures; many: DraftFigures }> {
  const stack = await startLoadStack(label, databaseUrl);
  try {
    stack.openai.firstTokenDelayMs = DRAFT_PACE_MS;
    const users = await benchUsers(stack, `draft-${label}`, DRAFT_USERS + 1);
    const one = await draftRound(stack, users.slice(0, 1), `one-${Date.now()}`);
    const many = await draftRound(stack, users.slice(1), `many-${Date.now()}`);
    return { one, many };
  } finally {
    await stack.stop();
  }
}

function printDrafting(label: string, { one, many }: { one: DraftFigures; many: DraftFigures }) {
  const last = Math.max(...many.firstDraftMs);
  console.log(`  ${label}:`);
  console.log(
    `    1 user:    first draft after ${ms(one.firstDraftMs[0])}, ${one.drafts} drafts in ${(one.allMs / 1000).toFixed(0)} s ` +
      `(${one.perMinute.toFixed(1)} a minute)`,
  );
  console.log(
    `    ${DRAFT_USERS} users:  first draft after ${ms(median(many.firstDraftMs))} (median user), ${ms(last)} (last user: ${
      (last / one.firstDraftMs[0]).toFixed(2)
    }× one user's); ${many.drafts} drafts in ${(many.allMs / 1000).toFixed(0)} s (${many.perMinute.toFixed(1)} a minute, ${
      (many.perMinute / one.perMinute).toFixed(1)
    }× one user's) — goal: every first draft within one cycle (${DRAFT_CYCLE_MS / 1000} s) plus the provider's time (${
      DRAFT_PACE_MS / 1000
    } s)`,
  );
}

// ─── publishing ────────────────────────────────────────────────────────────

type PublishFigures = { articles: number; afterTickMs: number; lastLateMs: number; perSecond: number; posts: number };

/**
 * `perUser` scheduled articles on each user's site, due over the minute
 * before the cron's tick (the worst phase: the first was due a minute
 * earlier), then publish-scheduled called every minute from that tick until
 * all went out.
 */
async function publishRound(
  stack: LoadStack,
  sites: { userId: string; siteId: string }[],
  perUser: number,
  marker: string,
  posts: () => { title: string }[],
): Promise<PublishFigures> {
  const tick = Date.now() + 5_000;
  const rows = sites.flatMap(({ userId, siteId }, s) =>
    Array.from({ length: perUser }, (_, a) => ({
      user_id: userId,
      title: `${marker} ${s}-${a}`,
      content: ARTICLE_BODY,
      status: "scheduled",
      scheduled_for: new Date(tick - PUBLISH_CRON_MS + ((s * perUser + a) % 60) * 1_000).toISOString(),
      scheduled_site_ids: [siteId],
    }))
  );
  const due = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 200) {
    const { data, error } = await stack.service.from("articles").insert(rows.slice(i, i + 200)).select("id, scheduled_for");
    if (error) throw new Error(`scheduling articles: ${error.message}`);
    for (const row of data as { id: string; scheduled_for: string }[]) due.set(row.id, Date.parse(row.scheduled_for));
  }
  await pause(Math.max(0, tick - Date.now()));
  const started = Date.now();
  const scheduler: Scheduler = startScheduler({
    url: stack.projectUrl,
    secretKey: stack.api.secretKey,
    intervalMs: PUBLISH_CRON_MS,
    timeoutMs: 170_000,
    overlap: true,
    logger: { info: () => {}, error: (line) => stack.log.push(line) },
  });
  try {
    const ids = [...due.keys()];
    for (const deadline = Date.now() + 10 * 60_000;;) {
      const published: { article_id: string; published_at: string }[] = [];
      for (let i = 0; i < ids.length; i += 100) {
        const { data, error } = await stack.service.from("publications").select("article_id, published_at")
          .in("article_id", ids.slice(i, i + 100)).eq("status", "publish");
        if (error) throw new Error(`reading publications: ${error.message}`);
        published.push(...data);
      }
      if (published.length === ids.length) {
        const at = (value: string) => Date.parse(value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
        const last = Math.max(...published.map((row) => at(row.published_at)));
        return {
          articles: ids.length,
          afterTickMs: last - started,
          lastLateMs: Math.max(...published.map((row) => at(row.published_at) - due.get(row.article_id)!)),
          perSecond: ids.length / ((last - started) / 1000),
          posts: posts().filter((post) => post.title.startsWith(`${marker} `)).length,
        };
      }
      if (Date.now() > deadline) throw new Error(`publishing did not finish in 10 minutes:\n${stack.log.slice(-20).join("\n")}`);
      await pause(1_000);
    }
  } finally {
    await scheduler.stop();
  }
}

async function publishingScenario(label: string, databaseUrl: string | undefined): Promise<{ one: PublishFigures; many: PublishFigures }> {
  // Connected at full speed; every request is paced once the sites are in.
  const wordpressOptions: FakeWordPressOptions = {};
  const wordpress = startFakeWordPress(wordpressOptions);
  const stack = await startLoadStack(label, databaseUrl, { PRIVATE_HOST_ALLOWLIST: wordpress.hostPort });
  try {
    const users = await benchUsers(stack, `publish-${label}`, PUBLISH_USERS + 1);
    const sites: { userId: string; siteId: string }[] = [];
    for (let i = 0; i < users.length; i += 10) {
      sites.push(...await Promise.all(users.slice(i, i + 10).map(async (user, j) => {
        const response = await fetch(`${stack.projectUrl}/functions/v1/wordpress-connect`, {
          method: "POST",
          headers: { Authorization: `Bearer ${user.accessToken}`, apikey: stack.api.publishableKey, "Content-Type": "application/json" },
          body: JSON.stringify({
            name: `Bench blog ${i + j}`,
            site_url: wordpress.origin,
            username: FAKE_USERNAME,
            application_password: FAKE_APPLICATION_PASSWORD,
          }),
        });
        const answer = await response.json();
        if (!response.ok) throw new Error(`wordpress-connect answered ${response.status}: ${JSON.stringify(answer)}`);
        return { userId: user.userId, siteId: answer.site.id as string };
      })));
    }
    wordpressOptions.responseDelayMs = PUBLISH_WORDPRESS_DELAY_MS;
    const posts = () => [...wordpress.posts.values()];
    const one = await publishRound(stack, sites.slice(0, 1), PUBLISH_PER_USER, `one-${Date.now()}`, posts);
    const many = await publishRound(stack, sites.slice(1), PUBLISH_PER_USER, `many-${Date.now()}`, posts);
    return { one, many };
  } finally {
    await stack.stop();
    await wordpress.close();
  }
}

function printPublishing(label: string, { one, many }: { one: PublishFigures; many: PublishFigures }) {
  const line = (who: string, figures: PublishFigures, ratio: string) =>
    `    ${who} ${figures.articles} articles: the last out ${(figures.afterTickMs / 1000).toFixed(1)} s after the tick${ratio}, ` +
    `${(figures.lastLateMs / 1000).toFixed(1)} s after its due time; ${figures.perSecond.toFixed(1)} a second; ${figures.posts} posts on the site`;
  console.log(`  ${label}:`);
  console.log(line("1 user: ", one, ""));
  console.log(
    line(
      `${PUBLISH_USERS} users:`,
      many,
      ` (${(many.afterTickMs / one.afterTickMs).toFixed(1)}× one user's, ${(many.perSecond / one.perSecond).toFixed(1)}× the rate)`,
    ) + ` — goal: each within ${(2 * PUBLISH_CRON_MS) / 1000} s of its due time, one post each`,
  );
}

// ─── the section ───────────────────────────────────────────────────────────

export async function benchLoad(): Promise<void> {
  const chosen = (Deno.env.get("LOAD_SCENARIOS") ?? "api,drafting,publishing").split(",").map((name) => name.trim());
  // The bench signs up a hundred users from 127.0.0.1 in seconds; hosted's per-IP Auth limits are the auth tests' subject.
  for (const name of ["AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS", "AUTH_RATE_LIMIT_TOKEN_REFRESH"]) Deno.env.set(name, "1000000");
  const postgres = await startPostgresCluster();
  try {
    if (chosen.includes("api")) {
      console.log(
        `API: list (list_articles + count_articles, as the articles page asks) and save (save-article), ${API_ARTICLES_PER_USER} articles a user, ` +
          `${API_ROUNDS} rounds a user; the API in ${apiProcessCount()} processes on PostgreSQL (LOCAL_API_PROCESSES), one on PGlite:`,
      );
      printApi("PGlite (npm start's default)", await apiScenario("pglite", undefined), false);
      printApi("PostgreSQL (npm start with DATABASE_URL)", await apiScenario("postgres", postgres.url), true);
    }
    if (chosen.includes("drafting")) {
      console.log(
        `Bulk drafting: ${DRAFT_IDEAS} ideas a user, provider ${DRAFT_PACE_MS / 1000} s an article, worker called every ${
          DRAFT_CYCLE_MS / 1000
        } s (runs overlapping), the worker's defaults (32 in flight, 8 a run, 2 a user):`,
      );
      printDrafting("PostgreSQL", await draftingScenario("postgres-drafting", postgres.url));
      printDrafting("PGlite", await draftingScenario("pglite-drafting", undefined));
    }
    if (chosen.includes("publishing")) {
      console.log(
        `Scheduled publishing: ${PUBLISH_PER_USER} articles a user due over the minute before the cron's tick, WordPress ${PUBLISH_WORDPRESS_DELAY_MS} ms a request, ` +
          `publish-scheduled called every ${PUBLISH_CRON_MS / 1000} s (runs overlapping) with its defaults (claims of 10, 16 a run, 2 a site, 4 runs):`,
      );
      printPublishing("PostgreSQL", await publishingScenario("postgres-publishing", postgres.url));
      printPublishing("PGlite", await publishingScenario("pglite-publishing", undefined));
    }
  } finally {
    await postgres.stop();
  }
}
