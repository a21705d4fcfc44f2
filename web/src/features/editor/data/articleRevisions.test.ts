import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getArticleRevision, listArticleRevisions, restoreArticleRevision } from "./articleRevisions";
import { createArticle } from "../../articles/data/articles";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), functions: { invoke: vi.fn() } } }));

type Result = { data?: unknown; error: { message: string } | null };

/** A chainable stand-in for a PostgREST query that records its calls, answering `result`. */
function answer(result: Result) {
  const calls: unknown[][] = [];
  const builder: Record<string, unknown> = {
    then: (resolve: (value: Result) => unknown) => Promise.resolve(result).then(resolve),
  };
  for (const method of ["select", "eq", "order", "limit", "maybeSingle"]) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  vi.mocked(supabase.from).mockReturnValueOnce(builder as never);
  return calls;
}

const ARTICLE_ID = "0b5c6f5e-8f7a-4c1e-9a55-2f1a4d3b7c11";

const REVISION_ROW = {
  id: 41,
  source: "ai",
  restored_from: null,
  created_at: "2026-11-27 09:15:00.5+00",
  title: "Composting",
  content: "<p>Old</p>",
  excerpt: "",
  meta_description: null,
  focus_keyword: "compost",
  slug: null,
  categories: ["Garden"],
  tags: ["soil"],
};

const ARTICLE_ROW = {
  id: ARTICLE_ID,
  title: "Composting, now",
  content: "<p>New</p>",
  excerpt: "Current excerpt",
  status: "scheduled",
  featured_image_url: "https://img.example/a.png",
  meta_description: "Now",
  focus_keyword: "compost",
  slug: "now",
  categories: ["Garden"],
  tags: ["soil"],
  assistant_id: null,
  scheduled_for: "2030-01-01 08:00:00+00",
  scheduled_site_ids: ["50000000-0000-4000-8000-000000000001"],
  created_at: "2026-11-22 13:57:40.852+00",
};

beforeEach(() => {
  vi.mocked(supabase.from).mockReset();
  vi.mocked(supabase.functions.invoke).mockReset();
});

describe("listArticleRevisions", () => {
  it("asks for the article's newest 50 revisions without their text", async () => {
    const calls = answer({ data: [{ ...REVISION_ROW, source: "restore", restored_from: 40 }], error: null });
    const revisions = await listArticleRevisions(ARTICLE_ID);
    expect(supabase.from).toHaveBeenCalledWith("article_revisions");
    expect(calls).toEqual([
      ["select", "id, source, restored_from, created_at, title"],
      ["eq", "article_id", ARTICLE_ID],
      ["order", "id", { ascending: false }],
      ["limit", 50],
    ]);
    expect(revisions).toEqual([
      { id: 41, source: "restore", restoredFrom: 40, createdAt: new Date("2026-11-27T09:15:00.500Z"), title: "Composting" },
    ]);
  });

  it("throws the database's message", async () => {
    answer({ data: null, error: { message: "permission denied for table article_revisions" } });
    await expect(listArticleRevisions(ARTICLE_ID)).rejects.toThrow("permission denied for table article_revisions");
  });
});

describe("getArticleRevision", () => {
  it("reads one revision of the article with its text, optional text as empty", async () => {
    const calls = answer({ data: REVISION_ROW, error: null });
    expect(await getArticleRevision(ARTICLE_ID, 41)).toEqual({
      id: 41,
      source: "ai",
      restoredFrom: null,
      createdAt: new Date("2026-11-27T09:15:00.500Z"),
      title: "Composting",
      content: "<p>Old</p>",
      excerpt: "",
      metaDescription: "",
      focusKeyword: "compost",
      slug: "",
      categories: ["Garden"],
      tags: ["soil"],
      state: null,
    });
    expect(calls).toContainEqual(["eq", "article_id", ARTICLE_ID]);
    expect(calls).toContainEqual(["eq", "id", 41]);
  });

  it("is null when there is no such revision for the user", async () => {
    answer({ data: null, error: null });
    expect(await getArticleRevision(ARTICLE_ID, 41)).toBeNull();
  });
});

describe("restoreArticleRevision", () => {
  it("saves the revision's text through save-article as a restore, keeping status, schedule and a missing excerpt", async () => {
    answer({ data: REVISION_ROW, error: null });
    answer({ data: ARTICLE_ROW, error: null });
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce({
      data: { article: { ...ARTICLE_ROW, title: "Composting", content: "<p>Old</p>" } },
      error: null,
    } as never);
    const restored = await restoreArticleRevision(ARTICLE_ID, 41);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("save-article", {
      body: {
        id: ARTICLE_ID,
        restoredFrom: 41,
        title: "Composting",
        content: "<p>Old</p>",
        excerpt: "Current excerpt",
        metaDescription: "",
        focusKeyword: "compost",
        slug: "",
        categories: ["Garden"],
        tags: ["soil"],
        status: "scheduled",
        scheduledFor: "2030-01-01T08:00:00.000Z",
        scheduledSiteIds: ["50000000-0000-4000-8000-000000000001"],
      },
    });
    expect([restored.title, restored.content, restored.status]).toEqual(["Composting", "<p>Old</p>", "scheduled"]);
  });

  it("says which is gone, and saves nothing, when the revision or the article no longer exists", async () => {
    answer({ data: null, error: null });
    answer({ data: ARTICLE_ROW, error: null });
    await expect(restoreArticleRevision(ARTICLE_ID, 41)).rejects.toThrow("Revision not found");
    answer({ data: REVISION_ROW, error: null });
    answer({ data: null, error: null });
    await expect(restoreArticleRevision(ARTICLE_ID, 41)).rejects.toThrow("Article not found");
    expect(supabase.functions.invoke).not.toHaveBeenCalled();
  });

  it("throws save-article's message", async () => {
    answer({ data: REVISION_ROW, error: null });
    answer({ data: ARTICLE_ROW, error: null });
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce({
      data: null,
      error: new FunctionsHttpError(
        new Response(JSON.stringify({ error: "restoredFrom: Revision not found" }), { status: 400 }),
      ),
    } as never);
    await expect(restoreArticleRevision(ARTICLE_ID, 41)).rejects.toThrow("restoredFrom: Revision not found");
  });
});

describe("createArticle after an AI draft", () => {
  const NEW = {
    title: "T",
    content: "<p>C</p>",
    excerpt: "E",
    metaDescription: "",
    focusKeyword: "",
    slug: "t",
    categories: ["Guides"],
    tags: ["a"],
    assistantId: null,
  };
  const DRAFT = { ...NEW, title: "AI title", excerpt: "" };

  it("sends the draft along, for save-article to keep as an ai revision", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { article: ARTICLE_ROW }, error: null } as never);
    await createArticle({ ...NEW, generatedDraft: DRAFT });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("save-article", { body: { ...NEW, generatedDraft: DRAFT } });
  });

  it("leaves out a draft that breaks one of the article's limits, rather than failing the save", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { article: ARTICLE_ROW }, error: null } as never);
    for (const broken of [
      { title: "t".repeat(501) },
      { content: " " },
      { tags: Array.from({ length: 51 }, (_, index) => `t${index}`) },
      { categories: ["c".repeat(101)] },
      { metaDescription: "m".repeat(321) },
    ]) {
      vi.mocked(supabase.functions.invoke).mockClear();
      await createArticle({ ...NEW, generatedDraft: { ...DRAFT, ...broken } });
      expect(supabase.functions.invoke).toHaveBeenCalledWith("save-article", { body: NEW });
    }
  });
});
