import { describe, expect, it } from "vitest";
import { articlePrefill, writeArticleHref } from "./articlePrefill";

describe("articlePrefill", () => {
  it("reads the idea and focus keyword Write article passes", () => {
    const href = writeArticleHref("raised beds & soil");
    expect(href).toBe("/articles/create?idea=raised+beds+%26+soil&keyword=raised+beds+%26+soil");
    expect(articlePrefill(href.split("?")[1])).toEqual({ idea: "raised beds & soil", focusKeyword: "raised beds & soil", locale: "" });
  });

  it("passes the research's language, and drops one that is not offered", () => {
    const href = writeArticleHref("huertos", "es");
    expect(href).toBe("/articles/create?idea=huertos&keyword=huertos&locale=es");
    expect(articlePrefill(href.split("?")[1]).locale).toBe("es");
    expect(articlePrefill("idea=x&locale=klingon").locale).toBe("");
  });

  it("is empty without them, and cuts what is too long", () => {
    expect(articlePrefill("")).toEqual({ idea: "", focusKeyword: "", locale: "" });
    expect(articlePrefill(`keyword=${"k".repeat(500)}`).focusKeyword.length).toBeLessThan(500);
  });
});
