import assert from "node:assert/strict";
import { type FakeOpenAI, startFakeOpenAI } from "../../_testing/fakes/openai_server.ts";
import { testTarget } from "../../_testing/provider_fixtures.ts";
import type { LinkRelevanceSetting, LinkTarget } from "../contracts/site_content.ts";
import { createEmbeddingsClient } from "../ai/embeddings.ts";
import { type LinkRankingSources, linkTargetRanker, queryText } from "./link_targets.ts";

const USER = "00000000-0000-4000-8000-00000000000a";
const target = (url: string): LinkTarget => ({
  id: crypto.randomUUID(),
  site_id: "50000000-0000-4000-8000-000000000001",
  remote_type: "post",
  url,
  title: url,
  excerpt: "",
  categories: [],
  tags: [],
  article_id: null,
  score: 1,
});
const BY_TEXT = [target("https://blog.example/by-text/")];
const BY_EMBEDDING = [target("https://blog.example/by-embedding/")];

/** The user's provider at the fake (OpenAI unless said), their key and their embeddings model (the provider's default when null). */
function sources(
  setting: LinkRelevanceSetting,
  options: {
    key?: string | null;
    embedded?: LinkTarget[];
    embed?: LinkRankingSources["embedQuery"];
    fake?: FakeOpenAI;
    flavour?: "openai" | "ollama";
  } = {},
) {
  const calls = { embedded: [] as { text: string; model: string }[], byEmbedding: [] as { model: string; dims: number }[] };
  const key = options.key === undefined ? "sk-test-FIXTURE-not-a-real-key" : options.key;
  const fake = options.fake ?? ({ url: "http://127.0.0.1:9/v1" } as FakeOpenAI);
  const value: LinkRankingSources = {
    readRelevance: () => Promise.resolve(setting.relevance),
    readTarget: () => Promise.resolve(testTarget(fake, options.flavour ?? "openai", key, { embeddings: setting.model })),
    embedQuery: async (target, model, text) => {
      calls.embedded.push({ text, model });
      return await options.embed!(target, model, text);
    },
    rankByText: () => Promise.resolve(BY_TEXT),
    rankByEmbedding: (_userId, _query, embedding, model) => {
      calls.byEmbedding.push({ model, dims: embedding.length });
      return Promise.resolve(options.embedded ?? BY_EMBEDDING);
    },
  };
  return { value, calls };
}

const QUERY = { focus: "Worm bins", body: "<p>A worm bin is a <strong>small</strong> compost heap.</p>", limit: 6 };

Deno.test("link targets: full text by default, no provider asked", async () => {
  const { value, calls } = sources({ relevance: "full_text", model: "text-embedding-3-small" }, {
    embed: () => Promise.reject(new Error("never")),
  });
  assert.deepEqual(await linkTargetRanker(value)(USER, QUERY), { targets: BY_TEXT, relevance: "full_text" });
  assert.deepEqual(calls.embedded, []);
});

Deno.test("link targets: full text is asked beside the setting, not after it (one round trip for most users)", async () => {
  const { value } = sources({ relevance: "full_text", model: "text-embedding-3-small" });
  let settingRead = false;
  let textAskedBeforeSettingRead = false;
  const readRelevance = value.readRelevance;
  value.readRelevance = async (userId) => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    settingRead = true;
    return await readRelevance(userId);
  };
  value.rankByText = () => {
    textAskedBeforeSettingRead = !settingRead;
    return Promise.resolve(BY_TEXT);
  };
  assert.deepEqual(await linkTargetRanker(value)(USER, QUERY), { targets: BY_TEXT, relevance: "full_text" });
  assert.ok(textAskedBeforeSettingRead);
});

Deno.test("link targets: embeddings chosen, the query is embedded once with the user's model and ranked by vector", async () => {
  const openai = startFakeOpenAI();
  try {
    const { value, calls } = sources({ relevance: "embeddings", model: "text-embedding-3-large" }, {
      fake: openai,
      embed: async (target, model, text) => (await createEmbeddingsClient({ target })(model, [text]))[0],
    });
    assert.deepEqual(await linkTargetRanker(value)(USER, QUERY), { targets: BY_EMBEDDING, relevance: "embeddings" });
    assert.deepEqual(calls.embedded, [{ text: "Worm bins\n\nA worm bin is a small compost heap.", model: "text-embedding-3-large" }]);
    assert.deepEqual(calls.byEmbedding, [{ model: "text-embedding-3-large", dims: 3072 }]);
    assert.equal(openai.requests.length, 1);
  } finally {
    await openai.close();
  }
});

Deno.test("link targets: every embeddings failure falls back to full text, saying why", async () => {
  const openai = startFakeOpenAI();
  try {
    const embed: LinkRankingSources["embedQuery"] = async (target, model, text) =>
      (await createEmbeddingsClient({ target })(model, [text]))[0];
    const setting = { relevance: "embeddings", model: null } as const;
    const cases: [Parameters<typeof sources>[1], RegExp][] = [
      [{ key: null, embed }, /^No OpenAI API key is saved/],
      [{ key: "sk-wrong-FIXTURE-not-a-real-key", embed }, /^OpenAI refused the API key .* Links are ranked by full text meanwhile\.$/],
      [{ key: "sk-scenario-rate-limit-FIXTURE", embed }, /rate limiting/],
      [{ key: "sk-scenario-malformed-chunk-FIXTURE", embed }, /not a list of embeddings/],
      [{ key: "sk-scenario-insufficient-quota-FIXTURE", embed }, /no credit left/],
      [{ embed, embedded: [] }, /^No entry of the content index is embedded with text-embedding-3-small yet/],
      [{ flavour: "ollama", key: null, embed }, /^No embeddings model is chosen for your server/],
      [{ embed: () => Promise.reject(new Error("socket hang up")) }, /^Ranking by embeddings failed/],
    ];
    for (const [options, why] of cases) {
      const ranked = await linkTargetRanker(sources(setting, { fake: openai, ...options }).value)(USER, QUERY);
      assert.equal(ranked.relevance, "full_text");
      assert.deepEqual(ranked.targets, BY_TEXT);
      assert.match(ranked.fallback ?? "", why);
    }
  } finally {
    await openai.close();
  }
});

Deno.test("link targets: the query text is the focus, then the body without tags, cut to the input limit", () => {
  assert.equal(queryText({ focus: " Title ", body: null, limit: 1 }), "Title");
  assert.equal(queryText({ focus: "", body: "<h2>Heading</h2><p>Text</p>", limit: 1 }), "Heading Text");
  assert.equal(queryText({ focus: "a", body: "b ".repeat(10_000), limit: 1 }).length, 8_000);
});
