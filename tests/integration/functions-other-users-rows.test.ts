import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { functionsStack, ok, serviceClient, saveApiKeys, signUp, type TestUser } from "./support.ts";
import { connectSite, functionError, wordpressRequestCount } from "./wordpress-support.ts";

/**
 * Functions act as their caller: every function that takes the id of a row
 * (an article, a site, a batch, an assistant, a revision) is handed alice's
 * ids by bob, with the real supabase-js through the local functions runtime.
 * Each refuses as if the row did not exist (404, or 400 naming the field),
 * reaches no outside service, and alice's row is read back with the secret
 * key exactly as it was. Alice's own call with the same ids succeeds where
 * that is cheap to show, so the refusal is about whose row it is.
 *
 * generate-image, ghost-connect, keywords and seo-analysis take no row id.
 * edit-selection takes an article's id only to read its language.
 */

type Invoked = { status: number; body: Record<string, unknown> };

async function invoke(user: TestUser, name: string, body: Record<string, unknown>): Promise<Invoked> {
  const { data, error } = await user.client.functions.invoke(name, { body });
  if (error) return await functionError(error);
  return { status: 200, body: data as Record<string, unknown> };
}

async function openAIRequestCount(): Promise<number> {
  return ((await (await fetch(`${functionsStack().controlUrl}/openai/requests`)).json()) as unknown[]).length;
}

/** A row as the secret key sees it (null when there is none). */
async function row(table: string, id: string, key = "id"): Promise<Record<string, unknown> | null> {
  return ok(await serviceClient().from(table).select("*").eq(key, id).maybeSingle()) ?? null;
}

const articleBody = (fields: Record<string, unknown> = {}) => ({
  title: "Mulching in autumn",
  content: "<p>Leaves make the best mulch.</p>",
  excerpt: "Why leaves make the best mulch.",
  ...fields,
});

describe("functions refuse another user's rows, even when handed their ids", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceSite: string;
  let bobSite: string;
  let aliceArticle: string;
  let aliceRevision: number;
  let aliceAssistant: string;
  let bobAssistant: string;
  let aliceBatch: string;
  let aliceJob: string;
  let bobArticle: string;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("own-rows-alice", undefined, { project: true }),
      signUp("own-rows-bob", undefined, { project: true }),
    ]);
    [aliceSite, bobSite] = await Promise.all([connectSite(alice, "Alice's orchard"), connectSite(bob, "Bob's allotment")]);
    // Both have an OpenAI key, so the AI functions get as far as the ids.
    await saveApiKeys(alice, { openaiKey: "sk-FIXTURE-alice-openai" });
    await saveApiKeys(bob, { openaiKey: "sk-FIXTURE-bob-openai" });
    [aliceAssistant, bobAssistant] = await Promise.all(
      [alice, bob].map(async (user) => ok(await user.client.from("assistants").select("id").limit(1).single()).id),
    );

    const saved = await invoke(alice, "save-article", articleBody({ assistantId: aliceAssistant }));
    expect(saved.status).toBe(200);
    aliceArticle = (saved.body.article as { id: string }).id;
    aliceRevision = ok(await serviceClient().from("article_revisions").select("id").eq("article_id", aliceArticle).single()).id;
    const bobSaved = await invoke(bob, "save-article", articleBody({ title: "Bob's beans" }));
    expect(bobSaved.status).toBe(200);
    bobArticle = (bobSaved.body.article as { id: string }).id;

    // A batch of alice's with a failed job, written as draft-batches and the
    // worker would have left it (nothing queued: the worker is not involved).
    const service = serviceClient();
    aliceBatch = ok(
      await service.from("draft_batches")
        .insert({ user_id: alice.id, name: "Autumn jobs", assistant_id: aliceAssistant, target_site_ids: [aliceSite] })
        .select("id").single(),
    ).id;
    aliceJob = ok(
      await service.from("draft_jobs")
        .insert({
          batch_id: aliceBatch,
          user_id: alice.id,
          position: 0,
          idea: "Raking leaves",
          status: "failed",
          attempts: 4,
          last_error: "The provider was down",
          finished_at: new Date().toISOString(),
        })
        .select("id").single(),
    ).id;

    // An entry of alice's content index, as a sync would have written it.
    ok(
      await service.from("site_content").insert({
        user_id: alice.id,
        site_id: aliceSite,
        remote_type: "post",
        remote_id: 900_001,
        url: `https://orchard.example/quince-jelly-${tag}/`,
        title: `Quince jelly ${tag}`,
        excerpt: "Quinces, sugar and patience.",
        modified_at: new Date().toISOString(),
      }),
    );
  });

  test("save-article: alice's article is not found; her assistant, revision and site are refused; nothing changes", async () => {
    const before = await row("articles", aliceArticle);
    const bobsBefore = await row("articles", bobArticle);

    // Whatever version bob names, alice's article is not found (never a conflict that would show it).
    expect(await invoke(bob, "save-article", articleBody({ id: aliceArticle, expectedVersion: 1, title: "Mallory was here" }))).toEqual({
      status: 404,
      body: { error: "Article not found", field: "id" },
    });
    const bobsVersion = (bobsBefore as { version: number }).version;
    const withAssistant = await invoke(
      bob,
      "save-article",
      articleBody({ id: bobArticle, expectedVersion: bobsVersion, assistantId: aliceAssistant }),
    );
    expect(withAssistant).toMatchObject({ status: 400, body: { field: "assistantId" } });
    const restoring = await invoke(
      bob,
      "save-article",
      articleBody({ id: bobArticle, expectedVersion: bobsVersion, restoredFrom: aliceRevision }),
    );
    expect(restoring).toMatchObject({ status: 400, body: { field: "restoredFrom" } });
    // A schedule onto alice's site: not one of bob's sites, so refused (it would publish nowhere).
    const scheduling = await invoke(
      bob,
      "save-article",
      articleBody({
        id: bobArticle,
        expectedVersion: bobsVersion,
        status: "scheduled",
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
        scheduledSiteIds: [aliceSite],
      }),
    );
    expect(scheduling).toMatchObject({ status: 400, body: { field: "scheduledSiteIds" } });

    expect(await row("articles", aliceArticle)).toEqual(before);
    expect(await row("articles", bobArticle)).toEqual(bobsBefore);
    expect(ok(await serviceClient().from("article_revisions").select("id").eq("article_id", aliceArticle))).toHaveLength(1);
  });

  test("publish-article: alice's article or site is not found, and no site is asked", async () => {
    const requests = await wordpressRequestCount();
    const before = await row("articles", aliceArticle);

    expect(await invoke(bob, "publish-article", { articleId: aliceArticle, siteId: bobSite, status: "publish" })).toEqual({
      status: 404,
      body: { error: "Article not found", field: "articleId" },
    });
    expect(await invoke(bob, "publish-article", { articleId: bobArticle, siteId: aliceSite, status: "publish" })).toEqual({
      status: 404,
      body: { error: "Selected site not found", field: "siteId" },
    });

    expect(await wordpressRequestCount()).toBe(requests);
    expect(await row("articles", aliceArticle)).toEqual(before);
    expect(ok(await serviceClient().from("publications").select("id").in("article_id", [aliceArticle, bobArticle])))
      .toEqual([]);
  });

  test("generate-article: alice's assistant is not found, before the provider is called", async () => {
    const requests = await openAIRequestCount();
    const before = await row("assistants", aliceAssistant);
    expect(await invoke(bob, "generate-article", { idea: `Pressing apples ${tag}`, assistantId: aliceAssistant }))
      .toEqual({ status: 404, body: { error: "Assistant not found" } });
    expect(await openAIRequestCount()).toBe(requests);
    expect(await row("assistants", aliceAssistant)).toEqual(before);
  });

  test("draft-batches: alice's assistant, site and batch are refused; her batch and its job stay as they were", async () => {
    const batchBefore = await row("draft_batches", aliceBatch);
    const jobBefore = await row("draft_jobs", aliceJob);
    const bobsBatches = async () => ok(await serviceClient().from("draft_batches").select("id").eq("user_id", bob.id));

    const ideas = [{ idea: `Planting garlic ${tag}` }];
    expect(await invoke(bob, "draft-batches", { action: "create", assistantId: aliceAssistant, ideas })).toEqual({
      status: 404,
      body: { error: "Assistant not found", field: "assistantId" },
    });
    const withSite = await invoke(bob, "draft-batches", {
      action: "create",
      assistantId: bobAssistant,
      ideas,
      targetSiteIds: [bobSite, aliceSite],
    });
    expect(withSite).toMatchObject({ status: 400, body: { field: "targetSiteIds" } });
    for (const action of ["cancel", "retry-failed"]) {
      expect(await invoke(bob, "draft-batches", { action, batchId: aliceBatch }), action).toEqual({
        status: 404,
        body: { error: "Batch not found", field: "batchId" },
      });
    }

    expect(await bobsBatches()).toEqual([]);
    expect(await row("draft_batches", aliceBatch)).toEqual(batchBefore);
    expect(await row("draft_jobs", aliceJob)).toEqual(jobBefore);
  });

  test("wordpress-connect: alice's site cannot be edited; its row and password stay", async () => {
    const requests = await wordpressRequestCount();
    const siteBefore = await row("wordpress_sites", aliceSite);
    const credentialsBefore = await row("wordpress_site_credentials", aliceSite, "site_id");

    for (const changes of [{ name: "Mallory's" }, { name: "Mallory's", username: "mallory", application_password: "stolen pass" }]) {
      expect(await invoke(bob, "wordpress-connect", { action: "update", siteId: aliceSite, username: "admin", ...changes }))
        .toEqual({ status: 404, body: { error: "This site no longer exists. It may have been removed in another tab." } });
    }

    expect(await wordpressRequestCount()).toBe(requests);
    expect(await row("wordpress_sites", aliceSite)).toEqual(siteBefore);
    expect(await row("wordpress_site_credentials", aliceSite, "site_id")).toEqual(credentialsBefore);
  });

  test("sync-site-content: alice's site is not found, not asked, and its index and sync state stay", async () => {
    const requests = await wordpressRequestCount();
    const index = async () => ok(await serviceClient().from("site_content").select("*").eq("site_id", aliceSite).order("id"));
    const indexBefore = await index();
    const stateBefore = await row("site_content_syncs", aliceSite, "site_id");

    expect(await invoke(bob, "sync-site-content", { siteId: aliceSite, mode: "full" })).toEqual({
      status: 404,
      body: { error: "Selected site not found", field: "siteId" },
    });

    expect(await wordpressRequestCount()).toBe(requests);
    expect(await index()).toEqual(indexBefore);
    expect(await row("site_content_syncs", aliceSite, "site_id")).toEqual(stateBefore);
  });

  test("delete-article: alice's article is not found, no site is asked, and it stays with its publication", async () => {
    const service = serviceClient();
    const published = ok(
      await service.from("articles")
        .insert({ user_id: alice.id, title: "Quince paste", content: "<p>Slow.</p>", excerpt: "Slow.", status: "published" })
        .select("id").single(),
    ).id;
    ok(
      await service.from("publications").insert({
        user_id: alice.id,
        article_id: published,
        site_id: aliceSite,
        status: "publish",
        remote_status: "publish",
        remote_post_id: 900_002,
        published_at: new Date().toISOString(),
      }),
    );
    const requests = await wordpressRequestCount();
    const before = await row("articles", published);

    expect(await invoke(bob, "delete-article", { articleId: published })).toEqual({
      status: 404,
      body: { error: "Article not found", field: "articleId" },
    });

    expect(await wordpressRequestCount()).toBe(requests);
    expect(await row("articles", published)).toEqual(before);
    expect(await row("publications", published, "article_id")).toMatchObject({ remote_post_id: 900_002 });
  });

  test("edit-selection: alice's article is not found and no provider is asked; alice's own edit is in her article's language", async () => {
    const selection = { action: "rewrite", text: "<p>Leaves make the best mulch.</p>", articleId: aliceArticle };
    const requests = await openAIRequestCount();
    expect(await invoke(bob, "edit-selection", selection)).toEqual({ status: 404, body: { error: "Article not found" } });
    expect(await openAIRequestCount()).toBe(requests);

    // Read as the caller: alice's article has her language, and the prompt asks for it.
    ok(await serviceClient().from("articles").update({ locale: "de" }).eq("id", aliceArticle));
    const { data, error } = await alice.client.functions.invoke("edit-selection", { body: selection });
    expect(error).toBeNull();
    expect(await (data as Response).text()).toMatch(/event: done\ndata: \{"text":"<p>Put simply, leaves make the best mulch\.<\/p>"\}/);
    const all = (await (await fetch(`${functionsStack().controlUrl}/openai/requests`)).json()) as { lastUserMessage: string }[];
    expect(all.at(-1)!.lastUserMessage).toContain("Output language: Write the edited passage in German (de):");
  });

  test("section-image-prompts: alice's assistant is not found and no provider is asked; alice gets her assistant's image style", async () => {
    const request = { sections: [{ heading: "Raking leaves", text: "Rake them onto the beds." }], assistantId: aliceAssistant };
    const requests = await openAIRequestCount();
    expect(await invoke(bob, "section-image-prompts", request)).toEqual({ status: 404, body: { error: "Assistant not found" } });
    expect(await openAIRequestCount()).toBe(requests);

    ok(await serviceClient().from("assistants").update({ image_style: "line-art" }).eq("id", aliceAssistant));
    const alices = await invoke(alice, "section-image-prompts", request);
    expect(alices).toEqual({
      status: 200,
      body: {
        style: "line-art",
        images: [{ prompt: expect.stringContaining("raking leaves"), alt: "An illustration of raking leaves" }],
      },
    });
  });

  test("link-targets: naming alice's site finds none of her entries; alice finds them", async () => {
    const query = { focus: `Quince jelly ${tag}`, siteIds: [aliceSite] };
    const bobs = await invoke(bob, "link-targets", query);
    expect(bobs).toMatchObject({ status: 200, body: { targets: [], relevance: "full_text" } });
    const alices = await invoke(alice, "link-targets", query);
    expect(alices.status).toBe(200);
    expect((alices.body.targets as { title: string }[]).map((target) => target.title)).toEqual([`Quince jelly ${tag}`]);
  });
});
