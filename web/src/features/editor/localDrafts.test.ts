import { describe, expect, it } from "vitest";
import { formatDraftTime, hashValues, localDraftKey, readLocalDraft, removeLocalDraft, writeLocalDraft } from "./localDrafts";

const TEMPLATE = { title: "", content: "", siteIds: [] as string[] };
const KEY = localDraftKey("user-1", "new");

describe("local drafts", () => {
  it("are kept per user and per article", () => {
    expect(localDraftKey("user-1", "new")).not.toBe(localDraftKey("user-2", "new"));
    expect(localDraftKey("user-1", "article-1")).not.toBe(localDraftKey("user-1", "new"));
  });

  it("read back what was written", () => {
    const savedAt = new Date(2026, 10, 22, 15, 5);
    writeLocalDraft(KEY, { savedAt, values: { title: "T", content: "<p>C</p>", siteIds: ["s1"] }, basedOn: "abc" });
    expect(readLocalDraft(KEY, TEMPLATE)).toEqual({
      savedAt,
      values: { title: "T", content: "<p>C</p>", siteIds: ["s1"] },
      basedOn: "abc",
    });
    removeLocalDraft(KEY);
    expect(readLocalDraft(KEY, TEMPLATE)).toBeNull();
  });

  it("trust only the template's fields, each with its type", () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        savedAt: "2026-11-22T15:05:00.000Z",
        values: { title: 42, content: "<p>ok</p>", siteIds: ["a", 1], extra: "x" },
      }),
    );
    expect(readLocalDraft(KEY, TEMPLATE)?.values).toEqual({ title: "", content: "<p>ok</p>", siteIds: [] });
  });

  it("ignore what is not a draft", () => {
    for (const text of ["not json", "null", '"text"', '{"values":{}}', '{"savedAt":"soon","values":{}}', '{"savedAt":"2026-11-22T00:00:00Z"}']) {
      localStorage.setItem(KEY, text);
      expect(readLocalDraft(KEY, TEMPLATE), text).toBeNull();
    }
  });

  it("survive a full storage without throwing", () => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    try {
      expect(() => writeLocalDraft(KEY, { savedAt: new Date(), values: TEMPLATE, basedOn: "" })).not.toThrow();
    } finally {
      Storage.prototype.setItem = original;
    }
  });

  it("hash the starting values so a changed article can be told", () => {
    expect(hashValues({ title: "a" })).toBe(hashValues({ title: "a" }));
    expect(hashValues({ title: "a" })).not.toBe(hashValues({ title: "b" }));
  });

  it("show the time alone for today, with the date otherwise", () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(formatDraftTime(new Date(2026, 10, 22, 15, 5), now)).toBe("3:05 PM");
    expect(formatDraftTime(new Date(2026, 10, 21, 9, 30), now)).toBe("Nov 21, 2026, 9:30 AM");
  });
});
