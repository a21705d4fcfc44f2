/**
 * The DataForSEO client against the fake DataForSEO server (its wire format
 * and refusals), and the fake's own rules.
 */
import assert from "node:assert/strict";
import {
  FAKE_DATAFORSEO_LOGIN,
  FAKE_DATAFORSEO_PASSWORD,
  type FakeDataForSeo,
  type FakeDataForSeoScenario,
  startFakeDataForSeo,
} from "../../_testing/fakes/dataforseo_server.ts";
import { DataForSeoError, postLive, problemOf } from "./dataforseo.ts";
import { cleanSeed, fetchKeywordSuggestions, KEYWORD_SUGGESTIONS_MAX_COST, KEYWORD_SUGGESTIONS_PATH } from "./keyword_suggestions.ts";

const CREDENTIALS = { login: FAKE_DATAFORSEO_LOGIN, password: FAKE_DATAFORSEO_PASSWORD };
const US_ENGLISH = { locationCode: 2840, languageCode: "en" };

async function withFake(test: (fake: FakeDataForSeo) => Promise<void>, scenario?: FakeDataForSeoScenario) {
  const fake = startFakeDataForSeo({ scenario });
  try {
    await test(fake);
  } finally {
    await fake.close();
  }
}

async function rejectsWith(promise: Promise<unknown>, problem: DataForSeoError["problem"], message?: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof DataForSeoError, String(error));
    assert.equal(error.problem, problem, error.message);
    if (message) assert.match(error.message, message);
    return true;
  });
}

Deno.test("keyword suggestions: the topic first, then phrases containing it, with volume, CPC, competition and difficulty", () =>
  withFake(async (fake) => {
    const { keywords, cost } = await fetchKeywordSuggestions("Home Gardening", US_ENGLISH, CREDENTIALS, { baseUrl: fake.url });
    assert.equal(keywords.length, 15);
    assert.equal(keywords[0].keyword, "home gardening");
    assert.ok(keywords.slice(1).every((item) => item.keyword.includes("home gardening")));
    for (const item of keywords) {
      assert.match(item.searchVolume!, /^\d{1,3}(,\d{3})*$/);
      assert.match(item.cpc!, /^\$\d+\.\d{2}$/);
      assert.ok(item.difficulty! >= 0 && item.difficulty! <= 100);
      assert.ok(["low", "medium", "high"].includes(item.competition!));
    }
    assert.equal(cost, 0.0115);
    assert.ok(cost <= KEYWORD_SUGGESTIONS_MAX_COST);
    const [request] = fake.requests;
    assert.equal(request.path, KEYWORD_SUGGESTIONS_PATH);
    assert.deepEqual(request.body, [{
      keyword: "home gardening",
      location_code: 2840,
      language_code: "en",
      include_seed_keyword: true,
      limit: 14,
      order_by: ["keyword_info.search_volume,desc"],
    }]);
    assert.equal(fake.balance, 50 - 0.0115);
  }));

Deno.test("a topic with no suggestions gives no rows and costs the request only", () =>
  withFake(async (fake) => {
    const { keywords, cost } = await fetchKeywordSuggestions("zzqx unknown niche", US_ENGLISH, CREDENTIALS, { baseUrl: fake.url });
    assert.deepEqual(keywords, []);
    assert.equal(cost, 0.01);
  }));

Deno.test("seeds are cleaned of what DataForSEO refuses (symbols, over 10 words or 80 characters)", () => {
  assert.equal(cleanSeed("  Best (cheap) laptops!? <2026> "), "best cheap laptops 2026");
  assert.equal(cleanSeed("one two three four five six seven eight nine ten eleven twelve"), "one two three four five six seven eight nine ten");
  assert.ok(cleanSeed("x".repeat(120)).length <= 80);
  assert.equal(cleanSeed("garden 🌱 ideas"), "garden ideas");
});

Deno.test("wrong credentials: HTTP 401, told as a credentials problem without echoing them", () =>
  withFake(async (fake) => {
    await rejectsWith(
      fetchKeywordSuggestions("garden", US_ENGLISH, { login: "someone", password: "wrong-password-9999" }, { baseUrl: fake.url }),
      "credentials",
      /refused the login and password/,
    );
    assert.equal(fake.requests[0].authorized, false);
  }));

Deno.test("account states: unverified, rate limit, spending limit, balance, outage", async () => {
  const cases: [FakeDataForSeoScenario, DataForSeoError["problem"], RegExp][] = [
    ["unverified", "unverified", /verify your account/],
    ["rate-limit", "rate-limit", /too many requests/],
    ["spending-limit", "spending-limit", /daily spending limit/],
    ["no-balance", "balance", /balance is too low/],
    ["server-error", "unavailable", /not answering/],
  ];
  for (const [scenario, problem, message] of cases) {
    await withFake(async (fake) => {
      await rejectsWith(fetchKeywordSuggestions("garden", US_ENGLISH, CREDENTIALS, { baseUrl: fake.url }), problem, message);
      assert.equal(fake.balance, 50, `${scenario}: nothing charged`);
    }, scenario);
  }
});

Deno.test("a balance too small for the request: HTTP 402", async () => {
  const fake = startFakeDataForSeo({ balance: 0.005 });
  try {
    await rejectsWith(fetchKeywordSuggestions("garden", US_ENGLISH, CREDENTIALS, { baseUrl: fake.url }), "balance");
  } finally {
    await fake.close();
  }
});

Deno.test("a task DataForSEO refuses: 40501 with the field named", () =>
  withFake(async (fake) => {
    await rejectsWith(
      fetchKeywordSuggestions("garden", { locationCode: 9999, languageCode: "en" }, CREDENTIALS, { baseUrl: fake.url }),
      "invalid-request",
      /DataForSEO refused the request: Invalid Field: 'location_code'\./,
    );
  }));

Deno.test("a stalled answer is cut at the time limit", async () => {
  const stalled: typeof fetch = (_input, init) =>
    new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  await rejectsWith(fetchKeywordSuggestions("garden", US_ENGLISH, CREDENTIALS, { fetch: stalled, timeoutMs: 50 }), "timeout");
});

Deno.test("status codes map to what the user can do", () => {
  assert.equal(problemOf(40104), "unverified");
  assert.equal(problemOf(40200), "balance");
  assert.equal(problemOf(40210), "balance");
  assert.equal(problemOf(40202), "rate-limit");
  assert.equal(problemOf(40203), "spending-limit");
  assert.equal(problemOf(40101), "credentials");
  assert.equal(problemOf(50000), "unavailable");
  assert.equal(problemOf(40501), "invalid-request");
});

Deno.test("the fake: one task per call, known paths only, refusals by field", () =>
  withFake(async (fake) => {
    const task = { keyword: "garden", location_code: 2840, language_code: "en" };
    const post = (path: string, body: unknown) =>
      fetch(new URL(path, fake.url), {
        method: "POST",
        headers: { authorization: `Basic ${btoa(`${FAKE_DATAFORSEO_LOGIN}:${FAKE_DATAFORSEO_PASSWORD}`)}` },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const two = await post(KEYWORD_SUGGESTIONS_PATH, [task, task]);
    assert.equal(two.status, 200);
    assert.deepEqual([two.body.status_code, two.body.status_message, two.body.cost], [40000, "You can set only one task at a time.", 0]);
    assert.equal((await post("/v3/serp/unknown/live", [task])).status, 404);
    for (const [bad, field] of [
      [{ ...task, keyword: "x".repeat(81) }, "keyword"],
      [{ ...task, keyword: "a b c d e f g h i j k" }, "keyword"],
      [{ ...task, keyword: "buy <cheap>" }, "keyword"],
      [{ ...task, language_code: "xx" }, "language_code"],
      [{ ...task, limit: 1001 }, "limit"],
    ] as const) {
      const answer = await post(KEYWORD_SUGGESTIONS_PATH, [bad]);
      assert.equal(answer.body.status_code, 20000);
      assert.deepEqual([answer.body.tasks[0].status_code, answer.body.tasks[0].status_message], [40501, `Invalid Field: '${field}'.`]);
      assert.equal(answer.body.tasks_error, 1);
    }
    const ok = await post(KEYWORD_SUGGESTIONS_PATH, [{ ...task, limit: 3 }]);
    assert.equal(ok.body.tasks[0].result[0].items_count, 3);
    assert.equal(ok.body.tasks[0].cost, 0.0103);
    assert.equal(ok.body.cost, 0.0103);
    assert.match(ok.body.time, /^\d\.\d{4} sec\.$/);
  }));

Deno.test("postLive refuses an envelope without a task", async () => {
  const empty: typeof fetch = () => Promise.resolve(Response.json({ status_code: 20000, status_message: "Ok.", cost: 0, tasks: [] }));
  await rejectsWith(postLive("/v3/x", {}, CREDENTIALS, { fetch: empty }), "unavailable", /held no task/);
});
