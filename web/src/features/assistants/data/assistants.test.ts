import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  createAssistant,
  deleteAssistant,
  getAssistant,
  listAssistantChoices,
  listAssistants,
  updateAssistant,
} from "./assistants";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn() } }));

type Result = { data?: unknown; count?: number | null; error: { message: string } | null };

function answer(result: Result) {
  const calls: unknown[][] = [];
  const builder: Record<string, unknown> = {
    then: (resolve: (value: Result) => unknown) => Promise.resolve(result).then(resolve),
    overrideTypes: () => builder,
  };
  for (const method of ["select", "eq", "order", "limit", "insert", "update", "delete", "single", "maybeSingle"]) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  vi.mocked(supabase.from).mockReturnValueOnce(builder as never);
  return calls;
}

const ID = "7d9f6a8e-2c1b-4e3a-9f0d-1a2b3c4d5e6f";
const ROW = {
  id: ID,
  name: "SEO Blog Writer",
  description: "Writes posts",
  instructions: "Be concise.",
  model: null,
  locale: "es",
  word_target: 1200,
  tone: "friendly",
  point_of_view: null,
  include_elements: ["faq"],
  image_style: "line-art",
  created_at: "2026-11-22 13:57:40+00",
};
const NO_SETTINGS = { wordTarget: null, tone: null, pointOfView: null, elements: null };
const INPUT = { name: "Writer", description: "", instructions: "Write well.", model: "  ", locale: "", imageStyle: "", settings: NO_SETTINGS };
const NO_SETTING_COLUMNS = {
  locale: null,
  word_target: null,
  tone: null,
  point_of_view: null,
  include_elements: null,
  image_style: null,
};

beforeEach(() => vi.mocked(supabase.from).mockReset());

describe("assistants data", () => {
  it("lists the user's assistants newest first", async () => {
    const calls = answer({ data: [ROW], error: null });
    expect(await listAssistants()).toEqual([
      {
        id: ID,
        name: "SEO Blog Writer",
        description: "Writes posts",
        instructions: "Be concise.",
        model: null,
        locale: "es",
        settings: { wordTarget: 1200, tone: "friendly", pointOfView: null, elements: ["faq"] },
        imageStyle: "line-art",
        createdAt: new Date("2026-11-22T13:57:40Z"),
      },
    ]);
    expect(supabase.from).toHaveBeenCalledWith("assistants");
    expect(calls).toContainEqual(["order", "created_at", { ascending: false }]);
  });

  it("offers the 20 newest as choices, with the spec's defaults for blank names and descriptions", async () => {
    const calls = answer({
      data: [
        { id: "a", name: "Writer", description: "Writes" },
        { id: "b", name: " ", description: "" },
      ],
      error: null,
    });
    expect(await listAssistantChoices()).toEqual([
      { id: "a", name: "Writer", description: "Writes" },
      { id: "b", name: "Unnamed Assistant", description: "No description available" },
    ]);
    expect(calls).toEqual([
      ["select", "id, name, description"],
      ["order", "created_at", { ascending: false }],
      ["limit", 20],
    ]);
  });

  it("reads one assistant, or null when missing or the id is not a uuid", async () => {
    answer({ data: ROW, error: null });
    expect((await getAssistant(ID))?.name).toBe("SEO Blog Writer");
    answer({ data: null, error: null });
    expect(await getAssistant(ID)).toBeNull();
    expect(await getAssistant("new")).toBeNull();
    expect(supabase.from).toHaveBeenCalledTimes(2);
  });

  it("creates an assistant for the user; a blank model means the drafting model", async () => {
    const calls = answer({ data: { id: ID }, error: null });
    expect(await createAssistant("user-1", INPUT)).toBe(ID);
    expect(calls[0]).toEqual([
      "insert",
      { user_id: "user-1", name: "Writer", description: "", instructions: "Write well.", model: null, ...NO_SETTING_COLUMNS },
    ]);
  });

  it("updates an assistant by id and notices when it is gone", async () => {
    const calls = answer({ count: 1, error: null });
    await updateAssistant(ID, {
      ...INPUT,
      model: "gpt-4o",
      locale: "de",
      imageStyle: "origami",
      settings: { wordTarget: 900, tone: "professional", pointOfView: "third-person", elements: ["table", "faq"] },
    });
    expect(calls).toEqual([
      [
        "update",
        {
          name: "Writer",
          description: "",
          instructions: "Write well.",
          model: "gpt-4o",
          locale: "de",
          word_target: 900,
          tone: "professional",
          point_of_view: "third-person",
          include_elements: ["table", "faq"],
          image_style: "origami",
        },
        { count: "exact" },
      ],
      ["eq", "id", ID],
    ]);
    answer({ count: 0, error: null });
    await expect(updateAssistant(ID, INPUT)).rejects.toThrow("Assistant not found");
  });

  it("deletes an assistant by id and throws the database's message", async () => {
    const calls = answer({ count: 1, error: null });
    await deleteAssistant(ID);
    expect(calls).toEqual([
      ["delete", { count: "exact" }],
      ["eq", "id", ID],
    ]);
    answer({ error: { message: "permission denied" } });
    await expect(deleteAssistant(ID)).rejects.toThrow("permission denied");
  });
});
