import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, test, vi } from "vitest";
import {
  getArticleRevision,
  listArticleRevisions,
  restoreArticleRevision,
  type RevisionSummary,
} from "../../web/src/features/editor/data/articleRevisions.ts";
import {
  ArticleConflictError,
  createArticle,
  getArticle,
  updateArticle,
  type ArticleChanges,
} from "../../web/src/features/articles/data/articles.ts";
import { anonClient, expectError, expectRefusedOrEmpty, ok, serviceClient, signUp, type TestUser } from "./support.ts";

/**
 * Article revisions under RLS with the real supabase-js: the web app's own
 * data functions (web/src/features/articles/data/articles.ts and articleRevisions.ts) signed
 * in as alice and as bob, saving through the real save-article function on
 * the project URL (the functions runtime in front of this backend), and the
 * table read and written directly as alice, bob and anon.
 */

const state = vi.hoisted(() => ({ client: null as SupabaseClient | null }));
vi.mock("../../web/src/backend/supabase.ts", () => ({
  get supabase() {
    if (!state.client) throw new Error("no client signed in for this test");
    return state.client;
  },
}));

let alice: TestUser;
let bob: TestUser;

/** The data functions below run as `user`. */
const as = (user: TestUser) => {
  state.client = user.client;
};

const NEW_ARTICLE = {
  title: "Composting at home",
  content: "<p>Compost feeds the soil.</p>",
  excerpt: "A short guide",
  metaDescription: "",
  focusKeyword: "compost",
  slug: "composting",
  categories: ["Garden"],
  tags: ["soil"],
  assistantId: null,
};

const changes = (overrides: Partial<ArticleChanges> = {}): ArticleChanges => ({
  title: NEW_ARTICLE.title,
  content: NEW_ARTICLE.content,
  excerpt: NEW_ARTICLE.excerpt,
  status: "draft",
  metaDescription: "",
  focusKeyword: "compost",
  slug: "composting",
  categories: ["Garden"],
  tags: ["soil"],
  scheduledFor: null,
  scheduledSiteIds: [],
  ...overrides,
});

const sources = (revisions: RevisionSummary[]) => revisions.map((revision) => revision.source);

/** Saves over the article's current version (a form opened just now). */
async function save(articleId: string, overrides: Partial<ArticleChanges> = {}) {
  const article = await getArticle(articleId);
  return await updateArticle(articleId, article!.version, changes(overrides));
}

/** The article's version, read with the secret key. */
async function versionOf(articleId: string): Promise<number> {
  return ok(await serviceClient().from("articles").select("version").eq("id", articleId).single()).version;
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    signUp("revisions-alice", undefined, { project: true }),
    signUp("revisions-bob", undefined, { project: true }),
  ]);
});

describe("every save keeps a revision, written by save-article only", () => {
  let articleId: string;
  let bobsArticleId: string;

  test("a new article made from an AI draft starts with the draft (ai), then the text saved (manual)", async () => {
    as(alice);
    ({ id: articleId } = await createArticle({
      ...NEW_ARTICLE,
      generatedDraft: {
        ...NEW_ARTICLE,
        title: "Composting",
        content: '<p>Compost <img src="x" onerror="alert(1)">feeds soil.</p><script>alert(1)</script>',
        excerpt: "",
      },
    }));
    const revisions = await listArticleRevisions(articleId);
    expect(sources(revisions)).toEqual(["manual", "ai"]);
    const draft = await getArticleRevision(articleId, revisions[1].id);
    expect(draft).toMatchObject({ title: "Composting", content: '<p>Compost <img src="x" />feeds soil.</p>', excerpt: "" });
    const saved = await getArticleRevision(articleId, revisions[0].id);
    expect(saved).toMatchObject({ title: "Composting at home", content: "<p>Compost feeds the soil.</p>" });
  });

  test("saving changed text adds a manual revision; so does a change of status (part of the revision); an unchanged save none", async () => {
    as(alice);
    await save(articleId, { content: "<p>Compost feeds the garden soil.</p>" });
    await save(articleId, { content: "<p>Compost feeds the garden soil.</p>", status: "published" });
    await save(articleId, { content: "<p>Compost feeds the garden soil.</p>", status: "published" });
    const revisions = await listArticleRevisions(articleId);
    expect(sources(revisions)).toEqual(["manual", "manual", "manual", "ai"]);
    expect(((await getArticleRevision(articleId, revisions[0].id))!.state)?.status).toBe("published");
    expect(revisions[0].createdAt.getTime()).toBeGreaterThanOrEqual(revisions[1].createdAt.getTime());
  });

  test("restore saves the revision's text as a new revision, keeping the status", async () => {
    as(alice);
    const aiDraft = (await listArticleRevisions(articleId)).find((revision) => revision.source === "ai")!;
    const restored = await restoreArticleRevision(articleId, aiDraft.id);
    expect([restored.title, restored.content, restored.status]).toEqual([
      "Composting",
      '<p>Compost <img src="x" />feeds soil.</p>',
      "published",
    ]);
    // The draft had no excerpt: the article keeps its own.
    expect(restored.excerpt).toBe("A short guide");
    const revisions = await listArticleRevisions(articleId);
    expect(sources(revisions)).toEqual(["restore", "manual", "manual", "manual", "ai"]);
    expect(revisions[0].restoredFrom).toBe(aiDraft.id);
    expect((await getArticle(articleId))?.title).toBe("Composting");
  });

  test("bob sees none of alice's revisions and cannot restore one into his article or hers", async () => {
    as(bob);
    bobsArticleId = (await createArticle({ ...NEW_ARTICLE, title: "Bob's notes" })).id;
    expect(await listArticleRevisions(articleId)).toEqual([]);

    as(alice);
    const [newest] = await listArticleRevisions(articleId);
    as(bob);
    expect(await getArticleRevision(articleId, newest.id)).toBeNull();
    await expect(restoreArticleRevision(articleId, newest.id)).rejects.toThrow(/not found/);
    // Straight to save-article: a revision of alice's article into bob's.
    const { error } = await bob.client.functions.invoke("save-article", {
      body: { ...NEW_ARTICLE, id: bobsArticleId, expectedVersion: await versionOf(bobsArticleId), restoredFrom: newest.id },
    });
    const response = (error as { context?: Response } | null)?.context;
    expect(response?.status).toBe(400);
    expect(await response?.json()).toMatchObject({ error: "restoredFrom: Revision not found" });
    const bobs = ok(await serviceClient().from("articles").select("title").eq("id", bobsArticleId).single());
    expect(bobs.title).toBe("Bob's notes");
    expect(sources(await listArticleRevisions(bobsArticleId))).toEqual(["manual"]);
  });

  test("alice cannot restore bob's revision into her article", async () => {
    as(bob);
    const [bobsRevision] = await listArticleRevisions(bobsArticleId);
    const { error } = await alice.client.functions.invoke("save-article", {
      body: { ...NEW_ARTICLE, id: articleId, expectedVersion: await versionOf(articleId), restoredFrom: bobsRevision.id },
    });
    expect((error as { context?: Response } | null)?.context?.status).toBe(400);
    const alices = ok(await serviceClient().from("articles").select("title").eq("id", articleId).single());
    expect(alices.title).toBe("Composting");
  });

  test("nobody writes revisions through the API: not the owner, not another user, not anon", async () => {
    const forged = { article_id: articleId, user_id: alice.id, source: "ai", title: "Forged", content: "<script>x</script>" };
    expectError(await alice.client.from("article_revisions").insert(forged).select());
    expectError(await bob.client.from("article_revisions").insert({ ...forged, user_id: bob.id }).select());
    expectError(await anonClient().from("article_revisions").insert(forged).select());
    expectRefusedOrEmpty(await alice.client.from("article_revisions").update({ title: "Edited" }).eq("article_id", articleId).select());
    expectRefusedOrEmpty(await alice.client.from("article_revisions").delete().eq("article_id", articleId).select());
    expectRefusedOrEmpty(await bob.client.from("article_revisions").delete().eq("article_id", articleId).select());
    expectError(
      await alice.client.rpc("save_article", { p_user_id: alice.id, p_article: { title: "Raw", content: "<script>x</script>" } }),
    );
    const kept = ok(await serviceClient().from("article_revisions").select("title, source").eq("article_id", articleId).order("id"));
    expect(kept.map((row) => row.source)).toEqual(["ai", "manual", "manual", "manual", "restore"]);
    expect(kept.some((row) => row.title === "Forged" || row.title === "Edited")).toBe(false);
  });

  test("anon reads no revision", async () => {
    const result = await anonClient().from("article_revisions").select("id").eq("article_id", articleId);
    expectRefusedOrEmpty(result);
  });

  test("only the newest 50 revisions of an article are kept", async () => {
    as(alice);
    for (let n = 1; n <= 52; n++) {
      await save(articleId, { title: `Save ${n}`, content: `<p>Save ${n}</p>` });
    }
    const revisions = await listArticleRevisions(articleId);
    expect(revisions).toHaveLength(50);
    expect([revisions[0].title, revisions[49].title]).toEqual(["Save 52", "Save 3"]);
    const { count } = await serviceClient()
      .from("article_revisions")
      .select("id", { count: "exact", head: true })
      .eq("article_id", articleId);
    expect(count).toBe(50);
  });

  test("deleting the article deletes its revisions", async () => {
    const { error } = await alice.client.from("articles").delete().eq("id", articleId);
    expect(error).toBeNull();
    const { count } = await serviceClient()
      .from("article_revisions")
      .select("id", { count: "exact", head: true })
      .eq("article_id", articleId);
    expect(count).toBe(0);
  });
});

describe("no silent overwrites: saves carry their version", () => {
  let siteId: string;

  beforeAll(async () => {
    // A connected site to schedule onto (sites are written by wordpress-connect; arranged here with the secret key).
    siteId = ok(
      await serviceClient()
        .from("wordpress_sites")
        .insert({ user_id: alice.id, name: "Alice's blog", site_url: "https://alice.example", username: "alice", base_url: "https://alice.example/wp-json/" })
        .select("id")
        .single(),
    ).id;
  });

  test("two tabs save from the same version: the second is refused with what the first saved, and changes nothing", async () => {
    as(alice);
    const { id: articleId } = await createArticle({ ...NEW_ARTICLE, title: "Two tabs" });
    const opened = (await getArticle(articleId))!;
    const first = await updateArticle(articleId, opened.version, changes({ title: "Saved in the first tab" }));
    expect(first.version).toBe(opened.version + 1);

    const refusal = await updateArticle(articleId, opened.version, changes({ title: "Saved in the second tab" })).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ArticleConflictError);
    expect((refusal as ArticleConflictError).current).toMatchObject({ title: "Saved in the first tab", version: first.version });
    expect((await getArticle(articleId))!.title).toBe("Saved in the first tab");
    expect(sources(await listArticleRevisions(articleId))).toEqual(["manual", "manual"]);
  });

  test("a stale form does not undo a drip schedule applied meanwhile", async () => {
    as(alice);
    const { id: articleId } = await createArticle({ ...NEW_ARTICLE, title: "Dripped" });
    const opened = (await getArticle(articleId))!;
    // The drip rule schedules it while the editor is open.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    ok(
      await alice.client.rpc("apply_drip_schedule", {
        p_article_ids: [articleId],
        p_start_date: tomorrow,
        p_per_period: 1,
        p_period: "day",
        p_window_start: "09:00",
        p_window_end: "10:00",
        p_time_zone: "Europe/Berlin",
        p_site_ids: [siteId],
        p_post_status: "publish",
      }),
    );
    const dripped = (await getArticle(articleId))!;
    expect(dripped.status).toBe("scheduled");

    // The stale form (a draft when it was opened) saves its text.
    const refusal = await updateArticle(articleId, opened.version, changes({ title: "Dripped, retitled" })).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ArticleConflictError);
    expect(await getArticle(articleId)).toMatchObject({
      status: "scheduled",
      scheduledFor: dripped.scheduledFor,
      scheduledSiteIds: [siteId],
      title: "Dripped",
    });

    // Saved again over the current version with the schedule kept (what "Save mine over theirs" sends).
    const current = (refusal as ArticleConflictError).current;
    const saved = await updateArticle(articleId, current.version, changes({
      title: "Dripped, retitled",
      status: "scheduled",
      scheduledFor: current.scheduledFor,
      scheduledSiteIds: current.scheduledSiteIds,
    }));
    expect(saved).toMatchObject({ title: "Dripped, retitled", status: "scheduled", scheduledSiteIds: [siteId] });
    expect(saved.scheduledFor?.getTime()).toBe(dripped.scheduledFor?.getTime());
  });

  test("revisions keep status and schedule, and restoring one brings them back", async () => {
    as(alice);
    const { id: articleId } = await createArticle({ ...NEW_ARTICLE, title: "Scheduled once" });
    const when = new Date(Date.now() + 2 * 86_400_000);
    await save(articleId, { title: "Scheduled once", status: "scheduled", scheduledFor: when, scheduledSiteIds: [siteId] });
    const [scheduledRevision] = await listArticleRevisions(articleId);
    expect((await getArticleRevision(articleId, scheduledRevision.id))!.state).toMatchObject({
      status: "scheduled",
      scheduledSiteIds: [siteId],
      scheduledPostStatus: "publish",
    });
    await save(articleId, { title: "Unscheduled", status: "draft" });
    expect(await getArticle(articleId)).toMatchObject({ status: "draft", scheduledFor: null, scheduledSiteIds: [] });

    const restored = await restoreArticleRevision(articleId, scheduledRevision.id);
    expect(restored).toMatchObject({ title: "Scheduled once", status: "scheduled", scheduledSiteIds: [siteId] });
    expect(restored.scheduledFor?.getTime()).toBe(when.getTime());
  });
});

describe("the article's language, stored by save-article", () => {
  test("a new article keeps its language; an update changes it only when it names one; an unknown tag is refused", async () => {
    as(alice);
    const created = await createArticle({ ...NEW_ARTICLE, title: "Compostaje en casa", locale: "es-MX" });
    expect(created.locale).toBe("es-MX");
    expect((await getArticle(created.id))!.locale).toBe("es-MX");
    expect(ok(await serviceClient().from("articles").select("locale").eq("id", created.id).single()).locale).toBe("es-MX");

    await save(created.id, { title: "Compostaje en casa (2027)" });
    expect((await getArticle(created.id))!.locale).toBe("es-MX");
    const changed = await save(created.id, { locale: "pt-BR" });
    expect(changed.locale).toBe("pt-BR");
    expect((await getArticle(created.id))!.locale).toBe("pt-BR");

    const refusal = await save(created.id, { locale: "xx-YY" }).catch((error: unknown) => error);
    expect((refusal as Error).message).toBe("locale: Choose one of the languages offered");
    expect((await getArticle(created.id))!.locale).toBe("pt-BR");
  });
});
