import { suggestLinks } from "../../web/src/features/links/linkMatcher.ts";
import {
  embedSiteContentResultSchema,
  type LinkTargetsResult,
  linkTargetsResultSchema,
} from "../../supabase/functions/_shared/contracts/site_content.ts";
import { startFakeOpenAI } from "../../supabase/functions/_testing/fakes/openai_server.ts";
import { CURSOR_OVERLAP_MS } from "../../supabase/functions/_shared/publishing/wordpress/site_content.ts";
import { seedPosts, type SeedTarget, trashPost, updatePost } from "../rigs/wordpress/seed-posts.ts";
import { startWordPress } from "../rigs/wordpress/wordpress.ts";
import { signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { FIXTURE_ARTICLES, fixturePosts } from "./internal-links-fixtures.ts";
import { startLocalApiProcess } from "./local-api-process.ts";
import { median, ms } from "./stats.ts";

/** The goal: the expected post among the editor's first five suggestions for at least 18 of the 20 articles. */
const HIT_GOAL = 18;
const SUGGESTIONS_SHOWN = 5;
/** Targets the editor asks the database for (suggestions are the first of them with a phrase in the text). */
const TARGETS_ASKED = 12;

/** Published posts and pages, as WordPress counts them (X-WP-Total). */
async function publishedCount(site: SeedTarget): Promise<number> {
  let total = 0;
  for (const route of ["posts", "pages"]) {
    const response = await fetch(`${site.restRoot}wp/v2/${route}?per_page=1&_fields=id`, {
      headers: { authorization: site.authorization },
    });
    await response.body?.cancel();
    total += Number(response.headers.get("x-wp-total"));
  }
  return total;
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();

/**
 * Internal links on a real WordPress: 200 fixture posts on distinct topics
 * are published, the site is connected and its content index synced through
 * the functions (full, then incremental after 3 edits and a trashed post);
 * then, for each of 20 fixture articles, the link targets are ranked as the
 * user (the link-targets function, what the editor calls) and matched to
 * phrases of the article (the editor's matcher). Twice: with full-text
 * search (the default), then with embeddings after the index is embedded
 * (`sync-site-content` mode "embed") at the fake OpenAI, whose embeddings
 * are hashed word stems: that figure measures the plumbing (embedding,
 * pgvector storage and ranking, the fallback never taken), not a real
 * model's quality. Prints how often the post each article should link to is
 * among the first five suggestions, and the times.
 */
export async function benchInternalLinks(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-links-" });
  const keysFile = `${dataDir}/keys.json`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  try {
    const [api, wordpress] = await Promise.all([startLocalApiProcess(`${dataDir}/pglite`, keysFile), startWordPress()]);
    cleanups.push(() => api.stop(), () => wordpress.stop());
    const openai = startFakeOpenAI();
    cleanups.push(() => openai.close());
    const site: SeedTarget = { restRoot: `${wordpress.restUrl}/`, authorization: wordpress.authHeader };

    let started = performance.now();
    const posts = fixturePosts();
    const seeded = await seedPosts(site, posts);
    console.log(`WordPress ${wordpress.wpVersion}: ${seeded.length} posts in ${new Set(posts.map((p) => p.category)).size} categories published in ${ms(performance.now() - started)}`);
    const linkOf = new Map(seeded.map((post) => [post.slug, post.link]));

    const functionLog: string[] = [];
    const runtime = await startBenchFunctions(
      api,
      keysFile,
      { PRIVATE_HOST_ALLOWLIST: new URL(wordpress.url).host, OPENAI_BASE_URL: openai.url },
      functionLog,
    );
    cleanups.push(() => runtime.close());
    const { client, accessToken, userId } = await signUpBenchUser(api, "links");
    const invoke = async (name: string, body: unknown) => {
      const response = await fetch(`${runtime.url}/functions/v1/${name}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, apikey: api.publishableKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await response.json() as Record<string, unknown>;
      if (!response.ok) {
        throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer)}\n${functionLog.slice(-20).join("\n")}`);
      }
      return answer;
    };

    const connected = await invoke("wordpress-connect", {
      name: "Fixture blog",
      site_url: wordpress.url,
      username: wordpress.adminUser,
      application_password: wordpress.applicationPassword,
    });
    const siteId = (connected.site as { id: string }).id;
    // Start the function's process first, so its boot is not in the time.
    await fetch(`${runtime.url}/functions/v1/sync-site-content`, { method: "OPTIONS" });

    started = performance.now();
    const full = await invoke("sync-site-content", { siteId, mode: "full" });
    const fullMs = performance.now() - started;
    const published = await publishedCount(site);
    console.log(`full sync: ${full.entryCount} entries in ${ms(fullMs)} (WordPress lists ${published} published posts and pages)`);
    if (full.entryCount !== published) throw new Error(`the index holds ${full.entryCount} entries, WordPress ${published}`);

    const changed = seeded.slice(0, 3);
    for (const post of changed) await updatePost(site, post.id, { title: `${posts.find((p) => p.slug === post.slug)!.title} (updated)` });
    await trashPost(site, seeded[3].id);
    started = performance.now();
    const incremental = await invoke("sync-site-content", { siteId });
    console.log(
      `incremental sync after 3 edits and 1 post trashed: ${ms(performance.now() - started)}, ` +
        `${incremental.upserted} written (the edited posts, and those the ${CURSOR_OVERLAP_MS / 1000} s overlap ` +
        `with the previous sync reads again), ${incremental.removed} removed, ${incremental.entryCount} entries`,
    );
    if (incremental.mode !== "incremental" || incremental.removed !== 1 || incremental.entryCount !== published - 1) {
      throw new Error(`unexpected incremental sync: ${JSON.stringify(incremental)}`);
    }

    const rankRound = async (relevance: LinkTargetsResult["relevance"]) => {
      // Start the function's process first, so its boot is not in the times.
      await fetch(`${runtime.url}/functions/v1/link-targets`, { method: "OPTIONS" });
      const times: number[] = [];
      let hits = 0;
      let rankedHits = 0;
      console.log(`\n${relevance === "embeddings" ? "EMBEDDINGS" : "FULL TEXT"}`);
      console.log(`${"article".padEnd(48)} ${"rank".padStart(4)}  in top ${SUGGESTIONS_SHOWN}  anchor`);
      for (const article of FIXTURE_ARTICLES) {
        const expected = linkOf.get(article.expectedSlug);
        if (!expected) throw new Error(`no seeded post ${article.expectedSlug}`);
        started = performance.now();
        const ranked = linkTargetsResultSchema.parse(
          await invoke("link-targets", {
            focus: `${article.title}\n${article.focusKeyword}`,
            body: plainText(article.content),
            limit: TARGETS_ASKED,
          }),
        );
        if (ranked.relevance !== relevance) {
          throw new Error(`ranked by ${ranked.relevance}, not ${relevance}: ${ranked.fallback ?? ""}`);
        }
        const targets = ranked.targets;
        const suggestions = suggestLinks(article.content, targets, SUGGESTIONS_SHOWN);
        times.push(performance.now() - started);
        const rank = targets.findIndex((target) => target.url === expected);
        const suggestion = suggestions.find((candidate) => candidate.target.url === expected);
        if (suggestion) hits++;
        if (rank >= 0 && rank < SUGGESTIONS_SHOWN) rankedHits++;
        console.log(
          `${article.title.slice(0, 47).padEnd(48)} ${String(rank < 0 ? "-" : rank + 1).padStart(4)}  ${
            (suggestion ? "yes" : "NO").padEnd(8)
          }  ${suggestion ? `"${suggestion.anchorText}"` : suggestions.map((s) => s.target.title).join(" | ")}`,
        );
      }
      return { hits, rankedHits, times };
    };

    const fullText = await rankRound("full_text");

    // Embeddings: the user's key and choice, then the whole index embedded as switching the setting does.
    await invoke("save-api-keys", { openaiKey: "sk-bench-FIXTURE-not-a-real-key" });
    const { error: settingError } = await client.from("profiles").update({ link_relevance: "embeddings" }).eq("id", userId);
    if (settingError) throw new Error(`choosing embeddings: ${settingError.message}`);
    started = performance.now();
    const embedded = embedSiteContentResultSchema.parse(await invoke("sync-site-content", { mode: "embed" }));
    console.log(
      `\nembedding the index (fake OpenAI, ${embedded.embeddings.model}, 1536 dimensions): ` +
        `${embedded.embeddings.embedded} entries in ${ms(performance.now() - started)}, ${embedded.embeddings.pending} pending`,
    );
    if (embedded.embeddings.pending !== 0 || embedded.embeddings.embedded !== incremental.entryCount) {
      throw new Error(`unexpected embedding pass: ${JSON.stringify(embedded)}`);
    }
    const byEmbeddings = await rankRound("embeddings");

    const total = FIXTURE_ARTICLES.length;
    console.log(
      `\nlink suggestions, full text: the expected post is among the first ${SUGGESTIONS_SHOWN} for ${fullText.hits} of ${total} articles ` +
        `(goal ≥ ${HIT_GOAL}); among the first ${SUGGESTIONS_SHOWN} ranked targets for ${fullText.rankedHits}`,
    );
    console.log(
      `  ranking (link-targets) + matching per article: median ${ms(median(fullText.times))}, max ${ms(Math.max(...fullText.times))}`,
    );
    console.log(
      `link suggestions, embeddings: the expected post is among the first ${SUGGESTIONS_SHOWN} for ${byEmbeddings.hits} of ${total} articles; ` +
        `among the first ${SUGGESTIONS_SHOWN} ranked targets for ${byEmbeddings.rankedHits}`,
    );
    console.log(
      "  (the fake OpenAI's embeddings are hashed word stems: this figure measures the plumbing — embedding the index and " +
        "the query, pgvector storage and cosine ranking — not the quality of a real embeddings model)",
    );
    console.log(
      `  query embedding + ranking (link-targets) + matching per article: median ${ms(median(byEmbeddings.times))}, ` +
        `max ${ms(Math.max(...byEmbeddings.times))}`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
