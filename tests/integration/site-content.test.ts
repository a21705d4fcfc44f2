import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, expectRefusedOrEmpty, functionsStack, ok, serviceClient, signUp, type TestUser } from "./support.ts";
import { connectSite, createArticle, functionError } from "./wordpress-support.ts";

/**
 * The content index for real: signed-in users call sync-site-content with
 * the real supabase-js through the local functions runtime; the function
 * reads the fake WordPress of the functions stack over HTTP (pages of posts,
 * modified_after) and records the entries with record_site_content_sync() in
 * the local backend; the users read their index under RLS and rank it with
 * internal_link_targets(). Publishing adds the article to the index and warns
 * about internal links the index does not know.
 */

type SyncResult = { mode: string; upserted: number; removed: number; entryCount: number; truncated: boolean };
type Entry = { url: string; title: string; tags: string[]; article_id: string | null };

const wordpress = () => functionsStack().wordpress;
const basicAuth = () => `Basic ${Buffer.from(`${wordpress().username}:${wordpress().applicationPassword}`).toString("base64")}`;

/** Publishes a post on the fake WordPress as its editor would; returns its id and link. */
async function publishOnWordPress(title: string, content: string): Promise<{ id: number; link: string }> {
  const response = await fetch(`${wordpress().restRoot}wp/v2/posts`, {
    method: "POST",
    headers: { authorization: basicAuth(), "content-type": "application/json" },
    body: JSON.stringify({ title, content, status: "publish" }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; link: string };
}

async function trashOnWordPress(id: number): Promise<void> {
  const response = await fetch(`${wordpress().restRoot}wp/v2/posts/${id}`, {
    method: "POST",
    headers: { authorization: basicAuth(), "content-type": "application/json" },
    body: JSON.stringify({ status: "trash" }),
  });
  expect(response.status).toBe(200);
}

describe("the content index through sync-site-content", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceSite: string;
  let kelp: { id: number; link: string };
  let lavender: { id: number; link: string };
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("links-alice", undefined, { project: true }),
      signUp("links-bob", undefined, { project: true }),
    ]);
    aliceSite = await connectSite(alice, "Alice's seaside garden");
    kelp = await publishOnWordPress(
      `Feeding tomatoes with kelp fertiliser ${tag}`,
      "<p>Seaweed feed, rinsed kelp and liquid fertiliser for hungry tomatoes.</p>",
    );
    lavender = await publishOnWordPress(
      `Pruning lavender hedges ${tag}`,
      "<p>Cut lavender after flowering, never into old wood.</p>",
    );
  });

  test("a sync indexes the site's published posts for their owner only", async () => {
    const { data, error } = await alice.client.functions.invoke<SyncResult>("sync-site-content", {
      body: { siteId: aliceSite },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ mode: "full", removed: 0, truncated: false });
    expect(data!.entryCount).toBeGreaterThanOrEqual(2);

    const entries = ok(await alice.client.from("site_content").select("url, title, tags, article_id").like("title", `%${tag}`));
    expect((entries as Entry[]).map((entry) => entry.url).sort()).toEqual([kelp.link, lavender.link].sort());
    const syncs = ok(await alice.client.from("site_content_syncs").select("site_id, entry_count, last_error"));
    expect(syncs).toEqual([{ site_id: aliceSite, entry_count: data!.entryCount, last_error: null }]);

    expectRefusedOrEmpty(await bob.client.from("site_content").select("url").eq("site_id", aliceSite));
    expectRefusedOrEmpty(await bob.client.from("site_content_syncs").select("site_id"));
    const anon = await anonClient().from("site_content").select("url");
    expect(anon.error?.message).toMatch(/permission denied/);
  });

  test("another user's site is not found, and WordPress is not asked", async () => {
    const requests = async () => ((await (await fetch(`${functionsStack().controlUrl}/wordpress/requests`)).json()) as unknown[]).length;
    const before = await requests();
    const { error } = await bob.client.functions.invoke("sync-site-content", { body: { siteId: aliceSite } });
    expect(await functionError(error)).toEqual({ status: 404, body: { error: "Selected site not found", field: "siteId" } });
    expect(await requests()).toBe(before);
  });

  test("the ranking finds the owner's most relevant post; another user gets none of hers", async () => {
    const ranked = ok(
      await alice.client.rpc("internal_link_targets", {
        focus: "Growing tomatoes by the sea",
        body: "Our tomatoes love kelp fertiliser and seaweed feed.",
        max_results: 3,
      }),
    ) as Entry[];
    expect(ranked[0].url).toBe(kelp.link);

    const bobs = ok(
      await bob.client.rpc("internal_link_targets", { focus: "kelp fertiliser tomatoes", for_user_id: alice.id }),
    ) as Entry[];
    expect(bobs).toEqual([]);
    const anon = await anonClient().rpc("internal_link_targets", { focus: "kelp" });
    expect(anon.error).not.toBeNull();
  });

  test("an incremental sync brings changes and removes what was trashed", async () => {
    const added = await publishOnWordPress(`Mulching with seaweed ${tag}`, "<p>Seaweed mulch keeps slugs away.</p>");
    await trashOnWordPress(lavender.id);

    const { data, error } = await alice.client.functions.invoke<SyncResult>("sync-site-content", {
      body: { siteId: aliceSite },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ mode: "incremental", removed: 1 });

    const entries = ok(await alice.client.from("site_content").select("url").like("title", `%${tag}`));
    expect((entries as Entry[]).map((entry) => entry.url).sort()).toEqual([kelp.link, added.link].sort());
  });

  test("publishing indexes the article and warns about internal links the index does not know", async () => {
    const article = await createArticle(alice);
    const missing = `${wordpress().origin}/no-such-post-${tag}/`;
    ok(
      await serviceClient()
        .from("articles")
        .update({
          content: `<p>Feed with <a href="${kelp.link}">kelp</a>, see <a href="${missing}">this</a> and ` +
            `<a href="https://elsewhere.example/">elsewhere</a>.</p>`,
        })
        .eq("id", article.id),
    );
    const { data, error } = await alice.client.functions.invoke<{ warnings: string[]; link: string }>(
      "publish-article",
      { body: { articleId: article.id, siteId: aliceSite, status: "publish" } },
    );
    expect(error).toBeNull();
    expect(data!.warnings).toEqual([
      `The link to ${missing} points at this site but at no post or page in its content index. ` +
      "Check it, or refresh the site's content on the WordPress Sites page if the post is new.",
    ]);

    const indexed = ok(await alice.client.from("site_content").select("url, title, article_id").eq("article_id", article.id));
    expect(indexed).toEqual([{ url: data!.link, title: article.title, article_id: article.id }]);
  });
});
