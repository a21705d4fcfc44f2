import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeAll, describe, expect, test } from "vitest";
import { functionsStack, ok, saveApiKeys, serviceClient, signUp, testSecretBox, type TestUser } from "./support.ts";

/**
 * Issue 25's functions for real, through the local functions runtime with
 * the real supabase-js as two users: seo-analysis audits a page the test
 * rig serves (through the SSRF guard, the site allowlisted) before the fake
 * OpenAI writes the sections; keyword-data reads the caller's DataForSEO
 * account on the system path, quotes before it spends, asks the fake
 * DataForSEO, records the spend and serves a repeated topic from the
 * caller's cache in Postgres.
 */

/** The account the fake DataForSEO knows (supabase/functions/_testing/fakes/dataforseo_server.ts). */
const DATAFORSEO = { login: "fixture-login@example.test", password: "FIXTURE-dfs-password-not-real" };

async function control<T>(path: string): Promise<T> {
  return (await (await fetch(`${functionsStack().controlUrl}${path}`)).json()) as T;
}

async function errorOf(error: unknown): Promise<{ status: number; body: { error?: string } }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

type Check = { id: string; status: string; value: string };

describe("seo-analysis audits the page", () => {
  let alice: TestUser;

  beforeAll(async () => {
    alice = await signUp("seo-alice", undefined, { project: true });
    await saveApiKeys(alice, { openaiKey: "sk-integration-seo-FIXTURE-not-a-real-key" });
  });

  test("a page with known defects: each defect measured, the model given the measurements", async () => {
    const url = `${functionsStack().auditedSiteUrl}/private/defects`;
    const before = (await control<unknown[]>("/audited-site/requests")).length;
    const { data, error } = await alice.client.functions.invoke<{ audit: { checks: Check[]; finalUrl: string }; title: string }>(
      "seo-analysis",
      { body: { url } },
    );
    expect(error).toBeNull();
    const checks = Object.fromEntries(data!.audit.checks.map((check) => [check.id, check]));
    expect(data!.audit.checks.length).toBeGreaterThanOrEqual(25);
    expect(checks.h1).toMatchObject({ status: "warning", value: "2 H1s: “First headline”, “Second headline”" });
    expect(checks.lang.status).toBe("fail");
    expect(checks.indexable).toMatchObject({ status: "fail", value: "noindex: meta robots “noindex, follow”" });
    expect(checks["robots-allows-page"].value).toBe("Disallowed for Googlebot by “Disallow: /private/”");
    expect(checks["broken-links"].status).toBe("fail");
    expect(checks["broken-links"].value).toContain("/missing-page (404 Not Found)");
    expect(checks.compression.status).toBe("fail");
    expect(data!.title).toBe("SEO analysis of 127.0.0.1");

    // What the audit asked of the site: the page, its robots.txt and sitemap, a sample of its links.
    const asked = (await control<{ path: string }[]>("/audited-site/requests")).slice(before).map((request) => request.path);
    expect(asked).toEqual(expect.arrayContaining(["/private/defects", "/robots.txt", "/sitemap.xml", "/missing-page"]));
    const prompt = (await control<{ lastUserMessage: string }[]>("/openai/requests")).at(-1)!.lastUserMessage;
    expect(prompt).toContain(`Website URL: ${url}`);
    expect(prompt).toContain("- WARNING One H1 heading: 2 H1s");
  });

  test("a page that cannot be fetched: 422 with the reason, and no model call", async () => {
    const openaiBefore = (await control<unknown[]>("/openai/requests")).length;
    const { error } = await alice.client.functions.invoke("seo-analysis", { body: { url: "http://169.254.169.254/latest/meta-data/" } });
    const { status, body } = await errorOf(error);
    expect(status).toBe(422);
    expect(body.error).toMatch(/^Could not audit http:\/\/169\.254\.169\.254\/latest\/meta-data\/: 169\.254\.169\.254 is a .* address/);
    expect((await control<unknown[]>("/openai/requests")).length).toBe(openaiBefore);
  });
});

describe("keyword-data with a DataForSEO account", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("keyword-data-alice", undefined, { project: true }),
      signUp("keyword-data-bob", undefined, { project: true }),
    ]);
    // As Profile saves it: through keyword-data, which seals the password.
    const saved = await alice.client.functions.invoke("keyword-data", {
      body: { action: "save", ...DATAFORSEO, locationCode: 2840, languageCode: "en" },
    });
    expect(saved.error).toBeNull();
  });

  test("the password is stored sealed for alice's row, its last four beside it", async () => {
    const row = ok(
      await serviceClient().from("keyword_data_providers").select("login, password, password_last4").eq("user_id", alice.id).single(),
    ) as { login: string; password: string; password_last4: string };
    expect(row.login).toBe(DATAFORSEO.login);
    expect(row.password).toMatch(/^inkpress:v1:/);
    expect(row.password).not.toContain(DATAFORSEO.password);
    expect(row.password_last4).toBe(DATAFORSEO.password.slice(-4));
    const place = { column: "keyword_data_providers.password" as const, userId: alice.id, rowKey: alice.id };
    expect((await testSecretBox().open(row.password, place)).value).toBe(DATAFORSEO.password);
    expect(ok(await alice.client.rpc("keyword_data_provider_status"))).toMatchObject([
      { provider: "dataforseo", login_last4: DATAFORSEO.login.slice(-4), password_last4: DATAFORSEO.password.slice(-4) },
    ]);
  });

  const paidRequests = async () => (await control<{ cost: number }[]>("/dataforseo/requests")).filter((request) => request.cost > 0).length;

  test("the cost is shown first; the fetch returns DataForSEO's numbers and records what it cost; the same topic again comes from the cache", async () => {
    const paidBefore = await paidRequests();
    const quote = await alice.client.functions.invoke("keyword-data", { body: { action: "quote", topic: "Composting at Home" } });
    expect(quote.error).toBeNull();
    expect(quote.data).toMatchObject({ provider: "dataforseo", cached: false, estimatedCostUsd: 0.0115, spentLast30DaysUsd: 0 });
    expect(await paidRequests()).toBe(paidBefore);

    const first = await alice.client.functions.invoke("keyword-data", {
      body: { action: "fetch", topic: "Composting at Home", acceptedCostUsd: quote.data.estimatedCostUsd },
    });
    expect(first.error).toBeNull();
    expect(first.data.keywords).toHaveLength(15);
    expect(first.data.keywords[0]).toMatchObject({ keyword: "composting at home" });
    expect(first.data.keywords[0].searchVolume).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(first.data).toMatchObject({ cached: false, costUsd: 0.0115, locationCode: 2840, languageCode: "en" });
    expect(await paidRequests()).toBe(paidBefore + 1);

    // The spend and the cache, as alice may read them (RLS), written by the function alone.
    // numeric comes back as a number from PostgREST and as text from the local backend: compared as numbers.
    const rows = ok(await alice.client.from("keyword_data_requests").select("topic, cost_usd, keywords"));
    expect(rows.map((row) => ({ ...row, cost_usd: Number(row.cost_usd) }))).toEqual([
      { topic: "composting at home", cost_usd: 0.0115, keywords: first.data.keywords },
    ]);
    const spend = ok(await alice.client.rpc("keyword_data_spend", { since: new Date(Date.now() - 86_400_000).toISOString() }));
    expect(Number(spend)).toBe(0.0115);

    const again = await alice.client.functions.invoke("keyword-data", { body: { action: "quote", topic: "  composting AT home " } });
    expect(again.data).toMatchObject({ cached: true, estimatedCostUsd: 0, spentLast30DaysUsd: 0.0115 });
    const cached = await alice.client.functions.invoke("keyword-data", { body: { action: "fetch", topic: "composting at home", acceptedCostUsd: 0 } });
    expect(cached.data).toMatchObject({ cached: true, costUsd: 0 });
    expect(cached.data.keywords).toEqual(first.data.keywords);
    expect(await paidRequests()).toBe(paidBefore + 1);
  });

  test("another user has no provider, and neither alice's cache nor her credentials", async () => {
    const { error } = await bob.client.functions.invoke("keyword-data", { body: { action: "quote", topic: "composting at home" } });
    expect(await errorOf(error)).toEqual({ status: 400, body: { error: "No keyword data provider is set up. Add one in Profile Settings." } });
    expect(ok(await bob.client.from("keyword_data_requests").select("id"))).toEqual([]);
    expect(ok(await bob.client.rpc("keyword_data_provider_status"))).toEqual([]);
    const planted = await bob.client.from("keyword_data_requests").insert({
      user_id: bob.id,
      provider: "dataforseo",
      topic: "composting at home",
      location_code: 2840,
      language_code: "en",
      cost_usd: 0,
      keywords: [],
    });
    expect(planted.error).not.toBeNull();
  });

  test("the browser learns only the last four characters of the credentials", async () => {
    const status = ok(await alice.client.rpc("keyword_data_provider_status"));
    expect(status).toEqual([{
      provider: "dataforseo",
      login_last4: "test",
      password_last4: "real",
      location_code: 2840,
      language_code: "en",
      updated_at: expect.any(String),
    }]);
    const direct = await alice.client.from("keyword_data_providers").select("password");
    expect(direct.error).not.toBeNull();
  });

  test("the credentials go to DataForSEO as HTTP Basic auth and nowhere in the answers", async () => {
    const requests = await control<{ authorized: boolean }[]>("/dataforseo/requests");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.authorized)).toBe(true);
    const logs = await (await fetch(`${functionsStack().controlUrl}/logs`)).text();
    expect(logs).not.toContain(DATAFORSEO.password);
  });
});
