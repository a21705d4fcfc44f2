import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, expectRefusedOrEmpty, functionsStack, ok, saveApiKeys, signUp, type TestUser } from "./support.ts";
import { connectSite } from "./wordpress-support.ts";

/**
 * Relevance by embeddings for real: a user who chose embeddings syncs a site
 * of the fake WordPress through sync-site-content (real supabase-js, the
 * local functions runtime); the function embeds the new entries with the
 * user's key at the fake OpenAI's /v1/embeddings and stores them with
 * record_site_content_embeddings() (pgvector in the local backend, PGlite or
 * PostgreSQL). The editor's link-targets function then ranks by vector;
 * internal_link_targets_by_embedding() serves only the owner's rows.
 */

type Pass = { model: string; embedded: number; pending: number; error?: string };
type Target = { url: string; title: string };
type Ranked = { targets: Target[]; relevance: string; fallback?: string };

const wordpress = () => functionsStack().wordpress;
const basicAuth = () => `Basic ${Buffer.from(`${wordpress().username}:${wordpress().applicationPassword}`).toString("base64")}`;

async function publishOnWordPress(title: string, content: string): Promise<{ id: number; link: string }> {
  const response = await fetch(`${wordpress().restRoot}wp/v2/posts`, {
    method: "POST",
    headers: { authorization: basicAuth(), "content-type": "application/json" },
    body: JSON.stringify({ title, content, status: "publish" }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; link: string };
}

/** The query's embedding as the function would get it (the fake is deterministic). */
async function embedding(text: string, model = "text-embedding-3-small"): Promise<number[]> {
  const response = await fetch(`${functionsStack().openaiUrl}/embeddings`, {
    method: "POST",
    headers: { authorization: "Bearer sk-test-FIXTURE-not-a-real-key", "content-type": "application/json" },
    body: JSON.stringify({ model, input: [text], encoding_format: "float" }),
  });
  return ((await response.json()) as { data: { embedding: number[] }[] }).data[0].embedding;
}

describe("relevance by embeddings", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceSite: string;
  let clocks: { link: string };
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("embed-alice", undefined, { project: true }),
      signUp("embed-bob", undefined, { project: true }),
    ]);
    aliceSite = await connectSite(alice, "Alice's workshop");
    clocks = await publishOnWordPress(
      `Restoring antique pendulum clocks ${tag}`,
      "<p>Cleaning the escapement, oiling pivots and regulating the pendulum of an antique clock.</p>",
    );
    await publishOnWordPress(`Brewing kombucha at home ${tag}`, "<p>Scoby, sweet tea and a warm cupboard.</p>");
    await saveApiKeys(alice, { openaiKey: "sk-test-FIXTURE-not-a-real-key" });
    ok(await alice.client.from("profiles").update({ link_relevance: "embeddings" }).eq("id", alice.id).select("id"));
  });

  test("a sync embeds the index with the user's key; the owner sees the rows, nobody else", async () => {
    const { data, error } = await alice.client.functions.invoke<{ entryCount: number; embeddings: Pass }>("sync-site-content", {
      body: { siteId: aliceSite, mode: "full" },
    });
    expect(error).toBeNull();
    expect(data!.embeddings).toEqual({ model: "text-embedding-3-small", embedded: data!.entryCount, pending: 0 });

    const { count } = await alice.client.from("site_content_embeddings").select("content_id", { count: "exact", head: true });
    expect(count).toBe(data!.entryCount);
    expectRefusedOrEmpty(await bob.client.from("site_content_embeddings").select("content_id"));
    expect((await anonClient().from("site_content_embeddings").select("content_id")).error?.message).toMatch(/permission denied/);

    const again = await alice.client.functions.invoke<{ embeddings: Pass }>("sync-site-content", { body: { mode: "embed" } });
    expect(again.error).toBeNull();
    expect(again.data!.embeddings).toEqual({ model: "text-embedding-3-small", embedded: 0, pending: 0 });
  });

  test("the RPC ranks the owner's entries by vector, the expected one first; another user gets none of them", async () => {
    const query = await embedding(`Repairing an antique pendulum clock ${tag}`);
    const ranked = ok(
      await alice.client.rpc("internal_link_targets_by_embedding", {
        query_embedding: query,
        embedding_model: "text-embedding-3-small",
        max_results: 3,
      }),
    ) as Target[];
    expect(ranked[0].url).toBe(clocks.link);

    const bobs = ok(
      await bob.client.rpc("internal_link_targets_by_embedding", {
        query_embedding: query,
        embedding_model: "text-embedding-3-small",
        for_user_id: alice.id,
      }),
    );
    expect(bobs).toEqual([]);
    expect((await anonClient().rpc("internal_link_targets_by_embedding", { query_embedding: query, embedding_model: "m" })).error)
      .not.toBeNull();
  });

  test("the editor's link-targets ranks by embeddings; with a refused key it falls back to full text and says why", async () => {
    const body = { focus: `Repairing an antique pendulum clock ${tag}`, body: "<p>The escapement needs oiling.</p>", limit: 5 };
    const ranked = await alice.client.functions.invoke<Ranked>("link-targets", { body });
    expect(ranked.error).toBeNull();
    expect(ranked.data!.relevance).toBe("embeddings");
    expect(ranked.data!.targets[0].url).toBe(clocks.link);

    const bobs = await bob.client.functions.invoke<Ranked>("link-targets", { body });
    expect(bobs.data).toEqual({ targets: [], relevance: "full_text" });

    await saveApiKeys(alice, { openaiKey: "sk-wrong-FIXTURE-not-a-real-key" });
    const fallback = await alice.client.functions.invoke<Ranked>("link-targets", { body });
    expect(fallback.data!.relevance).toBe("full_text");
    expect(fallback.data!.fallback).toBe(
      "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys. Links are ranked by full text meanwhile.",
    );
    expect(fallback.data!.targets[0].url).toBe(clocks.link);

    // A sync with the refused key still succeeds, and says why nothing was embedded.
    await publishOnWordPress(`Sharpening chisels ${tag}`, "<p>Whetstones and a honing guide.</p>");
    const synced = await alice.client.functions.invoke<{ embeddings: Pass }>("sync-site-content", { body: { siteId: aliceSite } });
    expect(synced.error).toBeNull();
    expect(synced.data!.embeddings).toMatchObject({ embedded: 0, error: "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys." });
    expect(synced.data!.embeddings.pending).toBeGreaterThanOrEqual(1);
  });
});
