import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  createArticle,
  deleteArticle,
  getArticle,
  listScheduleTargets,
  updateArticle,
  type ArticleChanges,
} from "./articles";
import { supabase } from "./supabase";

vi.mock("./supabase", () => ({ supabase: { from: vi.fn() } }));

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
};

beforeEach(() => vi.mocked(supabase.from).mockReset());

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
    });
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
  it("inserts a draft for the user with lists and empty optional text as null", async () => {
    const calls = answer({ data: { id: ID }, error: null });
    const id = await createArticle("user-1", {
      title: "T",
      content: "<p>C</p>",
      excerpt: "E",
      metaDescription: "M",
      focusKeyword: "",
      slug: "t",
      categories: ["Guides"],
      tags: ["a", "b"],
      assistantId: "as-1",
    });
    expect(id).toBe(ID);
    expect(calls[0]).toEqual([
      "insert",
      {
        user_id: "user-1",
        title: "T",
        content: "<p>C</p>",
        excerpt: "E",
        status: "draft",
        featured_image_url: null,
        meta_description: "M",
        focus_keyword: null,
        slug: "t",
        categories: ["Guides"],
        tags: ["a", "b"],
        assistant_id: "as-1",
      },
    ]);
  });

  it("throws the database's message", async () => {
    answer({ data: null, error: { message: "new row violates row-level security policy" } });
    await expect(
      createArticle("user-1", {
        title: "T",
        content: "C",
        excerpt: "E",
        metaDescription: "",
        focusKeyword: "",
        slug: "",
        categories: [],
        tags: [],
        assistantId: null,
      }),
    ).rejects.toThrow("row-level security");
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

  it("sends every edited field with the schedule as an ISO timestamp", async () => {
    const calls = answer({ count: 1, error: null });
    await updateArticle(ID, CHANGES);
    expect(calls[0]).toEqual([
      "update",
      {
        title: "T",
        content: "C",
        excerpt: "E",
        status: "scheduled",
        meta_description: null,
        focus_keyword: "k",
        slug: "s",
        categories: ["A", "B"],
        tags: ["x"],
        scheduled_for: "2026-12-24T18:00:00.000Z",
        scheduled_site_ids: ["s1", "s2"],
      },
      { count: "exact" },
    ]);
    expect(calls[1]).toEqual(["eq", "id", ID]);
  });

  it("clears the schedule for any other status", async () => {
    const calls = answer({ count: 1, error: null });
    await updateArticle(ID, { ...CHANGES, status: "draft" });
    expect(calls[0][1]).toMatchObject({ status: "draft", scheduled_for: null, scheduled_site_ids: [] });
  });

  it("throws when nothing was updated", async () => {
    answer({ count: 0, error: null });
    await expect(updateArticle(ID, CHANGES)).rejects.toThrow("Article not found");
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
