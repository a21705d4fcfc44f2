/**
 * A fake DataForSEO (v3) for tests, end-to-end runs and the benchmark,
 * speaking its wire format and refusing what it refuses. Each rule below
 * names its source; where the vendor's docs do not confirm a detail (UNCONFIRMED) the
 * comment says so, and the client (keyword_data/dataforseo.ts) is written
 * not to depend on it.
 *
 * Serves POST /v3/dataforseo_labs/google/keyword_suggestions/live and
 * GET /v3/appendix/user_data; for tests in other processes, GET
 * /_fake/requests lists what it was asked (paths and costs, no credentials)
 * and POST /_fake/scenario switches the account's state.
 *
 *   deno run -A supabase/functions/_testing/fakes/dataforseo_server.ts
 *
 * prints its base URL (use it as DATAFORSEO_BASE_URL).
 */

/** The account the fake knows. */
export const FAKE_DATAFORSEO_LOGIN = "fixture-login@example.test";
export const FAKE_DATAFORSEO_PASSWORD = "FIXTURE-dfs-password-not-real";

/** Labs pricing the fake charges: $0.01 per request + $0.0001 per result row (see keyword_suggestions.ts). */
const PER_REQUEST = 0.01;
const PER_RESULT = 0.0001;

/** Account states the real service answers with; set at start or with POST /_fake/scenario. */
export const FAKE_DATAFORSEO_SCENARIOS = [
  "ok",
  /** 200, envelope 40104 (every-app/open-seo#305: an unverified account; cost 0, tasks null). */
  "unverified",
  /** 200, envelope 40202 "the rate-limit per minute has been exceeded." (observed answer recorded by api-evangelist/dataforseo rate-limits, 2026-08-13). */
  "rate-limit",
  /** 200, envelope 40203 (dataforseo.com help center, "limit my payments": the daily cost limit). */
  "spending-limit",
  /** HTTP 402 Payment Required (docs.dataforseo.com/v3/appendix/errors: "problem billing your account"). */
  "no-balance",
  /** HTTP 500 (appendix/errors). */
  "server-error",
] as const;
export type FakeDataForSeoScenario = (typeof FAKE_DATAFORSEO_SCENARIOS)[number];

export interface FakeDataForSeoRequest {
  method: string;
  path: string;
  /** Whether the credentials were the fake account's. */
  authorized: boolean;
  body: unknown;
  /** What the request was charged. */
  cost: number;
}

export interface FakeDataForSeo {
  url: string;
  requests: FakeDataForSeoRequest[];
  scenario: FakeDataForSeoScenario;
  /** USD left on the account; a request costing more is refused with 402. */
  balance: number;
  close(): Promise<void>;
}

/** Google Ads geo-target ids the fake accepts (2000 + ISO 3166 numeric), as the real service accepts its location list. */
const LOCATIONS = new Set([2036, 2040, 2056, 2076, 2124, 2208, 2246, 2250, 2276, 2356, 2372, 2380, 2392, 2484, 2528, 2554, 2616, 2620, 2710, 2724, 2752, 2756, 2826, 2840]);
const LANGUAGES = new Set(["da", "nl", "en", "fi", "fr", "de", "it", "ja", "pl", "pt", "es", "sv"]);
/** A keyword DataForSEO refuses: symbols, over 80 characters or 10 words (search_volume request model; docs/research/provider-sources.md §5.3). */
const FORBIDDEN = /[!@%^()={};~`<>?\\|]/;

const VERSION = "0.1.20261101";
const elapsed = () => `${(0.05 + Math.random() * 0.1).toFixed(4)} sec.`;
let taskNumber = 0;
const taskId = () => `11271200-1535-0387-0000-${String(++taskNumber).padStart(12, "0")}`;

function envelope(statusCode: number, statusMessage: string, cost: number, tasks: unknown[] | null) {
  return {
    version: VERSION,
    status_code: statusCode,
    status_message: statusMessage,
    time: elapsed(),
    cost,
    tasks_count: tasks?.length ?? 0,
    tasks_error: tasks?.filter((task) => (task as { status_code: number }).status_code !== 20000).length ?? 0,
    tasks,
  };
}

/** A stable number from a text, so the same keyword always has the same figures. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.codePointAt(0)!, 16777619);
  return value >>> 0;
}

/** A KeywordDataInfo (dataforseo-client KeywordDataInfo, KeywordInfo, KeywordProperties) for `keyword`. */
export function fakeKeywordData(keyword: string, locationCode: number, languageCode: string) {
  const h = hash(`${keyword}|${locationCode}|${languageCode}`);
  const volume = [10, 30, 70, 140, 260, 480, 880, 1600, 2900, 5400, 12100, 22200][h % 12];
  const competition = (h % 100) / 100;
  const level = competition < 0.34 ? "LOW" : competition < 0.67 ? "MEDIUM" : "HIGH";
  return {
    se_type: "google",
    keyword,
    location_code: locationCode,
    language_code: languageCode,
    keyword_info: {
      se_type: "google",
      last_updated_time: "2026-11-20 08:12:44 +00:00",
      competition,
      competition_level: level,
      cpc: Math.round(((h >>> 8) % 400) + 5) / 100,
      search_volume: volume,
      low_top_of_page_bid: 0.2,
      high_top_of_page_bid: 1.8,
      categories: [10019, 10110],
      monthly_searches: [{ year: 2026, month: 10, search_volume: volume }],
      search_volume_trend: { monthly: 0, quarterly: 12, yearly: 20 },
    },
    keyword_properties: {
      se_type: "google",
      core_keyword: null,
      synonym_clustering_algorithm: "text_processing",
      keyword_difficulty: (h >>> 4) % 101,
      detected_language: languageCode,
      is_another_language: false,
      words_count: keyword.split(" ").length,
    },
    serp_info: null,
    avg_backlinks_info: null,
    search_intent_info: { se_type: "google", main_intent: "informational", foreign_intent: null },
  };
}

const SUFFIXES = ["tips", "for beginners", "ideas", "guide", "near me", "checklist", "mistakes", "tools", "at home", "on a budget", "step by step", "for kids", "in winter", "for small spaces"];

/** Suggestions contain the seed (the endpoint's definition); a seed with "zzqx" has none, as a niche phrase may not. */
function suggestionsFor(seed: string, limit: number): string[] {
  if (seed.includes("zzqx")) return [];
  const phrases = SUFFIXES.map((suffix, index) => (index % 3 === 1 ? `best ${seed} ${suffix}` : `${seed} ${suffix}`));
  return phrases.slice(0, limit);
}

type Task = Record<string, unknown>;

/** The task's refusal (40501 "Invalid Field: '<name>'." — every-app/open-seo envelope.ts; exact wording UNCONFIRMED), or null. */
function invalidField(task: Task): string | null {
  const keyword = task.keyword;
  if (typeof keyword !== "string" || !keyword.trim() || keyword.length > 80 || keyword.trim().split(/\s+/).length > 10 || FORBIDDEN.test(keyword)) {
    return "keyword";
  }
  // keyword_suggestions: location and language are optional, but when sent they must be known.
  if (task.location_code !== undefined && !LOCATIONS.has(task.location_code as number)) return "location_code";
  if (task.language_code !== undefined && !LANGUAGES.has(task.language_code as string)) return "language_code";
  // limit: default 100, maximum 1000 (request model).
  if (task.limit !== undefined && (!Number.isInteger(task.limit) || (task.limit as number) < 1 || (task.limit as number) > 1000)) return "limit";
  return null;
}

export function startFakeDataForSeo(options: { port?: number; scenario?: FakeDataForSeoScenario; balance?: number } = {}): FakeDataForSeo {
  const requests: FakeDataForSeoRequest[] = [];
  const expected = `Basic ${btoa(`${FAKE_DATAFORSEO_LOGIN}:${FAKE_DATAFORSEO_PASSWORD}`)}`;

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === "/_fake/requests" && request.method === "GET") {
      return Response.json(requests.map(({ method, path, authorized, cost }) => ({ method, path, authorized, cost })));
    }
    if (url.pathname === "/_fake/scenario" && request.method === "POST") {
      const { scenario } = await request.json();
      if (!FAKE_DATAFORSEO_SCENARIOS.includes(scenario)) return Response.json({ error: "unknown scenario" }, { status: 400 });
      fake.scenario = scenario;
      return Response.json({ ok: true });
    }
    const authorized = request.headers.get("authorization") === expected;
    const text = request.method === "POST" ? await request.text() : "";
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const record: FakeDataForSeoRequest = { method: request.method, path: url.pathname, authorized, body, cost: 0 };
    requests.push(record);

    // HTTP statuses first (appendix/errors): 401 credentials, 402 billing, 404 path, 500 failure.
    // The 401 body is not documented (UNCONFIRMED); the client does not read it.
    if (!authorized) {
      return Response.json(envelope(40100, "You are not authorized to access this resource.", 0, null), {
        status: 401,
        headers: { "www-authenticate": 'Basic realm="DataForSEO API"' },
      });
    }
    if (fake.scenario === "server-error") return new Response("Internal Server Error", { status: 500 });
    if (fake.scenario === "no-balance") {
      // The 402 body is not documented either (UNCONFIRMED); the client reads only the status.
      return Response.json(envelope(40200, "Your account balance is insufficient.", 0, null), { status: 402 });
    }

    if (url.pathname === "/v3/appendix/user_data" && request.method === "GET") {
      // Free (docs.dataforseo.com/v3/appendix/user_data): balance in result[0].money.balance.
      return Response.json(envelope(20000, "Ok.", 0, [{
        id: taskId(), status_code: 20000, status_message: "Ok.", time: elapsed(), cost: 0, result_count: 1,
        path: ["v3", "appendix", "user_data"], data: { api: "appendix", function: "user_data" },
        result: [{ login: FAKE_DATAFORSEO_LOGIN, timezone: "UTC", money: { total: 50, balance: fake.balance } }],
      }]));
    }
    if (url.pathname !== "/v3/dataforseo_labs/google/keyword_suggestions/live" || request.method !== "POST") {
      return Response.json(envelope(40400, "Not Found.", 0, null), { status: 404 });
    }

    if (fake.scenario === "unverified") {
      return Response.json(envelope(40104, "Please verify your account before using the API. You can complete verification in the user panel: https://app.dataforseo.com/", 0, null));
    }
    if (fake.scenario === "rate-limit") return Response.json(envelope(40202, "the rate-limit per minute has been exceeded.", 0, null));
    if (fake.scenario === "spending-limit") {
      return Response.json(envelope(40203, "The cost limit has been exceeded. You can change the limit in the user panel.", 0, null));
    }
    // A JSON array of tasks; Live endpoints take one task per call (docs.dataforseo.com/v3/appendix-sandbox:
    // "each POST call can contain only 1 task"; appendix/errors 40000 "You can set only one task at a time.").
    if (!Array.isArray(body) || body.length === 0) return Response.json(envelope(40000, "Invalid POST data.", 0, null));
    if (body.length > 1) return Response.json(envelope(40000, "You can set only one task at a time.", 0, null));

    const task = body[0] as Task;
    const field = invalidField(task);
    const base = {
      id: taskId(),
      time: elapsed(),
      path: ["v3", "dataforseo_labs", "google", "keyword_suggestions", "live"],
      data: { api: "dataforseo_labs", function: "keyword_suggestions", se_type: "google", ...task },
    };
    if (field) {
      // Validation refusals may be billed (open-seo envelope.ts notes); this fake charges nothing for them.
      return Response.json(envelope(20000, "Ok.", 0, [{ ...base, status_code: 40501, status_message: `Invalid Field: '${field}'.`, cost: 0, result_count: 0, result: null }]));
    }

    const seed = String(task.keyword).toLowerCase().trim();
    const locationCode = (task.location_code as number | undefined) ?? 2840;
    const languageCode = (task.language_code as string | undefined) ?? "en";
    const limit = (task.limit as number | undefined) ?? 100;
    const items = suggestionsFor(seed, limit).map((phrase) => fakeKeywordData(phrase, locationCode, languageCode));
    const seedData = task.include_seed_keyword === true && items.length > 0 ? fakeKeywordData(seed, locationCode, languageCode) : null;
    const rows = items.length + (seedData ? 1 : 0);
    const cost = Math.round((PER_REQUEST + PER_RESULT * rows) * 1e6) / 1e6;
    if (cost > fake.balance) {
      return Response.json(envelope(40200, "Your account balance is insufficient.", 0, null), { status: 402 });
    }
    fake.balance = Math.round((fake.balance - cost) * 1e6) / 1e6;
    record.cost = cost;
    return Response.json(envelope(20000, "Ok.", cost, [{
      ...base,
      status_code: 20000,
      status_message: "Ok.",
      cost,
      result_count: 1,
      result: [{
        se_type: "google",
        seed_keyword: seed,
        seed_keyword_data: seedData,
        location_code: locationCode,
        language_code: languageCode,
        total_count: items.length,
        items_count: items.length,
        offset: 0,
        offset_token: "fake-offset-token",
        items: items.length ? items : null,
      }],
    }]));
  };

  const ready = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: options.port ?? 0, onListen: ready.resolve }, handle);
  const fake: FakeDataForSeo = {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    scenario: options.scenario ?? "ok",
    balance: options.balance ?? 50,
    close: () => server.shutdown(),
  };
  return fake;
}

if (import.meta.main) {
  const fake = startFakeDataForSeo();
  console.log(fake.url);
}
