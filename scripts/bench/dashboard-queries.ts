import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { startLocalApi } from "../local-backend/http-server.ts";

const USERS = 1_000;
const ARTICLES_PER_USER = 100;
const RUNS = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The dashboard's four queries through supabase-js with 1,000 users × 100
 * articles seeded, as the signed-in user: median latency, and each query's
 * plan under that user's RLS context.
 */
export async function benchDashboardQueries(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-db-" });
  const keysFile = `${dataDir}/keys.json`;
  const api = await startLocalApi({ dataDir: `${dataDir}/pglite`, keysFile });
  try {
    const seedStarted = performance.now();
    await api.sql(`
      insert into auth.users (id, email, raw_user_meta_data)
      select gen_random_uuid(), 'seed' || n || '@bench.test', '{}'::jsonb
      from generate_series(1, ${USERS}) as n`);
    await api.sql(`
      insert into public.articles (user_id, title, content, excerpt, status, created_at)
      select u.id, 'Article ' || n, '<p>Body</p>', 'Excerpt',
             (array['draft', 'published', 'draft', 'published'])[1 + n % 4],
             now() - (n || ' minutes')::interval
      from auth.users u cross join generate_series(1, ${ARTICLES_PER_USER}) as n`);
    await api.sql("analyze");
    console.log(`seeded ${USERS} users × ${ARTICLES_PER_USER} articles in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const client = createClient(api.url, api.publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const email = "bench-reader@bench.test";
    const { data: signUp, error } = await client.auth.signUp({ email, password: "bench-password" });
    if (error || !signUp.user) throw error ?? new Error("sign-up failed");
    const userId = signUp.user.id;
    await api.sql(`
      insert into public.articles (user_id, title, status, created_at)
      select '${userId}', 'Mine ' || n, (array['draft', 'published'])[1 + n % 2], now() - (n || ' minutes')::interval
      from generate_series(1, ${ARTICLES_PER_USER}) as n`);

    const queries = {
      "count articles": () => client.from("articles").select("*", { count: "exact", head: true }).eq("user_id", userId),
      "count sites": () => client.from("wordpress_sites").select("*", { count: "exact", head: true }).eq("user_id", userId),
      "count drafts": () =>
        client.from("articles").select("*", { count: "exact", head: true }).eq("user_id", userId).eq("status", "draft"),
      "recent 5": () =>
        client.from("articles").select("*").eq("user_id", userId).order("created_at", { ascending: false }).limit(5),
    };
    for (const [name, run] of Object.entries(queries)) {
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const { error } = await run();
        if (error) throw error;
        timings.push(performance.now() - started);
      }
      console.log(`dashboard query "${name}": median ${median(timings).toFixed(1)} ms over ${RUNS} runs`);
    }
    const all = performance.now();
    await Promise.all(Object.values(queries).map((run) => run()));
    console.log(`dashboard, four queries in parallel: ${(performance.now() - all).toFixed(1)} ms`);

    const claims = JSON.stringify({ sub: userId, role: "authenticated" });
    const plans = {
      "count articles": `select count(*) from public.articles where user_id = '${userId}'`,
      "count drafts": `select count(*) from public.articles where user_id = '${userId}' and status = 'draft'`,
      "recent 5": `select * from public.articles where user_id = '${userId}' order by created_at desc limit 5`,
      "count sites": `select count(*) from public.wordpress_sites where user_id = '${userId}'`,
    };
    // PGlite is one session, so these statements share one transaction.
    for (const [name, query] of Object.entries(plans)) {
      await api.sql("begin");
      await api.sql("set local role authenticated");
      await api.sql(`select set_config('request.jwt.claims', '${claims}', true)`);
      const rows = await api.sql<{ "QUERY PLAN": string }>(`explain ${query}`);
      await api.sql("rollback");
      console.log(`plan "${name}" (as the user, under RLS):\n    ${rows.map((r) => r["QUERY PLAN"]).join("\n    ")}`);
    }
  } finally {
    await api.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
