import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  ArticleConflictError,
  createArticle,
  deleteArticle,
  deleteArticleWithRemotePosts,
  getArticle,
  RemoteRemovalError,
  listScheduleTargets,
  updateArticle,
  type ArticleChanges,
} from "./articles";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), functions: { invoke: vi.fn() } } }));

type Result = { data?: unknown; count?: number | null; error: { message: string } | null };

/** A chainable stand-in for a PostgREST query that records its calls. */
function query(result: Result) {
  const calls: unknown[][] = [];
  const builder: Record<string, unknown> = {
    then: (resolve: (value: Result) => unknown) => Promise.resolve(result).then(resolve),
  };
  for (const method of ["select", "eq", "order", "limit", "insert", "update", "delete", "single", "maybeSingle"]) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  builder.overrideTypes = () => builder;
  return { builder, calls };
}

function answer(result: Result) {
  const stub = query(result);
  vi.mocked(supabase.from).mockReturnValueOnce(stub.builder as never);
  return stub.calls;
}

const ID = "0b5c6f5e-8f7a-4c1e-9a55-2f1a4d3b7c11";

const ROW = {
  id: ID,
  title: "Composting",
  content: "<p>Hi</p>",
  excerpt: "About compost",
  status: "scheduled",
  featured_image_url: null,
  meta_description: null,
  focus_keyword: "compost",
  slug: null,
  categories: ["Garden"],
  tags: ["soil", "green"],
  assistant_id: null,
  scheduled_for: "2026-12-01 09:30:00+00",
  scheduled_site_ids: ["s1"],
  created_at: "2026-11-22 13:57:40.852+00",
  version: 3,
  locale: "es",
  // A bulk draft the language check read as English, not confirmed: held.
  language_mismatch: true,
  detected_locale: "en",
  language_confirmed_at: null,
};

beforeEach(() => {
  vi.mocked(supabase.from).mockReset();
  vi.mocked(supabase.functions.invoke).mockReset();
});

/** save-article answers with the saved row, or a function error with `body`. */
function saveAnswers(result: { row: typeof ROW } | { status: number; body: unknown }) {
  vi.mocked(supabase.functions.invoke).mockResolvedValueOnce(
    ("row" in result
      ? { data: { article: result.row }, error: null }
      : { data: null, error: new FunctionsHttpError(new Response(JSON.stringify(result.body), { status: result.status })) }) as never,
  );
}

describe("getArticle", () => {
  it("reads one article by id, mapping its row", async () => {
    const calls = answer({ data: ROW, error: null });
    const article = await getArticle(ID);
    expect(supabase.from).toHaveBeenCalledWith("articles");
    expect(calls).toContainEqual(["eq", "id", ID]);
    expect(calls).toContainEqual(["maybeSingle"]);
    expect(article).toEqual({
      id: ID,
      title: "Composting",
      content: "<p>Hi</p>",
      excerpt: "About compost",
      status: "scheduled",
      featuredImageUrl: null,
      metaDescription: "",
      focusKeyword: "compost",
      slug: "",
      categories: ["Garden"],
      tags: ["soil", "green"],
      assistantId: null,
      scheduledFor: new Date("2026-12-01T09:30:00Z"),
      scheduledSiteIds: ["s1"],
      createdAt: new Date("2026-11-22T13:57:40.852Z"),
      version: 3,
      locale: "es",
      languageFlag: { expected: "es", detected: "en" },
    });
    const confirmed = answer({ data: { ...ROW, language_confirmed_at: "2026-11-23 10:00:00+00" }, error: null });
    expect((await getArticle(ID))?.languageFlag, "a confirmed language holds nothing").toBeNull();
    expect(confirmed).toContainEqual(["maybeSingle"]);
  });

  it("throws the database's message", async () => {
    answer({ data: null, error: { message: "permission denied" } });
    await expect(getArticle(ID)).rejects.toThrow("permission denied");
  });

  it("gives null for a missing article, and for an id that cannot exist without asking", async () => {
    answer({ data: null, error: null });
    expect(await getArticle(ID)).toBeNull();
    expect(await getArticle("42")).toBeNull();
    expect(supabase.from).toHaveBeenCalledTimes(1);
  });
});

describe("createArticle", () => {
  const NEW = {
    title: "T",
    content: "<p>C</p>",
    excerpt: "E",
    metaDescription: "M",
    focusKeyword: "",
    slug: "t",
    categories: ["Guides"],
    tags: ["a", "b"],
    assistantId: "as-1",
  };

  it("saves through save-article (which sanitises the HTML), never the table, and returns the article as saved", async () => {
    saveAnswers({ row: ROW });
    expect(await createArticle(NEW)).toMatchObject({ id: ID, title: ROW.title, version: ROW.version });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("save-article", { body: NEW });
    expect(supabase.from).not.toHaveBeenCalled();
  });

  it("throws the function's message, e.g. a size limit", async () => {
    saveAnswers({ status: 400, body: { error: "title: Title must be at most 500 characters", field: "title" } });
    await expect(createArticle(NEW)).rejects.toThrow("title: Title must be at most 500 characters");
  });
});

describe("updateArticle", () => {
  const CHANGES: ArticleChanges = {
    title: "T",
    content: "C",
    excerpt: "E",
    status: "scheduled",
    metaDescription: "",
    focusKeyword: "k",
    slug: "s",
    categories: ["A", "B"],
    tags: ["x"],
    scheduledFor: new Date("2026-12-24T18:00:00Z"),
    scheduledSiteIds: ["s1", "s2"],
  };

  it("sends the id and every edited field, with the schedule as an ISO timestamp", async () => {
    saveAnswers({ row: ROW });
    await updateArticle(ID, 7, CHANGES);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("save-article", {
      body: {
        id: ID,
        expectedVersion: 7,
        title: "T",
        content: "C",
        excerpt: "E",
        status: "scheduled",
        metaDescription: "",
        focusKeyword: "k",
        slug: "s",
        categories: ["A", "B"],
        tags: ["x"],
        scheduledFor: "2026-12-24T18:00:00.000Z",
        scheduledSiteIds: ["s1", "s2"],
      },
    });
  });

  it("clears the schedule for any other status", async () => {
    saveAnswers({ row: ROW });
    await updateArticle(ID, 7, { ...CHANGES, status: "draft" });
    const [, options] = vi.mocked(supabase.functions.invoke).mock.calls[0];
    expect(options?.body).toMatchObject({ status: "draft", scheduledFor: null, scheduledSiteIds: [] });
  });

  it("throws 'Article not found' when it is not the user's", async () => {
    saveAnswers({ status: 404, body: { error: "Article not found", field: "id" } });
    await expect(updateArticle(ID, 7, CHANGES)).rejects.toThrow("Article not found");
  });

  it("throws ArticleConflictError with the article as it is now when it changed since that version", async () => {
    saveAnswers({
      status: 409,
      body: {
        error: "This article was changed elsewhere since you opened it",
        field: "expectedVersion",
        current: { ...ROW, title: "Changed elsewhere", version: 8 },
      },
    });
    const refusal = await updateArticle(ID, 7, CHANGES).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ArticleConflictError);
    expect((refusal as ArticleConflictError).current).toMatchObject({ title: "Changed elsewhere", version: 8 });
  });
});

describe("deleteArticle", () => {
  it("deletes by id", async () => {
    const calls = answer({ count: 1, error: null });
    await deleteArticle(ID);
    expect(calls).toEqual([
      ["delete", { count: "exact" }],
      ["eq", "id", ID],
    ]);
  });

  it("throws when nothing was deleted or the database refuses", async () => {
    answer({ count: 0, error: null });
    await expect(deleteArticle(ID)).rejects.toThrow("Article not found");
    answer({ error: { message: "boom" } });
    await expect(deleteArticle(ID)).rejects.toThrow("boom");
  });
});

describe("deleteArticleWithRemotePosts", () => {
  const functionError = (status: number, body: unknown) =>
    ({ data: null, error: new FunctionsHttpError(new Response(JSON.stringify(body), { status })) }) as never;

  it("asks delete-article and returns the sites the post was removed from", async () => {
    const removed = [{ siteId: "s1", siteName: "Blog", alreadyGone: false }];
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce({ data: { removed }, error: null } as never);
    expect(await deleteArticleWithRemotePosts(ID)).toEqual(removed);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("delete-article", { body: { articleId: ID } });
  });

  it("names each site that refused, and otherwise passes the function's message on", async () => {
    const failures = [{ siteId: "s1", siteName: "Blog", detail: "WordPress refused the application password" }];
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce(functionError(502, { error: "Kept", removed: [], failures }));
    const refused = await deleteArticleWithRemotePosts(ID).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemoteRemovalError);
    expect((refused as RemoteRemovalError).failures).toEqual(failures);
    expect((refused as RemoteRemovalError).message).toBe("Kept");
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce(functionError(404, { error: "Article not found" }));
    await expect(deleteArticleWithRemotePosts(ID)).rejects.toThrow("Article not found");
  });
});

describe("listScheduleTargets", () => {
  it("reads the id and name of the user's sites, by name", async () => {
    const calls = answer({ data: [{ id: "s1", name: "Blog" }], error: null });
    expect(await listScheduleTargets()).toEqual([{ id: "s1", name: "Blog" }]);
    expect(supabase.from).toHaveBeenCalledWith("wordpress_sites");
    expect(calls).toEqual([
      ["select", "id, name"],
      ["order", "name", { ascending: true }],
    ]);
  });
});
