import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2.119.1";
import { startAppProcess } from "../testing/e2e/app-process.ts";
import { startLocalApi, type LocalApiServer } from "../devstack/local-backend/http-server.ts";
import { articlesSql, bodiesSql, finishSql, imagesSql, RARE_WORD } from "./list-seed.ts";
import { median, ms } from "./stats.ts";

/**
 * `npm run bench -- lists`: the articles list, its search, the image library
 * and the dashboard at scale. 1,000 users × 100 articles plus one user with
 * 10,000 (bodies of 2–20 KB, scripts/bench/list-seed.ts) and 1,000 library
 * images, on the local backend (lite on PGlite).
 *
 * Through supabase-js, as the big user, the requests the app makes: the first
 * page of /articles (list_articles + count_articles in parallel), page 50 vs
 * page 1 (keyset), searches, each sort, bytes per page, the image library and
 * the dashboard's four queries. Then EXPLAIN ANALYZE of the same statements as
 * that user under RLS, and, in Chromium on the production build, the time from
 * opening /articles to the first card. Prints figures beside goals; asserts
 * nothing about speed.
 */

const USERS = 1_000;
const ARTICLES_PER_USER = 100;
const BIG_USER_ARTICLES = 10_000;
const LIBRARY_IMAGES = 1_000;
const PAGE_SIZE = 20;
const LIBRARY_PAGE_SIZE = 24;
const RUNS = 30;
const PASSWORD = "bench-password-1";

type ListArgs = {
  status_filter?: string | null;
  search?: string | null;
  sort?: "newest" | "oldest" | "updated" | "title";
  cursor_key?: string | null;
  cursor_id?: string | null;
  before_cursor?: boolean;
  page_size?: number;
};
type ListRow = { id: string; sort_key: string };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const verdict = (value: number, goal: number) => (value <= goal ? "meets goal" : "OVER goal");

/** Median and slowest of RUNS calls of `run`. */
async function timed(run: () => PromiseLike<unknown>, runs = RUNS): Promise<{ median: number; max: number }> {
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  return { median: median(timings), max: Math.max(...timings) };
}

function report(label: string, { median, max }: { median: number; max: number }, goal?: number) {
  const goalText = goal === undefined ? "" : `   goal < ${goal} ms  (${verdict(median, goal)})`;
  console.log(`  ${label.padEnd(58)} median ${ms(median).padStart(7)}, max ${ms(max).padStart(7)}${goalText}`);
}

/** Throws the PostgREST error, if any; returns the data. */
function data<T>(result: { data: T | null; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

/**
 * The statement list_articles builds for `args`
 * (supabase/migrations/20261126100400_list_articles_schedule.sql), with literals for
 * its parameters, so EXPLAIN shows its plan. explainList() checks that it
 * returns the same rows as the function.
 */
function listStatement(args: ListArgs): string {
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const sort = args.sort ?? "newest";
  const [column, type, descending] = ({
    newest: ["created_at", "timestamptz", true],
    oldest: ["created_at", "timestamptz", false],
    updated: ["updated_at", "timestamptz", true],
    title: ["title", "text", false],
  } as const)[sort];
  const scanDescending = descending !== Boolean(args.before_cursor);
  const conditions = ["true"];
  if (args.status_filter) conditions.push(`a.status = ${literal(args.status_filter)}`);
  if (args.search) conditions.push(`a.id in (select public.matching_article_ids(${literal(args.search)}))`);
  if (args.cursor_key && args.cursor_id) {
    conditions.push(
      `(a.${column}, a.id) ${scanDescending ? "<" : ">"} (${literal(args.cursor_key)}::${type}, ${literal(args.cursor_id)}::uuid)`,
    );
  }
  const direction = scanDescending ? "desc" : "asc";
  let statement = `select a.id, a.title, a.excerpt, a.status, a.featured_image_url, a.categories, a.tags, a.created_at,
         a.updated_at, a.scheduled_for,
         case when a.status = 'scheduled' then array(
           select s.name from public.wordpress_sites s
           where s.id = any (a.scheduled_site_ids) and s.user_id = a.user_id
           order by s.name
         ) else '{}'::text[] end as scheduled_site_names,
         a.${column}::text as sort_key
  from public.articles a
  where ${conditions.join(" and ")}
  order by a.${column} ${direction}, a.id ${direction}
  limit ${args.page_size ?? PAGE_SIZE + 1}`;
  if (scanDescending !== descending) {
    const display = descending ? "desc" : "asc";
    statement = `select * from (${statement}) as page order by page.${column} ${display}, page.id ${display}`;
  }
  return statement;
}

/**
 * Runs `statement` as `userId` in a rolled-back transaction: role
 * authenticated and both forms of the JWT claims (hosted auth.uid() reads
 * request.jwt.claims, lite's reads request.jwt.claim.sub).
 */
async function asUser<Row>(
  api: LocalApiServer,
  userId: string,
  statement: string,
  { role = "authenticated" }: { role?: "authenticated" | "owner" } = {},
): Promise<Row[]> {
  const claims = JSON.stringify({ sub: userId, role: "authenticated", aud: "authenticated" });
  // PGlite is one session: these statements share one transaction.
  await api.sql("begin");
  try {
    if (role === "authenticated") await api.sql("set local role authenticated");
    await api.sql(`select set_config('request.jwt.claims', '${claims}', true)`);
    await api.sql(`select set_config('request.jwt.claim.sub', '${userId}', true)`);
    return await api.sql<Row>(statement);
  } finally {
    await api.sql("rollback");
  }
}

async function explain(
  api: LocalApiServer,
  userId: string,
  label: string,
  statement: string,
  role: "authenticated" | "owner" = "authenticated",
) {
  const rows = await asUser<{ "QUERY PLAN": string }>(
    api,
    userId,
    `explain (analyze, costs off, timing off, summary off) ${statement}`,
    { role },
  );
  const plan = rows.map((row) => row["QUERY PLAN"]);
  const scans = plan.join("\n").match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( Backward)?/g) ?? [];
  const context = role === "authenticated" ? "as the user, under RLS" : "as its definer, with the user's claims";
  console.log(`\n  plan "${label}" (${context}): ${[...new Set(scans)].join(", ") || "no scan"}`);
  for (const line of plan) console.log(`      ${line}`);
}

async function explainList(api: LocalApiServer, client: SupabaseClient, userId: string, label: string, args: ListArgs) {
  const statement = listStatement(args);
  const viaFunction = data(await client.rpc("list_articles", { page_size: PAGE_SIZE + 1, ...args })) as ListRow[];
  const viaStatement = await asUser<ListRow>(api, userId, statement);
  if (viaFunction.map((row) => row.id).join() !== viaStatement.map((row) => row.id).join()) {
    throw new Error(`the explained statement for "${label}" does not return what list_articles returns`);
  }
  await explain(api, userId, label, statement);
}

export async function benchLists(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "inkpress-bench-lists-" });
  const dataDir = `${dir}/pglite`;
  let account: { email: string; password: string };
  try {
    const api = await startLocalApi({ dataDir, keysFile: `${dir}/keys.json` });
    try {
      account = await seedAndMeasure(api);
    } finally {
      await api.close();
    }
    await measureInBrowser(dataDir, account);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

async function seedAndMeasure(api: LocalApiServer): Promise<{ email: string; password: string }> {
  let responseBytes = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = new Uint8Array(await response.arrayBuffer());
    responseBytes += body.length;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const client = createClient(api.url, api.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: countingFetch },
  });
  const email = `bench-lists-${Date.now()}@bench.test`;
  const signUp = await client.auth.signUp({ email, password: PASSWORD });
  if (signUp.error || !signUp.data.user) throw signUp.error ?? new Error("sign-up failed");
  const userId = signUp.data.user.id;

  console.log(`seeding ${USERS.toLocaleString("en-US")} users × ${ARTICLES_PER_USER} articles, one user with ${BIG_USER_ARTICLES.toLocaleString("en-US")}, ${LIBRARY_IMAGES} library images…`);
  const seedStarted = performance.now();
  for (const statement of bodiesSql()) await api.sql(statement);
  await api.sql(`
    insert into auth.users (id, email, raw_user_meta_data)
    select gen_random_uuid(), 'seed' || n || '@bench.test', '{}'::jsonb from generate_series(1, ${USERS}) as n`);
  await api.sql(articlesSql(`select '${userId}'::uuid as id, 0 as ordinal`, BIG_USER_ARTICLES));
  await api.sql(
    articlesSql(
      `select id, row_number() over (order by id) as ordinal from auth.users where email like 'seed%@bench.test'`,
      ARTICLES_PER_USER,
    ),
  );
  await api.sql(imagesSql(userId, LIBRARY_IMAGES));
  for (const statement of finishSql) await api.sql(statement);
  const [sizes] = await api.sql<Record<string, string | number>>(`
    select count(*) as articles, round(avg(octet_length(content))) as avg_bytes, min(octet_length(content)) as min_bytes,
           max(octet_length(content)) as max_bytes, pg_size_pretty(pg_total_relation_size('public.articles')) as on_disk,
           count(*) filter (where search_vector @@ to_tsquery('english', '${RARE_WORD}')) as rare
    from public.articles`);
  console.log(
    `seeded in ${seconds(seedStarted)}: ${Number(sizes.articles).toLocaleString("en-US")} articles, content ${kb(Number(sizes.min_bytes))}–${kb(Number(sizes.max_bytes))} (mean ${kb(Number(sizes.avg_bytes))}), articles table ${sizes.on_disk}; "${RARE_WORD}" in ${sizes.rare}`,
  );

  const list = (args: ListArgs) => client.rpc("list_articles", { page_size: PAGE_SIZE + 1, ...args }).then(data) as Promise<ListRow[]>;
  const count = (args: { status_filter?: string; search?: string }) => client.rpc("count_articles", args).then(data);
  /** What /articles asks for one page: the page and the count, in parallel. */
  const articlesPage = (args: ListArgs) => Promise.all([list(args), count({ status_filter: args.status_filter ?? undefined, search: args.search ?? undefined })]);

  console.log(`\n/articles for the user with ${BIG_USER_ARTICLES.toLocaleString("en-US")} articles, through supabase-js (${RUNS} runs each):`);
  report("first page (list_articles + count_articles in parallel)", await timed(() => articlesPage({})), 100);
  let cursor: ListRow | undefined;
  for (let page = 1; page < 50; page++) {
    const rows = await list({ cursor_key: cursor?.sort_key, cursor_id: cursor?.id });
    cursor = rows[PAGE_SIZE - 1];
  }
  const page50 = { cursor_key: cursor!.sort_key, cursor_id: cursor!.id };
  report("page 1, list_articles alone", await timed(() => list({})));
  report("page 50 (keyset after page 49's last row), list_articles alone", await timed(() => list(page50)));
  report("page 50, Previous (the page before its first row)", await timed(() => list({ ...page50, before_cursor: true })));
  for (const search of [RARE_WORD, "helio", "compost", "garden tomato"]) {
    const matches = await count({ search });
    report(`search "${search}" (${Number(matches).toLocaleString("en-US")} matches), list + count`, await timed(() => articlesPage({ search })), 150);
  }
  report(`search "${RARE_WORD}", drafts, by title, list + count`, await timed(() => articlesPage({ search: RARE_WORD, status_filter: "draft", sort: "title" })));
  for (const sort of ["oldest", "updated", "title"] as const) {
    report(`first page sorted ${sort}, list + count`, await timed(() => articlesPage({ sort })));
  }
  report("first page of Scheduled, list + count", await timed(() => articlesPage({ status_filter: "scheduled" })));

  responseBytes = 0;
  await list({});
  const listBytes = responseBytes;
  responseBytes = 0;
  await count({});
  const countBytes = responseBytes;
  responseBytes = 0;
  data(await client.from("articles").select("*").order("created_at", { ascending: false }).limit(PAGE_SIZE));
  const fullRowBytes = responseBytes;
  console.log(
    `\n  bytes per page: list ${kb(listBytes)} (${PAGE_SIZE} cards + 1 look-ahead row, no content) + count ${countBytes} B;` +
      ` the same ${PAGE_SIZE} articles with every column: ${kb(fullRowBytes)};` +
      ` all ${BIG_USER_ARTICLES.toLocaleString("en-US")} with content, as the list loaded before: about ${(fullRowBytes / PAGE_SIZE * BIG_USER_ARTICLES / 1024 / 1024).toFixed(0)} MB`,
  );

  console.log(`\nimage library (${LIBRARY_IMAGES} images, ${LIBRARY_PAGE_SIZE} per "Load more"):`);
  const libraryPage = (after?: { created_at: string; id: string }) => {
    let query = client
      .from("generated_images")
      .select("id, public_url, prompt, image_size, created_at")
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(LIBRARY_PAGE_SIZE + 1);
    if (after) {
      query = query
        .lte("created_at", after.created_at)
        .or(`created_at.lt."${after.created_at}",and(created_at.eq."${after.created_at}",id.lt."${after.id}")`);
    }
    return query.then(data) as Promise<{ id: string; created_at: string }[]>;
  };
  let libraryCursor: { id: string; created_at: string } | undefined;
  for (let page = 1; page < 40; page++) libraryCursor = (await libraryPage(libraryCursor))[LIBRARY_PAGE_SIZE - 1];
  report("first page", await timed(() => libraryPage()));
  report("page 40 (keyset)", await timed(() => libraryPage(libraryCursor)));

  console.log(`\ndashboard for the same user (${RUNS} runs each):`);
  const dashboard = {
    "count articles": () => client.from("articles").select("id", { count: "exact", head: true }).eq("user_id", userId),
    "count sites": () => client.from("wordpress_sites").select("id", { count: "exact", head: true }).eq("user_id", userId),
    "count drafts": () =>
      client.from("articles").select("id", { count: "exact", head: true }).eq("user_id", userId).eq("status", "draft"),
    "recent 5": () =>
      client.from("articles").select("id,title,status,created_at").eq("user_id", userId).order("created_at", { ascending: false }).limit(5),
  };
  for (const [name, run] of Object.entries(dashboard)) report(name, await timed(() => run().then(data)));
  report("all four in parallel", await timed(() => Promise.all(Object.values(dashboard).map((run) => run().then(data)))));

  console.log("\nquery plans: EXPLAIN ANALYZE of each statement as the user (role authenticated, JWT claims), under RLS");
  await explainList(api, client, userId, "articles, first page", {});
  await explainList(api, client, userId, "articles, page 50", page50);
  await explainList(api, client, userId, "articles, page 50 Previous", { ...page50, before_cursor: true });
  await explainList(api, client, userId, "articles, by title", { sort: "title" });
  await explainList(api, client, userId, `articles, search "${RARE_WORD}"`, { search: RARE_WORD });
  await explainList(api, client, userId, `articles, search "${RARE_WORD}", drafts, by title`, {
    search: RARE_WORD,
    status_filter: "draft",
    sort: "title",
  });
  await explain(api, userId, "count, all", "select count(*) from public.articles a where true");
  await explain(
    api,
    userId,
    `count, search "${RARE_WORD}"`,
    `select count(*) from public.articles a where a.id in (select public.matching_article_ids('${RARE_WORD}'))`,
  );
  // matching_article_ids() is security definer: its statement runs as the owner (no RLS), scoped by the owner lexeme.
  for (const search of [RARE_WORD, "compost"]) {
    await explain(
      api,
      userId,
      `matching_article_ids('${search}'), the search inside`,
      `select a.id from public.articles a
       where a.search_vector @@ (public.article_search_query('${search}') && '''~${userId}'''::tsquery)
         and a.user_id::text = '${userId}'`,
      "owner",
    );
  }
  await explain(api, userId, "dashboard: count articles", `select count(*) from public.articles where user_id = '${userId}'`);
  await explain(
    api,
    userId,
    "dashboard: count drafts",
    `select count(*) from public.articles where user_id = '${userId}' and status = 'draft'`,
  );
  await explain(
    api,
    userId,
    "dashboard: recent 5",
    `select id, title, status, created_at from public.articles where user_id = '${userId}' order by created_at desc limit 5`,
  );
  await explain(
    api,
    userId,
    "image library, page 40",
    `select id, public_url, prompt, image_size, created_at from public.generated_images
     where created_at <= '${libraryCursor!.created_at}'
       and (created_at < '${libraryCursor!.created_at}' or (created_at = '${libraryCursor!.created_at}' and id < '${libraryCursor!.id}'))
     order by created_at desc, id desc limit ${LIBRARY_PAGE_SIZE + 1}`,
  );
  return { email, password: PASSWORD };
}

/** The production build on the seeded database; the Playwright bench signs in as the big user. */
async function measureInBrowser(dataDir: string, account: { email: string; password: string }) {
  const chromium = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
  await Deno.stat(chromium).catch(() => {
    throw new Error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`);
  });
  console.log("\nin Chromium (production build on this database):");
  const app = await startAppProcess({ dataDir, keepData: true });
  try {
    const { success } = await new Deno.Command("node_modules/.bin/playwright", {
      args: ["test", "-c", "playwright.bench.config.ts", "tests/bench/articles-list.bench.ts"],
      env: {
        CHROMIUM_PATH: chromium,
        E2E_BASE_URL: app.url,
        LIST_BENCH_EMAIL: account.email,
        LIST_BENCH_PASSWORD: account.password,
        LIST_BENCH_ARTICLES: String(BIG_USER_ARTICLES),
      },
    }).spawn().status;
    if (!success) {
      console.error(`\n━━ app output (last 6000 characters)\n${app.output().slice(-6000)}`);
      throw new Error("the articles list browser benchmark failed (see above)");
    }
  } finally {
    await app.stop();
  }
}
