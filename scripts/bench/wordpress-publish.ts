import http from "node:http";
import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { encodePng } from "../../supabase/functions/_testing/fakes/png.ts";
import { startWordPress } from "../rigs/wordpress/wordpress.ts";
import { signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { startLocalApiProcess } from "./local-api-process.ts";
import { ms } from "./stats.ts";

/** Added by the latency proxy before each request reaches WordPress: a host across the internet. */
const LATENCY_MS = 100;
const ROUND_TRIP_GOAL = 3;
/** Concurrent publishes of one new article: one creates the post, the others are refused (409) without asking WordPress. */
const CONCURRENT_PUBLISHES = 5;

/**
 * The latency proxy passes the client's host only as X-Forwarded-Host, so
 * WordPress's canonical redirect sends `/` (and unknown paths) back to the
 * proxy in a loop; a site behind a real reverse proxy sees its own host.
 */
const FORWARDED_HOST_PLUGIN = {
  name: "bench-forwarded-host.php",
  source:
    "<?php\nif (isset($_SERVER['HTTP_X_FORWARDED_HOST'])) $_SERVER['HTTP_HOST'] = $_SERVER['HTTP_X_FORWARDED_HOST'];\n",
};

export type Exchange = { method: string; path: string; status: number; start: number; end: number };

export type CountingProxy = {
  url: string;
  hostPort: string;
  /** Starts a new recording; returns what was recorded since the previous one. */
  take(): Exchange[];
  stop(): Promise<void>;
};

/**
 * A pass-through proxy that records when each request arrived and when its
 * answer was complete. It keeps the Host header (node:http: Deno's fetch
 * would replace it), so WordPress builds its links, REST discovery included,
 * with this proxy's address and every later request comes through here too.
 */
export function startCountingProxy(upstream: string): Promise<CountingProxy> {
  const target = new URL(upstream);
  let exchanges: Exchange[] = [];
  const forward = (request: Request, body: Uint8Array, start: number) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(request.url);
      const headers = Object.fromEntries(request.headers);
      const outgoing = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: url.pathname + url.search, headers },
        (incoming) => {
          const chunks: Uint8Array[] = [];
          incoming.on("data", (chunk: Uint8Array) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () => {
            const status = incoming.statusCode ?? 502;
            exchanges.push({
              method: request.method,
              path: url.pathname + url.search,
              status,
              start,
              end: performance.now(),
            });
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value === undefined || ["connection", "transfer-encoding", "keep-alive"].includes(name)) continue;
              for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
            }
            const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
            let offset = 0;
            for (const chunk of chunks) bytes.set(chunk, (offset += chunk.length) - chunk.length);
            const nullBody = status === 204 || status === 304 || request.method === "HEAD";
            resolve(new Response(nullBody ? null : bytes, { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });

  return new Promise((resolve) => {
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) =>
        resolve({
          url: `http://127.0.0.1:${port}`,
          hostPort: `127.0.0.1:${port}`,
          take() {
            const taken = exchanges;
            exchanges = [];
            return taken;
          },
          stop: () => server.shutdown(),
        }),
    }, async (request) => {
      const start = performance.now();
      const body = new Uint8Array(await request.arrayBuffer());
      try {
        return await forward(request, body, start);
      } catch (error) {
        return new Response(`counting proxy: ${(error as Error).message}\n`, { status: 502 });
      }
    });
  });
}

/**
 * The longest chain of requests where each began only after the previous one
 * had its answer: the round trips the caller waited for one after another.
 */
export function sequentialRoundTrips(exchanges: readonly Pick<Exchange, "start" | "end">[]): number {
  const byStart = [...exchanges].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  byStart.forEach((exchange, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) if (byStart[j].end <= exchange.start) before = Math.max(before, depth[j]);
    depth[i] = before + 1;
  });
  return Math.max(0, ...depth);
}

function report(label: string, exchanges: Exchange[], wallMs: number, origin: number): number {
  const trips = sequentialRoundTrips(exchanges);
  console.log(
    `${label}: ${exchanges.length} requests to WordPress, ${trips} sequential round trips, wall ${ms(wallMs)}`,
  );
  for (const exchange of [...exchanges].sort((a, b) => a.start - b.start)) {
    const path = exchange.path.length > 90 ? `${exchange.path.slice(0, 87)}...` : exchange.path;
    console.log(
      `    +${ms(exchange.start - origin).padStart(7)} ${ms(exchange.end - exchange.start).padStart(7)}  ` +
        `${exchange.status} ${exchange.method.padEnd(4)} ${path}`,
    );
  }
  return trips;
}

/**
 * Connects a real WordPress behind a 100 ms latency proxy and publishes an
 * article with a featured image, 2 new categories and 2 new tags through the
 * local API and functions runtime; then publishes it again (the update path).
 * Then exactly-once: five publishes of a new article at once (one post; the
 * other four refused by the claim without asking WordPress), and a publish
 * after an interrupted create (the marker lookup adopts the post). Prints
 * every request WordPress received, how many of them the function waited for
 * one after another, and the wall time.
 */
export async function benchWordPressPublish(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-wp-" });
  const keysFile = `${dataDir}/keys.json`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  try {
    const [api, wordpress] = await Promise.all([
      startLocalApiProcess(`${dataDir}/pglite`, keysFile),
      startWordPress({ latencyMs: LATENCY_MS, extraPlugins: [FORWARDED_HOST_PLUGIN] }),
    ]);
    cleanups.push(() => api.stop(), () => wordpress.stop());
    const proxy = await startCountingProxy(wordpress.proxyUrl!);
    cleanups.push(() => proxy.stop());
    console.log(`WordPress ${wordpress.wpVersion} behind a ${LATENCY_MS} ms latency proxy, no SEO plugin`);

    const functionLog: string[] = [];
    const runtime = await startBenchFunctions(api, keysFile, { PRIVATE_HOST_ALLOWLIST: proxy.hostPort }, functionLog);
    cleanups.push(() => runtime.close());

    const { userId, accessToken } = await signUpBenchUser(api, "wordpress");

    const invoke = async (name: string, body: unknown) => {
      const response = await fetch(`${runtime.url}/functions/v1/${name}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${accessToken}`,
          apikey: api.publishableKey,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() as Record<string, unknown> };
    };
    const expectOk = (name: string, result: { status: number; body: unknown }) => {
      if (result.status >= 300) {
        throw new Error(
          `${name} answered ${result.status}: ${JSON.stringify(result.body)}\n${functionLog.slice(-20).join("\n")}`,
        );
      }
    };

    // Start both function processes first, so their boot is not in the wall times.
    await Promise.all([invoke("wordpress-connect", {}), invoke("publish-article", {})]);

    let started = performance.now();
    const connected = await invoke("wordpress-connect", {
      name: "Bench blog",
      site_url: proxy.url,
      username: wordpress.adminUser,
      application_password: wordpress.applicationPassword,
    });
    expectOk("wordpress-connect", connected);
    report("connect (test and save)", proxy.take(), performance.now() - started, started);
    const siteId = (connected.body.site as { id: string }).id;

    const imagePath = `${userId}/bench-featured.png`;
    const png = await encodePng(64, 64, new Uint8Array(64 * 64 * 3).fill(180));
    // Arranged with the secret key, as generate-image and save-article store them
    // (the browser writes neither Storage objects nor article HTML).
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
        categories: ["Travel", "Food"],
        tags: ["alps", "hiking"],
      })
      .select("id")
      .single();
    if (articleError) throw articleError;

    const publishRequest = { articleId: article.id, siteId, status: "publish" };
    started = performance.now();
    const first = await invoke("publish-article", publishRequest);
    expectOk("publish-article", first);
    const trips = report(
      "publish (featured image, 2 new categories, 2 new tags)",
      proxy.take(),
      performance.now() - started,
      started,
    );
    console.log(
      `  goal: ≤ ${ROUND_TRIP_GOAL} sequential round trips after connect without Rank Math — measured ${trips}`,
    );

    started = performance.now();
    const second = await invoke("publish-article", publishRequest);
    expectOk("publish-article (again)", second);
    if (second.body.updated !== true) {
      throw new Error(`the second publish did not update the post: ${JSON.stringify(second.body)}`);
    }
    report("publish again (updates the same post)", proxy.take(), performance.now() - started, started);

    // Exactly once: the claim and the marker lookup, measured.
    const newArticle = async (title: string) => {
      const { data, error } = await service
        .from("articles")
        .insert({
          user_id: userId,
          title,
          content: "<p>Walking from hut to hut.</p>",
          excerpt: "Walking from hut to hut.",
          categories: ["Travel"],
          tags: ["alps"],
        })
        .select("id")
        .single();
      if (error) throw error;
      return data.id as string;
    };

    const racedId = await newArticle("Five at once");
    started = performance.now();
    const raced = await Promise.all(
      Array.from({ length: CONCURRENT_PUBLISHES }, async () => {
        const begun = performance.now();
        const result = await invoke("publish-article", { articleId: racedId, siteId, status: "publish" });
        return { ...result, ms: performance.now() - begun };
      }),
    );
    const racedTrips = report(
      `${CONCURRENT_PUBLISHES} publishes of a new article at once`,
      proxy.take(),
      performance.now() - started,
      started,
    );
    const created = raced.filter((result) => result.status === 200 && result.body.updated === false);
    const refused = raced.filter((result) => result.status === 409);
    console.log(
      `  answers: ${raced.map((result) => result.status).sort().join(", ")}; created ${created.length} post(s); ` +
        `refusals answered in ${refused.map((result) => ms(result.ms)).join(", ") || "—"}`,
    );
    console.log(`  goal: exactly 1 post, in ≤ ${ROUND_TRIP_GOAL} sequential round trips — measured ${created.length}, ${racedTrips}`);
    if (created.length !== 1) throw new Error(`expected exactly one created post: ${JSON.stringify(raced.map((r) => r.body))}`);

    // After an interrupted create: the publication says a create was under way, the post (with its marker) is there.
    const interruptedId = await newArticle("Interrupted");
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
    const orphan = await fetch(`${wordpress.url}/wp-json/wp/v2/posts`, {
      method: "POST",
      headers: { authorization: wordpress.authHeader, "content-type": "application/json" },
      body: JSON.stringify({ title: "Interrupted", content: `<p>Walking</p>\n<!-- inkpress-pub-${marker} -->`, status: "draft" }),
    });
    const orphanId = ((await orphan.json()) as { id: number }).id;
    proxy.take();
    started = performance.now();
    const adopted = await invoke("publish-article", { articleId: interruptedId, siteId, status: "publish" });
    expectOk("publish-article (adopting)", adopted);
    if (adopted.body.remotePostId !== orphanId) throw new Error(`the interrupted post was not adopted: ${JSON.stringify(adopted.body)}`);
    const adoptTrips = report(
      "publish after an interrupted create (marker lookup, then update)",
      proxy.take(),
      performance.now() - started,
      started,
    );
    console.log(
      `  goal: ≤ ${ROUND_TRIP_GOAL + 1} sequential round trips (the lookup added) and no new post — measured ${adoptTrips}`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
