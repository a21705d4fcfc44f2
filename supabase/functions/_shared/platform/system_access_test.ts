import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { createSystemAccess, systemAccessOver } from "./system_access.ts";

Deno.test("createSystemAccess: talks to SUPABASE_URL with the preferred key of SUPABASE_SECRET_KEYS", async () => {
  const seen: (string | null)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    seen.push(req.headers.get("apikey"));
    return Response.json([]);
  });
  try {
    const system = createSystemAccess(
      new Map([
        ["SUPABASE_URL", `http://127.0.0.1:${server.addr.port}`],
        ["SUPABASE_SECRET_KEYS", '{"other":"sb_secret_other","default":"sb_secret_default"}'],
        ["SUPABASE_SERVICE_ROLE_KEY", "eyJ.legacy.jwt"],
        ["SUPABASE_PUBLISHABLE_KEYS", '{"default":"sb_publishable_default"}'],
      ]),
    );
    const { error } = await system.scheduler.from("articles").select("id");
    assert.equal(error, null);
    assert.equal(await system.readOpenAIKey("user-1"), null);
    assert.deepEqual(seen, ["sb_secret_default", "sb_secret_default"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("startRun: another run of a scheduler-called function, POSTed as the cron job posts it", async () => {
  const seen: { path: string; apikey: string | null; authorization: string | null; type: string | null; body: string }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    seen.push({
      path: new URL(req.url).pathname,
      apikey: req.headers.get("apikey"),
      authorization: req.headers.get("authorization"),
      type: req.headers.get("content-type"),
      body: await req.text(),
    });
    return Response.json({ claimed: 0 });
  });
  try {
    const system = createSystemAccess(
      new Map([["SUPABASE_URL", `http://127.0.0.1:${server.addr.port}/`], ["SUPABASE_SECRET_KEYS", '{"default":"sb_secret_default"}']]),
    );
    const response = await system.startRun("draft-batch-worker", { budgetMs: 5000 });
    assert.deepEqual(await response.json(), { claimed: 0 });
    assert.deepEqual(seen, [{
      path: "/functions/v1/draft-batch-worker",
      apikey: "sb_secret_default",
      authorization: null,
      type: "application/json",
      body: '{"budgetMs":5000}',
    }]);
  } finally {
    await server.shutdown();
  }
  await assert.rejects(systemAnswering(() => rows([])).system.startRun("x", {}), /no function runs can be started here/);
});

Deno.test("createSystemAccess: refuses to start without a URL or a secret key (a publishable key is no substitute)", () => {
  assert.throws(() => createSystemAccess(new Map()), /Missing environment variable SUPABASE_URL/);
  assert.throws(
    () =>
      createSystemAccess(
        new Map([["SUPABASE_URL", "http://127.0.0.1:1"], ["SUPABASE_PUBLISHABLE_KEYS", '{"default":"sb_publishable_x"}']]),
      ),
    /No secret key configured/,
  );
});

/** The system access over a client whose every request is answered by `answer` (no server needed). */
function systemAnswering(answer: (url: URL) => Response) {
  const seen: URL[] = [];
  const client = createClient<Database>("http://supabase.test", "sb_secret_test", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: (input, init) => {
        const url = new URL(new Request(input, init).url);
        seen.push(url);
        return Promise.resolve(answer(url));
      },
    },
  });
  return { system: systemAccessOver(client), seen };
}

const rows = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.test("stored secrets: each kind from its own table and column, scoped by the user (and the site)", async () => {
  const answers: Record<string, unknown[]> = {
    "/rest/v1/api_keys?select=openai_key": [{ openai_key: "  sk-FIXTURE-openai  " }],
    "/rest/v1/api_keys?select=falai_key": [{ falai_key: "fal-FIXTURE" }],
    "/rest/v1/wordpress_site_credentials?select=application_password": [{ application_password: "abcd efgh" }],
    "/rest/v1/ghost_site_credentials?select=admin_api_key": [{ admin_api_key: "ab:cd" }],
  };
  const { system, seen } = systemAnswering((url) =>
    rows(answers[`${url.pathname}?select=${url.searchParams.get("select")}`] ?? [])
  );
  assert.equal(await system.readOpenAIKey("user-1"), "sk-FIXTURE-openai");
  assert.equal(await system.readFalKey("user-1"), "fal-FIXTURE");
  assert.equal(await system.readApplicationPassword("user-1", "site-1"), "abcd efgh");
  assert.equal(await system.readGhostAdminApiKey("user-1", "site-2"), "ab:cd");
  assert.deepEqual(seen.map((url) => url.searchParams.get("user_id")), Array(4).fill("eq.user-1"));
  assert.deepEqual(seen.map((url) => url.searchParams.get("site_id")), [null, null, "eq.site-1", "eq.site-2"]);
});

Deno.test("stored secrets: none, blank or null is null; a failed read throws naming the table", async () => {
  const answers = [[], [{ openai_key: "  " }], [{ falai_key: null }], [], []];
  const { system } = systemAnswering(() => rows(answers.shift()));
  assert.equal(await system.readOpenAIKey("user-1"), null);
  assert.equal(await system.readOpenAIKey("user-1"), null);
  assert.equal(await system.readFalKey("user-1"), null);
  assert.equal(await system.readApplicationPassword("user-1", "site-1"), null);
  assert.equal(await system.readGhostAdminApiKey("user-1", "site-1"), null);

  const failing = systemAnswering(() => rows({ code: "XX000", message: "boom" }, 500)).system;
  await assert.rejects(failing.readFalKey("user-1"), /Could not read api_keys: boom/);
  await assert.rejects(failing.readApplicationPassword("u", "s"), /Could not read wordpress_site_credentials: boom/);
  await assert.rejects(failing.readGhostAdminApiKey("u", "s"), /Could not read ghost_site_credentials: boom/);
});

// ── Only this module makes a client with the secret key.

const functionsDir = new URL("../../", import.meta.url);
const SYSTEM_ACCESS = "_shared/platform/system_access.ts";
const CALLER = "_shared/platform/caller.ts";

/** Source without its comments (block comments, and lines that are only a comment), which may name anything. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The deployable sources' code: every .ts under supabase/functions but tests and test support. */
function deployableSources(dir = functionsDir, prefix = ""): { path: string; text: string }[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory) return entry.name === "_testing" ? [] : deployableSources(new URL(`${entry.name}/`, dir), `${path}/`);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) return [];
    return [{ path, text: code(Deno.readTextFileSync(new URL(entry.name, dir))) }];
  });
}

/**
 * What each source does that could make a secret-key client: make a
 * supabase-js client at all, read the secret key for one, or read the key's
 * environment variables itself.
 */
function clientMakers(sources: { path: string; text: string }[]) {
  const patterns = {
    makesClient: /\bcreateClient\b|\bnew\s+SupabaseClient\b|\bPostgrestClient\b|\bStorageClient\b/,
    readsSecretKey: /\brequireServiceKey\b/,
    readsKeyVariables: /SUPABASE_SECRET_KEYS?\b|SUPABASE_SERVICE_ROLE_KEY\b/,
  };
  return Object.fromEntries(
    Object.entries(patterns).map(([what, pattern]) => [
      what,
      sources.filter((source) => pattern.test(source.text)).map((source) => source.path).sort(),
    ]),
  );
}

Deno.test("only the system-access module makes a client with the secret key", () => {
  const sources = deployableSources();
  assert.ok(sources.some((source) => source.path === SYSTEM_ACCESS), "the scan sees the functions' sources");
  assert.ok(sources.length > 50, `only ${sources.length} sources found`);
  assert.deepEqual(clientMakers(sources), {
    // caller.ts makes the caller's client, with the publishable key (below).
    makesClient: [CALLER, SYSTEM_ACCESS],
    readsSecretKey: ["_shared/platform/keys.ts", SYSTEM_ACCESS],
    readsKeyVariables: ["_shared/platform/keys.ts"],
  });
  const caller = sources.find((source) => source.path === CALLER)!.text;
  assert.match(caller, /requirePublishableKey\(env\)/);
  assert.doesNotMatch(caller, /SecretKey|ServiceKey|system_access/);
});

Deno.test("the scan finds a planted secret-key client anywhere else", () => {
  const planted = [
    { path: "save-article/handler.ts", text: 'const c = createClient(url, requireServiceKey(env));' },
    { path: "_shared/x.ts", text: 'const key = JSON.parse(Deno.env.get("SUPABASE_SECRET_KEYS")!).default;' },
    { path: "_shared/y.ts", text: "new SupabaseClient(url, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'))" },
    { path: "_shared/z.ts", text: code("/** createClient with SUPABASE_SECRET_KEYS */\n// requireServiceKey\nconst a = 1;") },
  ];
  assert.deepEqual(clientMakers(planted), {
    makesClient: ["_shared/y.ts", "save-article/handler.ts"],
    readsSecretKey: ["save-article/handler.ts"],
    readsKeyVariables: ["_shared/x.ts", "_shared/y.ts"],
  });
});
