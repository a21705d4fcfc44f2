import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { encodePng } from "../../supabase/functions/_testing/fakes/png.ts";
import { ghostAdminToken } from "../../supabase/functions/_shared/publishing/ghost/admin_token.ts";
import { startGhost } from "../rigs/ghost/ghost.ts";
import { signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { startLocalApiProcess } from "./local-api-process.ts";
import { ms } from "./stats.ts";
import { type Exchange, sequentialRoundTrips, startCountingProxy } from "./wordpress-publish.ts";

/** Added by the latency proxy before each request reaches Ghost: a host across the internet. */
const LATENCY_MS = 100;
/** Issue 12: the image upload, then the post (tags are created with it). */
const ROUND_TRIP_GOAL = 2;
/** Concurrent publishes of one new article: one creates the post, the others are refused (409) without asking Ghost. */
const CONCURRENT_PUBLISHES = 5;

function report(label: string, exchanges: Exchange[], wallMs: number, origin: number): number {
  const trips = sequentialRoundTrips(exchanges);
  console.log(`${label}: ${exchanges.length} requests to Ghost, ${trips} sequential round trips, wall ${ms(wallMs)}`);
  for (const exchange of [...exchanges].sort((a, b) => a.start - b.start)) {
    console.log(
      `    +${ms(exchange.start - origin).padStart(7)} ${ms(exchange.end - exchange.start).padStart(7)}  ` +
        `${exchange.status} ${exchange.method.padEnd(4)} ${exchange.path.slice(0, 90)}`,
    );
  }
  return trips;
}

/**
 * Connects a real Ghost (scripts/rigs/ghost) behind a 100 ms latency proxy and
 * publishes an article with a featured image and 2 new tags through the local
 * API and functions runtime (publish-article dispatches to Ghost); then
 * publishes it again (the update path: the post's updated_at is read first).
 * Prints every request Ghost received, how many the function waited for one
 * after another, and the wall time.
 */
export async function benchGhostPublish(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-ghost-" });
  const keysFile = `${dataDir}/keys.json`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  try {
    const [api, ghost] = await Promise.all([
      startLocalApiProcess(`${dataDir}/pglite`, keysFile),
      startGhost({ latencyMs: LATENCY_MS }),
    ]);
    cleanups.push(() => api.stop(), () => ghost.stop());
    const proxy = await startCountingProxy(ghost.proxyUrl!);
    cleanups.push(() => proxy.stop());
    console.log(`Ghost ${ghost.ghostVersion} behind a ${LATENCY_MS} ms latency proxy`);

    const functionLog: string[] = [];
    const runtime = await startBenchFunctions(api, keysFile, { PRIVATE_HOST_ALLOWLIST: proxy.hostPort }, functionLog);
    cleanups.push(() => runtime.close());
    const { userId, accessToken } = await signUpBenchUser(api, "ghost");

    const invoke = async (name: string, body: unknown) => {
      const response = await fetch(`${runtime.url}/functions/v1/${name}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, apikey: api.publishableKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() as Record<string, unknown> };
    };
    const expectOk = (name: string, result: { status: number; body: unknown }) => {
      if (result.status >= 300) {
        throw new Error(`${name} answered ${result.status}: ${JSON.stringify(result.body)}\n${functionLog.slice(-20).join("\n")}`);
      }
    };

    // Start both function processes first, so their boot is not in the wall times.
    await Promise.all([invoke("ghost-connect", {}), invoke("publish-article", {})]);

    let started = performance.now();
    const connected = await invoke("ghost-connect", { name: "Bench Ghost", admin_url: proxy.url, admin_api_key: ghost.adminApiKey });
    expectOk("ghost-connect", connected);
    report("connect (site info, permission check, save)", proxy.take(), performance.now() - started, started);
    const siteId = (connected.body.site as { id: string }).id;

    const imagePath = `${userId}/bench-featured.png`;
    const png = await encodePng(64, 64, new Uint8Array(64 * 64 * 3).fill(180));
    const service = createClient(api.url, api.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const upload = await service.storage.from("images").upload(imagePath, png, { contentType: "image/png" });
    if (upload.error) throw upload.error;
    const { data: article, error: articleError } = await service
      .from("articles")
      .insert({
        user_id: userId,
        title: "Ten days in the Alps",
        content: "<p>Walking from hut to hut.</p>",
        excerpt: "Walking from hut to hut.",
        featured_image_url: service.storage.from("images").getPublicUrl(imagePath).data.publicUrl,
        meta_description: "Walking the Alps from hut to hut.",
        tags: [`alps-${Date.now()}`, `huts-${Date.now()}`],
      })
      .select("id")
      .single();
    if (articleError) throw articleError;

    const publishRequest = { articleId: article.id, siteId, status: "publish" };
    started = performance.now();
    const first = await invoke("publish-article", publishRequest);
    expectOk("publish-article (Ghost)", first);
    const trips = report("publish (featured image, 2 new tags)", proxy.take(), performance.now() - started, started);
    console.log(`  goal: ${ROUND_TRIP_GOAL} sequential round trips (image upload, then the post) — measured ${trips}`);

    // Ghost's updated_at has one-second resolution.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    started = performance.now();
    const second = await invoke("publish-article", publishRequest);
    expectOk("publish-article (Ghost, again)", second);
    if (second.body.updated !== true) throw new Error(`the second publish did not update the post: ${JSON.stringify(second.body)}`);
    report("publish again (same image: read updated_at, then update)", proxy.take(), performance.now() - started, started);

    // Exactly once: the claim and the marker lookup, measured.
    const newArticle = async (title: string) => {
      const { data, error } = await service
        .from("articles")
        .insert({ user_id: userId, title, content: "<p>Walking from hut to hut.</p>", excerpt: "Walking." })
        .select("id")
        .single();
      if (error) throw error;
      return data.id as string;
    };
    const racedId = await newArticle(`Five at once ${Date.now()}`);
    started = performance.now();
    const raced = await Promise.all(
      Array.from({ length: CONCURRENT_PUBLISHES }, async () => {
        const begun = performance.now();
        const result = await invoke("publish-article", { articleId: racedId, siteId, status: "publish" });
        return { ...result, ms: performance.now() - begun };
      }),
    );
    const racedTrips = report(`${CONCURRENT_PUBLISHES} publishes of a new article at once`, proxy.take(), performance.now() - started, started);
    const created = raced.filter((result) => result.status === 200 && result.body.updated === false);
    const refused = raced.filter((result) => result.status === 409);
    console.log(
      `  answers: ${raced.map((result) => result.status).sort().join(", ")}; created ${created.length} post(s); ` +
        `refusals answered in ${refused.map((result) => ms(result.ms)).join(", ") || "—"}`,
    );
    console.log(`  goal: exactly 1 post, in ≤ ${ROUND_TRIP_GOAL} sequential round trips — measured ${created.length}, ${racedTrips}`);
    if (created.length !== 1) throw new Error(`expected exactly one created post: ${JSON.stringify(raced.map((r) => r.body))}`);

    // After an interrupted create: the publication says a create was under way, the post (with its marker tag) is there.
    const interruptedId = await newArticle(`Interrupted ${Date.now()}`);
    const marker = crypto.randomUUID();
    const { error: interruptedError } = await service.from("publications").insert({
      user_id: userId,
      article_id: interruptedId,
      site_id: siteId,
      status: "pending",
      remote_marker: marker,
      remote_create_started_at: new Date().toISOString(),
    });
    if (interruptedError) throw interruptedError;
    const orphan = await fetch(`${ghost.adminApiUrl}/posts/?source=html`, {
      method: "POST",
      headers: { authorization: `Ghost ${await ghostAdminToken(ghost.adminApiKey)}`, "content-type": "application/json" },
      body: JSON.stringify({ posts: [{ title: "Interrupted", html: "<p>Walking</p>", tags: [{ name: `#inkpress-${marker}` }] }] }),
    });
    const orphanId = ((await orphan.json()) as { posts: { id: string }[] }).posts[0].id;
    proxy.take();
    started = performance.now();
    const adopted = await invoke("publish-article", { articleId: interruptedId, siteId, status: "publish" });
    expectOk("publish-article (Ghost, adopting)", adopted);
    if (adopted.body.remotePostId !== orphanId) throw new Error(`the interrupted post was not adopted: ${JSON.stringify(adopted.body)}`);
    const adoptTrips = report("publish after an interrupted create (marker lookup, then update)", proxy.take(), performance.now() - started, started);
    console.log(`  goal: ≤ ${ROUND_TRIP_GOAL + 1} sequential round trips (the lookup added) and no new post — measured ${adoptTrips}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
