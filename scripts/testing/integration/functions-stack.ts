/**
 * The functions half of a local Supabase project, for the integration suite
 * (tests/integration/functions-stack.ts starts it beside the local backend):
 *
 *   - the local functions runtime (scripts/devstack/functions-runtime/) serving
 *     supabase/functions with the hosted-shaped environment, its keys and
 *     JWT secret read from the backend's keys file;
 *   - one project origin, as a hosted project has: `/functions/v1/*` goes to
 *     the runtime, everything else to the local backend's API, so the real
 *     supabase-js (whose `functions.invoke` always posts to
 *     `<url>/functions/v1`) drives functions and tables through one URL. The
 *     functions get that origin as SUPABASE_URL;
 *   - the fakes the functions call out to, at the HTTP level: a WordPress
 *     (supabase/functions/_testing/fakes/wordpress_server.ts), a Ghost
 *     (supabase/functions/_testing/fakes/ghost_server.ts), fal.ai
 *     (supabase/functions/_testing/fakes/fal_server.ts), OpenAI (supabase/functions/_testing/fakes/openai_server.ts)
 *     and DataForSEO (supabase/functions/_testing/fakes/dataforseo_server.ts), and a website
 *     for the SEO audit (supabase/functions/_testing/fakes/audited_site.ts), allowlisted;
 *   - a control server that reports what the fakes received (tests read the
 *     WordPress posts themselves through its REST API), sets the fake
 *     OpenAI's plan and pace, holds a WordPress create open and kills a
 *     function's process (crash tests).
 *
 *   deno run -A scripts/testing/integration/functions-stack.ts <apiUrl> <keysFile>
 *
 * prints one line `FUNCTIONS_STACK_READY {json}` once everything serves and
 * runs until SIGTERM. DATABASE_URL, when set, reaches the functions as
 * SUPABASE_DB_URL. FUNCTIONS_STACK_ENV (a JSON object) adds to or overrides
 * the functions' variables below, for a test that needs a stack of its own
 * (say, another installation limit). Everything listens on 127.0.0.1, free
 * ports.
 */
import { startFakeFal } from "../../../supabase/functions/_testing/fakes/fal_server.ts";
import { startFakeOpenAI } from "../../../supabase/functions/_testing/fakes/openai_server.ts";
import { startFakeDataForSeo } from "../../../supabase/functions/_testing/fakes/dataforseo_server.ts";
import { startAuditedSite } from "../../../supabase/functions/_testing/fakes/audited_site.ts";
import { proxyRequest } from "../../devstack/functions-runtime/proxy.ts";
import { startFunctionsRuntime } from "../../devstack/functions-runtime/runtime.ts";
import { dependenciesCached, FUNCTIONS_DENO_DIR } from "../../devstack/functions-runtime/dependency_cache.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPressOptions,
  type HeldCreate,
  startFakeWordPress,
} from "../../../supabase/functions/_testing/fakes/wordpress_server.ts";
import { FAKE_GHOST_ADMIN_API_KEY, startFakeGhost } from "../../../supabase/functions/_testing/fakes/ghost_server.ts";
import { FUNCTIONS_STACK_READY_PREFIX, type FunctionsStackInfo } from "./functions-stack-info.ts";

/** Scheduled articles claimed per run: small, so that concurrent runs contend for the same due pairs. */
const SCHEDULED_BATCH_SIZE = "2";
/**
 * Bulk drafting: live claims per user (fewer than two workers' slots, so the
 * limit is what holds them back), and retries a second apart, so a test sees
 * the back-off through to the last attempt.
 */
const DRAFT_WORKER_ENV = { DRAFT_WORKER_PER_USER: "3", DRAFT_WORKER_CONCURRENCY: "4", DRAFT_RETRY_BASE_SECONDS: "1" };

const [apiUrl, keysFile] = Deno.args;
if (!apiUrl || !keysFile) throw new Error("usage: functions-stack.ts <apiUrl> <keysFile>");

const log: string[] = [];
const remember = (line: string) => {
  log.push(line);
  if (log.length > 2000) log.shift();
  if (Deno.env.get("INTEGRATION_VERBOSE")) console.error(line);
};

/** The fake WordPress's options; POST /wordpress/settings changes its pace while it serves. */
const wordpressOptions: FakeWordPressOptions = { registeredMeta: ["_yoast_wpseo_metadesc", "_yoast_wpseo_focuskw"] };
const wordpress = startFakeWordPress(wordpressOptions);
const ghost = startFakeGhost();
let heldCreate: HeldCreate | null = null;
const fal = await startFakeFal();
const openai = startFakeOpenAI({ retryAfterMs: 10 });
const openrouter = startFakeOpenAI({ flavour: "openrouter", retryAfterMs: 10 });
const ollama = startFakeOpenAI({ flavour: "ollama" });
const dataForSeo = startFakeDataForSeo();
const auditedSite = await startAuditedSite();

let functionsUrl = "";
const projectReady = Promise.withResolvers<Deno.NetAddr>();
const project = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: projectReady.resolve },
  async (request) => {
    const url = new URL(request.url);
    const upstream = url.pathname.startsWith("/functions/v1/") ? functionsUrl : apiUrl;
    const abort = new AbortController();
    try {
      return await proxyRequest(request, new URL(url.pathname + url.search, upstream), abort.signal);
    } catch (error) {
      remember(`project origin: ${request.method} ${url.pathname} failed: ${error}`);
      return Response.json({ message: "upstream unreachable" }, { status: 502 });
    }
  },
);
const projectUrl = `http://127.0.0.1:${(await projectReady.promise).port}`;

// As npm start runs them: offline, from the dependency cache npm ci made (a missing package fails the suite).
if (!dependenciesCached()) throw new Error("The edge functions' dependencies are not cached: run npm ci (or deno run -A scripts/devstack/functions-runtime/dependency_cache.ts)");
const runtime = await startFunctionsRuntime({
  port: 0,
  functionsDir: "supabase/functions",
  configPath: "supabase/config.toml",
  localKeysPath: keysFile,
  denoDir: FUNCTIONS_DENO_DIR,
  env: {
    SUPABASE_URL: projectUrl,
    // The keys file is the one source of keys here, as for npm start's runtime.
    SUPABASE_PUBLISHABLE_KEY: "",
    SUPABASE_SECRET_KEY: "",
    LOCAL_JWT_SECRET: "",
    INKPRESS_SECRETS_KEY: "",
    FAL_BASE_URL: fal.url,
    PRIVATE_HOST_ALLOWLIST: [wordpress.hostPort, ghost.hostPort, new URL(fal.url).host, new URL(ollama.url).host, ...auditedSite.allowlist]
      .join(","),
    DATAFORSEO_BASE_URL: dataForSeo.url,
    PUBLISH_SCHEDULED_BATCH_SIZE: SCHEDULED_BATCH_SIZE,
    OPENAI_BASE_URL: openai.url,
    OPENROUTER_BASE_URL: openrouter.url,
    ...DRAFT_WORKER_ENV,
    ...JSON.parse(Deno.env.get("FUNCTIONS_STACK_ENV") || "{}"),
  },
  logger: { info: remember, error: remember },
});
functionsUrl = runtime.url;

const controlReady = Promise.withResolvers<Deno.NetAddr>();
const control = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: controlReady.resolve }, async (request) => {
  const { pathname } = new URL(request.url);
  const fakes = { "/openai/requests": openai, "/openrouter/requests": openrouter, "/ollama/requests": ollama };
  const fake = fakes[pathname as keyof typeof fakes];
  if (fake) {
    return Response.json(fake.requests.map(({ body, ...recorded }) => ({
      ...recorded,
      model: (body as { model?: unknown } | undefined)?.model,
      lastUserMessage: lastUserMessage(body),
    })));
  }
  if (pathname === "/openai/settings" && request.method === "POST") {
    const settings = await request.json();
    if (settings.plan) openai.plan = settings.plan;
    if ("firstTokenDelayMs" in settings) openai.firstTokenDelayMs = settings.firstTokenDelayMs ?? undefined;
    if ("parallel" in settings) openai.parallel = settings.parallel ?? undefined;
    if ("requestLimit" in settings) openai.requestLimit = settings.requestLimit ?? undefined;
    return Response.json({ ok: true });
  }
  if (pathname === "/wordpress/requests") return Response.json(wordpress.requests);
  if (pathname === "/wordpress/settings" && request.method === "POST") {
    const settings = await request.json();
    if ("responseDelayMs" in settings) wordpressOptions.responseDelayMs = settings.responseDelayMs ?? undefined;
    return Response.json({ ok: true });
  }
  if (pathname === "/wordpress/posts") {
    return Response.json([...wordpress.posts.values()].map(({ id, title, status, modified }) => ({ id, title, status, modified })));
  }
  // Crash tests: hold the answer to the next post create (the post is saved
  // first), wait until it is saved, release it; kill a function's process.
  if (pathname === "/wordpress/hold-create" && request.method === "POST") {
    heldCreate = wordpress.holdNextCreate();
    return Response.json({ ok: true });
  }
  if (pathname === "/wordpress/held" && heldCreate) {
    const post = await Promise.race([heldCreate.saved, new Promise<null>((resolve) => setTimeout(resolve, 30_000, null))]);
    return post ? Response.json({ id: post.id, title: post.title }) : new Response("nothing was created", { status: 504 });
  }
  if (pathname === "/wordpress/release" && request.method === "POST" && heldCreate) {
    heldCreate.release();
    heldCreate = null;
    return Response.json({ ok: true });
  }
  const kill = /^\/functions\/([a-z0-9-]+)\/kill$/.exec(pathname);
  if (kill && request.method === "POST") return Response.json({ killed: await runtime.killFunction(kill[1]) });
  if (pathname === "/ghost/posts") {
    return Response.json(ghost.posts.map(({ id, title, status, tags }) => ({ id, title, status, tags: tags.map((tag) => tag.name) })));
  }
  if (pathname === "/wordpress/media") return Response.json(wordpress.media);
  if (pathname === "/fal/requests") return Response.json(fal.requests.map(({ method, path }) => ({ method, path })));
  if (pathname === "/dataforseo/requests") {
    return Response.json(dataForSeo.requests.map(({ method, path, authorized, body, cost }) => ({ method, path, authorized, body, cost })));
  }
  if (pathname === "/audited-site/requests") return Response.json(auditedSite.requests);
  if (pathname === "/logs") return new Response(log.join("\n"));
  return new Response("not found", { status: 404 });
});

function lastUserMessage(body: unknown): string {
  const messages = (body as { messages?: { role?: string; content?: unknown }[] } | undefined)?.messages ?? [];
  const content = messages.findLast((message) => message.role === "user")?.content;
  return typeof content === "string" ? content : "";
}

const info: FunctionsStackInfo = {
  projectUrl,
  functionsUrl,
  controlUrl: `http://127.0.0.1:${(await controlReady.promise).port}`,
  wordpress: {
    origin: wordpress.origin,
    restRoot: wordpress.restRoot,
    username: FAKE_USERNAME,
    applicationPassword: FAKE_APPLICATION_PASSWORD,
  },
  ghost: { origin: ghost.origin, adminApiKey: FAKE_GHOST_ADMIN_API_KEY },
  falUrl: fal.url,
  openaiUrl: openai.url,
  openrouterUrl: openrouter.url,
  ollamaUrl: ollama.url,
  dataForSeoUrl: dataForSeo.url,
  auditedSiteUrl: auditedSite.origin,
};
console.log(`${FUNCTIONS_STACK_READY_PREFIX}${JSON.stringify(info)}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await runtime.close().catch(() => {});
  await Promise.allSettled([
    project.shutdown(),
    control.shutdown(),
    wordpress.close(),
    ghost.close(),
    fal.close(),
    openai.close(),
    openrouter.close(),
    ollama.close(),
    dataForSeo.close(),
    auditedSite.close(),
  ]);
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
