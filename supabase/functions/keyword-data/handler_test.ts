/**
 * keyword-data against the fake DataForSEO server (its wire format and
 * refusals), with the caller, the stored account, the cache and the spend
 * record in memory instead of the database.
 */
import assert from "node:assert/strict";
import {
  FAKE_DATAFORSEO_LOGIN,
  FAKE_DATAFORSEO_PASSWORD,
  type FakeDataForSeo,
  type FakeDataForSeoScenario,
  startFakeDataForSeo,
} from "../_testing/fakes/dataforseo_server.ts";
import { createMemoryRateLimiter, memoryRateLimit } from "../_testing/memory_rate_limiter.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { KEYWORD_DATA_MESSAGES, keywordDataQuoteSchema, keywordDataResultSchema } from "../_shared/contracts/keyword_data.ts";
import type { KeywordItem } from "../_shared/contracts/keywords.ts";
import { fetchKeywordSuggestions, KEYWORD_SUGGESTIONS_MAX_COST } from "../_shared/keyword_data/keyword_suggestions.ts";
import type { StoredKeywordDataProvider } from "../_shared/platform/system_access.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { type CacheKey, createHandler } from "./handler.ts";

const ALICE = "alice";
const DAY = 86_400_000;

type Row = CacheKey & { userId: string; keywords: KeywordItem[]; costUsd: number; refusedReason?: string; at: Date };

interface Harness {
  fake: FakeDataForSeo;
  rows: Row[];
  providers: Map<string, StoredKeywordDataProvider>;
  clock: { now: Date };
  limiter: ReturnType<typeof createMemoryRateLimiter>;
  call(body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

async function withHarness(test: (harness: Harness) => Promise<void>, options: { scenario?: FakeDataForSeoScenario; limit?: number } = {}) {
  const fake = startFakeDataForSeo({ scenario: options.scenario });
  const rows: Row[] = [];
  const providers = new Map<string, StoredKeywordDataProvider>([[ALICE, {
    provider: "dataforseo",
    login: FAKE_DATAFORSEO_LOGIN,
    password: FAKE_DATAFORSEO_PASSWORD,
    locationCode: 2840,
    languageCode: "en",
  }]]);
  const clock = { now: new Date("2026-12-06T10:00:00Z") };
  const limiter = createMemoryRateLimiter();
  const sameKey = (row: Row, key: CacheKey) =>
    row.provider === key.provider && row.topic === key.topic && row.locationCode === key.locationCode && row.languageCode === key.languageCode;
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer alice-token" ? Promise.resolve({ id: ALICE }) : Promise.reject(new UnauthenticatedError()),
    readProvider: (userId) => Promise.resolve(providers.get(userId) ?? null),
    saveProvider: (userId, { provider, login, password, locationCode, languageCode }) => {
      const stored = providers.get(userId);
      if (!stored && (!login.trim() || !password.trim())) return Promise.resolve("missing-credentials");
      providers.set(userId, {
        provider,
        login: login.trim() || stored!.login,
        password: password.trim() || stored!.password,
        locationCode,
        languageCode,
      });
      return Promise.resolve("saved");
    },
    findCached: (key, since) => {
      const found = rows.filter((row) => row.userId === ALICE && sameKey(row, key) && !row.refusedReason && row.at >= since).at(-1);
      return Promise.resolve(found ? { keywords: found.keywords, fetchedAt: found.at.toISOString() } : null);
    },
    spentSince: (since) => Promise.resolve(rows.filter((row) => row.userId === ALICE && row.at >= since).reduce((sum, row) => sum + row.costUsd, 0)),
    record: (userId, key, answer) => {
      rows.push({ ...key, userId, ...answer, at: clock.now });
      return Promise.resolve(clock.now.toISOString());
    },
    fetchSuggestions: (topic, where, credentials, signal) => fetchKeywordSuggestions(topic, where, credentials, { baseUrl: fake.url, signal }),
    rateLimit: memoryRateLimit("keywordData", limiter, options.limit ? { limit: options.limit } : {}),
    now: () => clock.now,
  });
  const call = async (body: unknown, token = "alice-token") => {
    const response = await handler(new Request("http://localhost/functions/v1/keyword-data", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }));
    return { status: response.status, body: await response.json() };
  };
  try {
    await withCapturedErrors(() => test({ fake, rows, providers, clock, limiter, call }));
  } finally {
    await fake.close();
  }
}

Deno.test("the cost is quoted first and nothing is spent; the fetch returns DataForSEO's numbers and records the spend", () =>
  withHarness(async ({ fake, rows, call }) => {
    const quote = await call({ action: "quote", topic: "Home Gardening" });
    assert.equal(quote.status, 200);
    assert.deepEqual(keywordDataQuoteSchema.parse(quote.body), {
      provider: "dataforseo",
      locationCode: 2840,
      languageCode: "en",
      cached: false,
      cachedAt: null,
      estimatedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST,
      spentLast30DaysUsd: 0,
    });
    assert.equal(fake.requests.length, 0, "a quote asks DataForSEO nothing");

    const fetched = await call({ action: "fetch", topic: "Home Gardening", acceptedCostUsd: quote.body.estimatedCostUsd });
    assert.equal(fetched.status, 200);
    const result = keywordDataResultSchema.parse(fetched.body);
    assert.equal(result.keywords.length, 15);
    assert.equal(result.keywords[0].keyword, "home gardening");
    assert.deepEqual([result.cached, result.costUsd, result.fetchedAt], [false, 0.0115, "2026-12-06T10:00:00.000Z"]);
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(rows.map((row) => [row.topic, row.costUsd]), [["home gardening", 0.0115]]);
  }));

Deno.test("the same topic again within 30 days comes from the cache: no request, no cost; after 30 days it is fetched again", () =>
  withHarness(async ({ fake, rows, clock, limiter, call }) => {
    const first = await call({ action: "fetch", topic: "home gardening", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
    clock.now = new Date(clock.now.getTime() + 29 * DAY);
    const quote = await call({ action: "quote", topic: "  HOME   gardening " });
    assert.deepEqual([quote.body.cached, quote.body.cachedAt, quote.body.estimatedCostUsd, quote.body.spentLast30DaysUsd], [
      true,
      "2026-12-06T10:00:00.000Z",
      0,
      0.0115,
    ]);
    const again = await call({ action: "fetch", topic: "Home Gardening", acceptedCostUsd: 0 });
    assert.equal(again.status, 200);
    assert.deepEqual([again.body.cached, again.body.costUsd], [true, 0]);
    assert.deepEqual(again.body.keywords, first.body.keywords);
    assert.equal(fake.requests.length, 1, "the cache answered");
    assert.equal(limiter.calls.length, 1, "a cached answer is not counted against the rate limit");

    clock.now = new Date(clock.now.getTime() + 2 * DAY);
    const expired = await call({ action: "quote", topic: "home gardening" });
    assert.equal(expired.body.cached, false);
    await call({ action: "fetch", topic: "home gardening", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
    assert.equal(fake.requests.length, 2);
    assert.equal(rows.length, 2);
  }));

Deno.test("another location or language is another request", () =>
  withHarness(async ({ fake, providers, call }) => {
    await call({ action: "fetch", topic: "garden", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
    providers.set(ALICE, { ...providers.get(ALICE)!, locationCode: 2276, languageCode: "de" });
    const quote = await call({ action: "quote", topic: "garden" });
    assert.deepEqual([quote.body.cached, quote.body.locationCode, quote.body.languageCode], [false, 2276, "de"]);
    await call({ action: "fetch", topic: "garden", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
    assert.deepEqual(fake.requests.map((request) => (request.body as { location_code: number }[])[0].location_code), [2840, 2276]);
  }));

Deno.test("a fetch that would cost more than the cost shown is refused before anything is spent", () =>
  withHarness(async ({ fake, call }) => {
    assert.deepEqual(await call({ action: "fetch", topic: "garden", acceptedCostUsd: 0.001 }), {
      status: 409,
      body: { error: KEYWORD_DATA_MESSAGES.costChanged },
    });
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("without a provider: 400, so the page keeps the AI estimate", () =>
  withHarness(async ({ fake, providers, call }) => {
    providers.clear();
    assert.deepEqual(await call({ action: "quote", topic: "garden" }), { status: 400, body: { error: KEYWORD_DATA_MESSAGES.noProvider } });
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("save stores the account through the system path; a new account needs a login and a password", () =>
  withHarness(async ({ providers, call }) => {
    providers.clear();
    const missing = await call({ action: "save", login: "me@example.test", password: " ", locationCode: 2276, languageCode: "de" });
    assert.deepEqual([missing.status, missing.body.error, missing.body.field], [400, KEYWORD_DATA_MESSAGES.credentialsRequired, "password"]);
    assert.equal(providers.size, 0);
    const saved = await call({ action: "save", login: "me@example.test", password: "FIXTURE-dfs", locationCode: 2276, languageCode: "de" });
    assert.deepEqual([saved.status, saved.body], [200, { saved: true }]);
    const kept = await call({ action: "save", login: "", password: "", locationCode: 2826, languageCode: "en" });
    assert.equal(kept.status, 200);
    assert.deepEqual(providers.get(ALICE), {
      provider: "dataforseo",
      login: "me@example.test",
      password: "FIXTURE-dfs",
      locationCode: 2826,
      languageCode: "en",
    });
    const unknownLanguage = await call({ action: "save", login: "", password: "", locationCode: 2826, languageCode: "English" });
    assert.equal(unknownLanguage.status, 400);
  }));

Deno.test("input is checked; the caller comes first", () =>
  withHarness(async ({ call }) => {
    assert.equal((await call({ action: "quote", topic: " " })).body.error, "topic: Please enter a topic");
    assert.equal((await call({ action: "fetch", topic: "garden" })).status, 400);
    assert.equal((await call({ action: "spend", topic: "garden" })).status, 400);
    assert.equal((await call({ action: "quote", topic: "!!! ???" })).body.error, "topic: Use letters or numbers in the topic");
    assert.deepEqual(await call({ action: "quote", topic: "garden" }, "stale"), { status: 401, body: { error: "User not authenticated" } });
  }));

Deno.test("DataForSEO's refusals reach the user as what to do, and nothing is recorded as spend", async () => {
  const cases: [FakeDataForSeoScenario, number, RegExp][] = [
    ["unverified", 400, /verify your account/],
    ["no-balance", 400, /balance is too low/],
    ["spending-limit", 400, /daily spending limit/],
    ["rate-limit", 429, /too many requests/],
    ["server-error", 502, /not answering/],
  ];
  for (const [scenario, status, message] of cases) {
    await withHarness(async ({ rows, call }) => {
      const answer = await call({ action: "fetch", topic: "garden", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
      assert.equal(answer.status, status, scenario);
      assert.match(String(answer.body.error), message);
      assert.deepEqual(rows, []);
    }, { scenario });
  }
});

Deno.test("wrong stored credentials: a 400 naming the fix, the password never echoed", () =>
  withHarness(async ({ providers, call }) => {
    providers.set(ALICE, { ...providers.get(ALICE)!, password: "FIXTURE-wrong-password-7777" });
    const answer = await call({ action: "fetch", topic: "garden", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.error), /refused the login and password/);
    assert.ok(!JSON.stringify(answer.body).includes("7777"));
  }));

Deno.test("paid requests are rate limited per user; quotes are not counted", () =>
  withHarness(async ({ fake, call }) => {
    for (let index = 0; index < 3; index++) await call({ action: "quote", topic: `topic ${index}` });
    assert.equal((await call({ action: "fetch", topic: "one", acceptedCostUsd: 1 })).status, 200);
    assert.equal((await call({ action: "fetch", topic: "two", acceptedCostUsd: 1 })).status, 200);
    const third = await call({ action: "fetch", topic: "three", acceptedCostUsd: 1 });
    assert.equal(third.status, 429);
    assert.equal(fake.requests.length, 2);
  }, { limit: 2 }));

Deno.test("a topic DataForSEO has nothing for: no rows, a note, the request's cost recorded", () =>
  withHarness(async ({ rows, call }) => {
    const answer = await call({ action: "fetch", topic: "zzqx niche", acceptedCostUsd: KEYWORD_SUGGESTIONS_MAX_COST });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.keywords, []);
    assert.match(String((answer.body.notes as string[])[0]), /no keyword data for “zzqx niche”/);
    assert.equal(rows[0].costUsd, 0.01);
  }));
