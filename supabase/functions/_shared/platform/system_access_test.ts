import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { parseSecretsKey, SEALED, secretBox, type SecretColumn, type SecretPlace } from "./secret_box.ts";
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

const BOX = secretBox(parseSecretsKey(btoa("k".repeat(32))));
const OLD_BOX = secretBox(parseSecretsKey(btoa("o".repeat(32))));

/** The system access over a client whose every request is answered by `answer` (no server needed). */
function systemAnswering(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  const seen: { url: URL; method: string; body: string | null }[] = [];
  const client = createClient<Database>("http://supabase.test", "sb_secret_test", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        seen.push({ url, method: request.method, body: init?.body ? String(init.body) : null });
        return await answer(url, init);
      },
    },
  });
  // The box opens what BOX sealed, and what OLD_BOX sealed as a previous key.
  const box = secretBox(parseSecretsKey(btoa("k".repeat(32))), [parseSecretsKey(btoa("o".repeat(32)))]);
  return { system: systemAccessOver(client, box), seen };
}

const rows = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.test("readTextProvider: the provider, its base URL, the key (opened) and the model choices, each filtered by the user", async () => {
  const sealedKey = await BOX.seal("  lm-token-FIXTURE  ", { column: "api_keys.openai_key", userId: "user-1", rowKey: "user-1" });
  const { system, seen } = systemAnswering((url) =>
    url.pathname.endsWith("/ai_provider_settings")
      ? rows([{ provider: "custom", base_url: "http://127.0.0.1:11434/v1", drafting_model: "qwen3:8b", keywords_model: " ", seo_model: null }])
      : url.pathname.endsWith("/api_keys")
      ? rows([{ openai_key: sealedKey, falai_key: null }])
      : rows([{ embeddings_model: "embeddinggemma" }])
  );
  const read = system.readTextProvider;
  assert.deepEqual(await read("user-1"), {
    provider: "custom",
    baseUrl: "http://127.0.0.1:11434/v1",
    apiKey: "lm-token-FIXTURE",
    models: { drafting: "qwen3:8b", keywords: null, seo: null, embeddings: "embeddinggemma" },
  });
  const filters = seen.map(({ url }) => [url.pathname, url.searchParams.get("user_id") ?? url.searchParams.get("id")]);
  assert.deepEqual(filters.sort(), [
    ["/rest/v1/ai_provider_settings", "eq.user-1"],
    ["/rest/v1/api_keys", "eq.user-1"],
    ["/rest/v1/profiles", "eq.user-1"],
  ]);
  assert.deepEqual(seen.filter(({ method }) => method !== "GET"), [], "a key sealed with the current key is not written again");
});

Deno.test("readTextProvider: no rows is OpenAI on the defaults without a key; a failed read throws", async () => {
  const { system } = systemAnswering(() => rows([]));
  assert.deepEqual(await system.readTextProvider("user-1"), {
    provider: "openai",
    baseUrl: null,
    apiKey: null,
    models: { drafting: null, keywords: null, seo: null, embeddings: null },
  });
  const failing = systemAnswering(() => rows({ code: "XX000", message: "boom" }, 500));
  await assert.rejects(failing.system.readTextProvider("user-1"), /Could not read (ai_provider_settings|api_keys\.openai_key|profiles): boom/);
});

const place = (column: SecretColumn, userId: string, rowKey: string): SecretPlace => ({ column, userId, rowKey });

Deno.test("stored secrets: each kind opened from its own table and column, scoped by the user (and the site)", async () => {
  const answers: Record<string, unknown[]> = {
    "/rest/v1/api_keys": [{
      openai_key: await BOX.seal("  sk-FIXTURE-openai  ", place("api_keys.openai_key", "user-1", "user-1")),
      falai_key: await BOX.seal("fal-FIXTURE", place("api_keys.falai_key", "user-1", "user-1")),
    }],
    "/rest/v1/wordpress_site_credentials": [{
      application_password: await BOX.seal("abcd efgh", place("wordpress_site_credentials.application_password", "user-1", "site-1")),
    }],
    "/rest/v1/ghost_site_credentials": [{
      admin_api_key: await BOX.seal("ab:cd", place("ghost_site_credentials.admin_api_key", "user-1", "site-2")),
    }],
    "/rest/v1/keyword_data_providers": [{
      provider: "dataforseo",
      login: " me@example.test ",
      password: await BOX.seal(" FIXTURE-dfs ", place("keyword_data_providers.password", "user-1", "user-1")),
      location_code: 2276,
      language_code: "de",
    }],
  };
  const { system, seen } = systemAnswering((url) => rows(answers[url.pathname] ?? []));
  assert.equal(await system.readOpenAIKey("user-1"), "sk-FIXTURE-openai");
  assert.equal(await system.readFalKey("user-1"), "fal-FIXTURE");
  assert.equal(await system.readApplicationPassword("user-1", "site-1"), "abcd efgh");
  assert.equal(await system.readGhostAdminApiKey("user-1", "site-2"), "ab:cd");
  assert.deepEqual(await system.readKeywordDataProvider("user-1"), {
    provider: "dataforseo",
    login: "me@example.test",
    password: "FIXTURE-dfs",
    locationCode: 2276,
    languageCode: "de",
  });
  assert.deepEqual(seen.map(({ method }) => method), Array(5).fill("GET"), "sealed with the current key: nothing written back");
  assert.deepEqual(seen.map(({ url }) => url.searchParams.get("user_id")), Array(5).fill("eq.user-1"));
  assert.deepEqual(seen.map(({ url }) => url.searchParams.get("site_id")), [null, null, "eq.site-1", "eq.site-2", null]);
});

Deno.test("stored secrets: a value moved to another user's row does not open", async () => {
  const bobs = await BOX.seal("sk-FIXTURE-bob", place("api_keys.openai_key", "bob", "bob"));
  const { system } = systemAnswering(() => rows([{ openai_key: bobs }]));
  await assert.rejects(system.readOpenAIKey("mallory"), /does not open: altered, or moved from another row/);
});

Deno.test("stored secrets: plain text (from before encryption) and old keys are read, and sealed again with the current key", async () => {
  const writes: { path: string; body: Record<string, string> }[] = [];
  const { system } = systemAnswering(async (url, init) => {
    if (init?.method === "PATCH") {
      writes.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return rows([]);
    }
    if (url.pathname === "/rest/v1/api_keys") return rows([{ openai_key: "sk-FIXTURE-from-before", falai_key: null }]);
    return rows([{
      application_password: await OLD_BOX.seal("old key's", place("wordpress_site_credentials.application_password", "u", "s")),
    }]);
  });
  assert.equal(await system.readOpenAIKey("u"), "sk-FIXTURE-from-before");
  assert.equal(await system.readApplicationPassword("u", "s"), "old key's");
  assert.deepEqual(writes.map(({ path }) => path), ["/rest/v1/api_keys", "/rest/v1/wordpress_site_credentials"]);
  assert.equal(
    (await BOX.open(writes[0].body.openai_key, place("api_keys.openai_key", "u", "u"))).value,
    "sk-FIXTURE-from-before",
  );
  assert.deepEqual(
    await BOX.open(writes[1].body.application_password, place("wordpress_site_credentials.application_password", "u", "s")),
    { value: "old key's", sealedWith: "current" },
  );
});

Deno.test("stored secrets: none, blank or null is null; a failed read throws naming the column", async () => {
  const answers = [
    [],
    [{ openai_key: await BOX.seal("  ", place("api_keys.openai_key", "user-1", "user-1")) }],
    [{ falai_key: null }],
    [],
    [],
    [],
    [{
      provider: "dataforseo",
      login: "me@example.test",
      password: await BOX.seal(" ", place("keyword_data_providers.password", "user-1", "user-1")),
      location_code: 2840,
      language_code: "en",
    }],
  ];
  const { system } = systemAnswering(() => rows(answers.shift()));
  assert.equal(await system.readOpenAIKey("user-1"), null);
  assert.equal(await system.readOpenAIKey("user-1"), null);
  assert.equal(await system.readFalKey("user-1"), null);
  assert.equal(await system.readApplicationPassword("user-1", "site-1"), null);
  assert.equal(await system.readGhostAdminApiKey("user-1", "site-1"), null);
  assert.equal(await system.readKeywordDataProvider("user-1"), null, "no account");
  assert.equal(await system.readKeywordDataProvider("user-1"), null, "a blank password");

  const failing = systemAnswering(() => rows({ code: "XX000", message: "boom" }, 500)).system;
  await assert.rejects(failing.readFalKey("user-1"), /Could not read api_keys.falai_key: boom/);
  await assert.rejects(failing.readApplicationPassword("u", "s"), /Could not read wordpress_site_credentials.application_password: boom/);
  await assert.rejects(failing.readGhostAdminApiKey("u", "s"), /Could not read ghost_site_credentials.admin_api_key: boom/);
  await assert.rejects(failing.readKeywordDataProvider("u"), /Could not read keyword_data_providers: boom/);
});

Deno.test("saveKeywordDataProvider: the password sealed for the user's row, its last four beside it; blanks keep the stored ones", async () => {
  const sent: Record<string, unknown>[] = [];
  let stored: unknown[] = [];
  const { system, seen } = systemAnswering((_url, init) => {
    if (init?.method === "POST" || init?.method === "PATCH") {
      sent.push(JSON.parse(String(init.body)));
      return rows([]);
    }
    return rows(stored);
  });
  const account = { provider: "dataforseo" as const, locationCode: 2276, languageCode: "de" };
  assert.equal(await system.saveKeywordDataProvider("u", { ...account, login: "me@example.test", password: "" }), "missing-credentials");
  assert.equal(sent.length, 0, "a new account needs a password: nothing written");

  assert.equal(await system.saveKeywordDataProvider("u", { ...account, login: " me@example.test ", password: " FIXTURE-dfs-WXYZ " }), "saved");
  assert.deepEqual(Object.keys(sent[0]).sort(), ["language_code", "location_code", "login", "password", "password_last4", "provider", "user_id"]);
  assert.deepEqual([sent[0].login, sent[0].password_last4], ["me@example.test", "WXYZ"]);
  assert.match(String(sent[0].password), SEALED);
  assert.doesNotMatch(JSON.stringify(sent[0]), /FIXTURE-dfs/);
  assert.deepEqual(
    await BOX.open(String(sent[0].password), place("keyword_data_providers.password", "u", "u")),
    { value: "FIXTURE-dfs-WXYZ", sealedWith: "current" },
  );
  assert.equal(seen.find(({ method }) => method === "POST")?.url.searchParams.get("on_conflict"), "user_id");

  stored = [{ user_id: "u" }];
  assert.equal(await system.saveKeywordDataProvider("u", { ...account, locationCode: 2826, login: "", password: "" }), "saved");
  assert.deepEqual(Object.keys(sent[1]).sort(), ["language_code", "location_code", "provider"], "the credentials are kept");
  assert.equal(seen.at(-1)?.method, "PATCH");
  assert.equal(seen.at(-1)?.url.searchParams.get("user_id"), "eq.u");
});

Deno.test("saveApiKeys: sealed for the user's row, last four beside them; null removes, undefined keeps", async () => {
  let sent: Record<string, unknown> = {};
  const { system, seen } = systemAnswering((_url, init) => {
    sent = JSON.parse(String(init?.body));
    return rows({ openai_key_last4: "6789", falai_key_last4: null });
  });
  assert.deepEqual(await system.saveApiKeys("u", { openaiKey: "sk-FIXTURE-6789", falaiKey: null }), {
    openaiKeyLast4: "6789",
    falaiKeyLast4: null,
  });
  assert.equal(seen[0].url.searchParams.get("on_conflict"), "user_id");
  assert.deepEqual(Object.keys(sent).sort(), ["falai_key", "falai_key_last4", "openai_key", "openai_key_last4", "user_id"]);
  assert.equal(sent.falai_key, null);
  assert.match(String(sent.openai_key), SEALED);
  assert.doesNotMatch(JSON.stringify(sent), /sk-FIXTURE/);
  assert.equal((await BOX.open(String(sent.openai_key), place("api_keys.openai_key", "u", "u"))).value, "sk-FIXTURE-6789");

  await system.saveApiKeys("u", { falaiKey: "fal-FIXTURE-0000" });
  assert.deepEqual(Object.keys(sent).sort(), ["falai_key", "falai_key_last4", "user_id"], "the OpenAI key is kept");
});

Deno.test("sealStoredSecrets: seals what is plain or under an old key, leaves the rest, counts per column", async () => {
  const current = await BOX.seal("sealed already", place("api_keys.falai_key", "u1", "u1"));
  const old = await OLD_BOX.seal("sk-old", place("api_keys.openai_key", "u2", "u2"));
  const tables: Record<string, unknown[]> = {
    "/rest/v1/api_keys": [
      { user_id: "u1", openai_key: "sk-plain", falai_key: current },
      { user_id: "u2", openai_key: old, falai_key: null },
    ],
    "/rest/v1/wordpress_site_credentials": [{ site_id: "s1", user_id: "u1", application_password: "pw plain", webhook_secret: null }],
    "/rest/v1/ghost_site_credentials": [],
    "/rest/v1/keyword_data_providers": [{ user_id: "u1", password: "dfs plain" }],
  };
  const updates: { path: string; filter: string | null; body: Record<string, string> }[] = [];
  const { system } = systemAnswering((url, init) => {
    if (init?.method === "PATCH") {
      updates.push({
        path: url.pathname,
        filter: url.searchParams.get("user_id") ?? url.searchParams.get("site_id"),
        body: JSON.parse(String(init.body)),
      });
      return rows([]);
    }
    return rows(tables[url.pathname] ?? []);
  });
  assert.deepEqual(await system.sealStoredSecrets(), {
    "api_keys.openai_key": 2,
    "api_keys.falai_key": 0,
    "wordpress_site_credentials.application_password": 1,
    "wordpress_site_credentials.webhook_secret": 0,
    "ghost_site_credentials.admin_api_key": 0,
    "keyword_data_providers.password": 1,
  });
  assert.deepEqual(updates.map(({ path, filter, body }) => [path, filter, Object.keys(body)]), [
    ["/rest/v1/api_keys", "eq.u1", ["openai_key"]],
    ["/rest/v1/api_keys", "eq.u2", ["openai_key"]],
    ["/rest/v1/wordpress_site_credentials", "eq.s1", ["application_password"]],
    ["/rest/v1/keyword_data_providers", "eq.u1", ["password"]],
  ]);
  for (const { body } of updates) for (const value of Object.values(body)) assert.match(value, SEALED);
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
