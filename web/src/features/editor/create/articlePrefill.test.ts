import { describe, expect, it } from "vitest";
import { articlePrefill, writeArticleHref } from "./articlePrefill";

describe("articlePrefill", () => {
  it("reads the idea and focus keyword Write article passes", () => {
    const href = writeArticleHref("raised beds & soil");
    expect(href).toBe("/articles/create?idea=raised+beds+%26+soil&keyword=raised+beds+%26+soil");
    expect(articlePrefill(href.split("?")[1])).toEqual({ idea: "raised beds & soil", focusKeyword: "raised beds & soil" });
  });

  it("is empty without them, and cuts what is too long", () => {
    expect(articlePrefill("")).toEqual({ idea: "", focusKeyword: "" });
    expect(articlePrefill(`keyword=${"k".repeat(500)}`).focusKeyword.length).toBeLessThan(500);
  });
});
