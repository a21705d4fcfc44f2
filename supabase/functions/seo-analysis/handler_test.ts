/**
 * seo-analysis: the page is audited for real (the test site on loopback,
 * reached through the SSRF guard with only its own listeners allowlisted),
 * then the strict fake providers (real Chat Completions JSON and error
 * bodies) write the sections with the user's provider and SEO model; an
 * in-memory caller and provider lookup stand in for the database.
 */
import assert from "node:assert/strict";
import type { FakeOpenAIOptions } from "../_testing/fakes/openai_server.ts";
import { type SeoReport, seoReportSchema } from "../_shared/contracts/seo.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { auditPage } from "../_shared/seo/audit_page.ts";
import {
  type AuditedSite,
  DEFECTIVE_PAGE_PATH,
  GOOD_PAGE_PATH,
  startAuditedSite,
} from "../_testing/fakes/audited_site.ts";
import {
  ALICE,
  type ChatRequest,
  type TextFunctionHarness,
  type TextFunctionHarnessOptions,
  withTextFunctionHarness,
} from "../_testing/text_function_harness.ts";
import { SEO_PARSE_FAILURE_MESSAGE } from "./analysis_output.ts";
import { createHandler } from "./handler.ts";

type Harness = TextFunctionHarness<SeoReport> & { site: AuditedSite };

async function withHarness(options: TextFunctionHarnessOptions, test: (harness: Harness) => Promise<void>) {
  const site = await startAuditedSite();
  try {
    await withTextFunctionHarness<SeoReport>(
      "seo-analysis",
      (deps) =>
        createHandler({
          ...deps,
          audit: (url, signal) => auditPage(url, { fetch: guardedFetch, guard: { privateHostAllowlist: site.allowlist } }, signal),
        }),
      options,
      (harness) => test({ ...harness, site }),
    );
  } finally {
    await site.close();
  }
}

Deno.test("audits the page, then the user's SEO model writes the sections from the measurements (strict structured output, low effort)", () =>
  withHarness({}, async ({ fake, call, logs, site }) => {
    const url = `${site.origin}${DEFECTIVE_PAGE_PATH}`;
    const { status, body } = await call({ url });
    assert.equal(status, 200);
    assert.deepEqual(seoReportSchema.parse(body), body);
    assert.equal(body.audit.url, url);
    assert.ok(body.audit.checks.length >= 25);
    const h1 = body.audit.checks.find((check) => check.id === "h1")!;
    assert.deepEqual([h1.status, h1.value], ["warning", "2 H1s: “First headline”, “Second headline”"]);
    assert.equal(body.title, "SEO analysis of 127.0.0.1");
    assert.deepEqual(body.notes, []);

    assert.equal(fake.requests.length, 1);
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.model, "gpt-6-luna");
    assert.equal(request.reasoning_effort, "low");
    assert.equal(request.temperature, undefined, "a reasoning effort other than none refuses temperature");
    assert.equal(request.max_completion_tokens, 8_000);
    assert.equal(request.response_format?.json_schema.name, "seo_analysis");
    assert.equal(request.response_format?.json_schema.strict, true);
    assert.match(request.messages[0].content, /from the audit measurements/);
    assert.match(request.messages[0].content, /estimate/);
    const brief = request.messages[1].content;
    assert.ok(brief.startsWith(`Website URL: ${url}\n`), brief);
    assert.match(brief, /- WARNING One H1 heading: 2 H1s/);
    assert.match(brief, /- FAIL Page language \(lang\): No lang attribute/);
    assert.match(brief, /<<<PAGE TEXT\nFirst headline Skipped a level Second headline Short text/);
    assert.deepEqual(logs, []);
  }));

Deno.test("an address typed without a scheme is audited as https://", () =>
  withHarness({}, async ({ fake, call }) => {
    // A loopback address the guard does not allow: the audit says why, and the model is not asked.
    const { status, body } = await call({ url: " 127.0.0.1:9/blog " });
    assert.equal(status, 422);
    assert.match(body.error!, /^Could not audit https:\/\/127\.0\.0\.1:9\/blog: 127\.0\.0\.1:9 is a loopback address/);
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("a page that cannot be fetched: 422 with the reason, no report invented", () =>
  withHarness({}, async ({ fake, call, site }) => {
    for (const [path, reason] of [
      ["/server-error", /answered 500 Internal Server Error\.$/],
      ["/report.pdf", /is application\/pdf, not an HTML page\.$/],
      ["/to-metadata", /169\.254\.169\.254 is a .* address/],
    ] as const) {
      const { status, body } = await call({ url: `${site.origin}${path}` });
      assert.equal(status, 422, path);
      assert.match(body.error!, reason);
    }
    assert.equal(fake.requests.length, 0);
  }));

Deno.test("the user's SEO model (a classic chat model gets the spec's temperature); a wrapped object is found", () =>
  withHarness({ fake: { scenario: "wrapped", today: "2026-11-27" }, models: { seo: "gpt-4.1" } }, async ({ fake, call, site }) => {
    const { status, body } = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
    assert.equal(status, 200);
    assert.equal(body.title, "SEO analysis of 127.0.0.1");
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.model, "gpt-4.1");
    assert.equal(request.temperature, 0.7);
    assert.equal(request.reasoning_effort, undefined);
  }));

Deno.test("OPENAI_SEO_MODEL sets the deployment's default", () =>
  withHarness(
    { deployment: { openAIDefaults: { drafting: "gpt-6.1-terra", keywords: "gpt-6-luna", seo: "gpt-6.1-terra", embeddings: "text-embedding-3-small" } } },
    async ({ fake, call, site }) => {
      assert.equal((await call({ url: `${site.origin}${GOOD_PAGE_PATH}` })).status, 200);
      assert.equal((fake.requests[0].body as ChatRequest).model, "gpt-6.1-terra");
    },
  ));

Deno.test("no SEO model at a server of the user's own: 400 naming the fix, before the page is fetched", () =>
  withHarness({ flavour: "ollama" }, async ({ fake, call, site }) => {
    const { status, body } = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
    assert.equal(status, 400);
    assert.match(body.error!, /^No model is chosen for SEO analysis/);
    assert.ok(body.problem, "the problem names where to fix it");
    assert.equal(fake.requests.length, 0);
    assert.equal(site.requests.length, 0, "nothing is fetched for a report no model can write");
  }));

Deno.test("the URL must be given and be http(s); session and key come first", () =>
  withHarness({}, async ({ fake, call, keys, site }) => {
    assert.deepEqual(await call({ url: "  " }), {
      status: 400,
      body: {
        error: "url: Please enter a website URL",
        field: "url",
        issues: [{ path: ["url"], message: "Please enter a website URL" }],
      },
    } as unknown);
    assert.equal((await call({})).body.error, "url: Please enter a website URL");
    for (const url of ["ftp://example.com", "javascript:alert(1)", "http://", "https://user:secret@example.com"]) {
      assert.equal((await call({ url })).body.error, "url: Please enter a valid URL", url);
    }
    assert.equal((await call({ url: `https://example.com/${"a".repeat(2100)}` })).status, 400);
    assert.equal((await call({ url: `https://example.com/${"a".repeat(9000)}` })).status, 413);
    assert.deepEqual(await call({ url: "https://example.com" }, "stale"), {
      status: 401,
      body: { error: "User not authenticated" },
    } as unknown);
    keys.clear();
    const missing = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
    assert.deepEqual([missing.status, missing.body.error], [400, "OpenAI API key not found"]);
    assert.equal(fake.requests.length, 0);
    assert.equal(site.requests.length, 0, "nothing is fetched before the caller and key are checked");
  }));

Deno.test("a model failure keeps the measured audit, and the notes give the provider's reason", async () => {
  const cases: [FakeOpenAIOptions, string | RegExp][] = [
    [{ scenario: "rate-limit" }, /OpenAI is rate limiting your requests/],
    [{ scenario: "server-error" }, /OpenAI is unavailable \(HTTP 500\)/],
    [{ scenario: "insufficient-quota" }, /no credit left/],
    [{ scenario: "invalid-json" }, SEO_PARSE_FAILURE_MESSAGE],
    [{ scenario: "slow-first-token", firstTokenDelayMs: 2_000 }, "OpenAI did not answer in time. Please try again"],
  ];
  for (const [fakeOptions, message] of cases) {
    await withHarness({ fake: fakeOptions, deployment: { timeoutMs: 300 } }, async ({ call, site }) => {
      const { status, body } = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
      assert.equal(status, 200, fakeOptions.scenario);
      assert.ok(body.audit.checks.length >= 25);
      assert.deepEqual(body.recommendations, []);
      assert.equal(body.trafficMetrics.monthlyVisits, "");
      assert.equal(body.notes.length, 1);
      assert.ok(body.notes[0].startsWith("The written sections could not be produced: "), body.notes[0]);
      if (typeof message === "string") assert.ok(body.notes[0].includes(message.replace(/\.$/, "")), `${fakeOptions.scenario}: ${body.notes[0]}`);
      else assert.match(body.notes[0], message, fakeOptions.scenario);
    });
  }
});

Deno.test("a model the provider has shut down: the audit stays, the note names the model and the fix", () =>
  withHarness({ models: { seo: "gpt-4" } }, async ({ call, site }) => {
    const { status, body } = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
    assert.equal(status, 200);
    assert.ok(body.audit.checks.length >= 25);
    assert.match(body.notes[0], /The model gpt-4 is not available at OpenAI.*Choose another model for SEO analysis in Profile Settings → AI models/);
  }));

Deno.test("a refused key: the audit stays, the reason names the provider, the key is never echoed or logged", () =>
  withHarness({}, async ({ call, keys, logs, site }) => {
    keys.set(ALICE, "sk-wrong-FIXTURE-not-a-real-key-stuv");
    const { status, body } = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
    assert.equal(status, 200);
    assert.ok(
      body.notes[0].includes("OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys"),
      body.notes[0],
    );
    assert.ok(!JSON.stringify(body).includes("stuv"));
    assert.equal(logs.length, 1);
    assert.ok(!logs[0].includes("sk-wrong") && !logs[0].includes("stuv"), logs[0]);
  }));

Deno.test("OpenRouter and a local Ollama, each with its own model names", async () => {
  await withHarness({ flavour: "openrouter" }, async ({ fake, call, site }) => {
    assert.equal((await call({ url: `${site.origin}${GOOD_PAGE_PATH}` })).status, 200);
    assert.equal((fake.requests[0].body as ChatRequest).model, "openai/gpt-6-luna");
  });
  await withHarness({ flavour: "ollama", models: { seo: "qwen3:8b" } }, async ({ fake, call, site }) => {
    const { status, body } = await call({ url: `${site.origin}${GOOD_PAGE_PATH}` });
    assert.equal(status, 200);
    assert.equal(body.title, "SEO analysis of 127.0.0.1");
    const request = fake.requests[0].body as ChatRequest;
    assert.equal(request.max_tokens, 8_000);
    assert.equal(request.reasoning_effort, undefined);
  });
});
