import { describe, expect, it } from "vitest";
import { joinCommaList, splitCommaList } from "./tagList";

describe("splitCommaList", () => {
  it("splits on commas and trims each item", () => {
    expect(splitCommaList("seo,  writing , blogging")).toEqual(["seo", "writing", "blogging"]);
  });

  it("drops empty items from doubled, leading and trailing commas", () => {
    expect(splitCommaList(", seo,, ,writing,")).toEqual(["seo", "writing"]);
  });

  it("gives an empty list for blank text", () => {
    expect(splitCommaList("")).toEqual([]);
    expect(splitCommaList("  ,  ")).toEqual([]);
  });

  it("keeps a single item without commas, with inner spaces", () => {
    expect(splitCommaList("  content marketing ")).toEqual(["content marketing"]);
  });

  it("keeps each item once, ignoring case, as first spelled", () => {
    expect(splitCommaList("SEO, writing, seo , Writing,Blogging, SEO")).toEqual(["SEO", "writing", "Blogging"]);
    expect(splitCommaList("Äpfel, äpfel, ÄPFEL")).toEqual(["Äpfel"]);
  });

  it("counts runs of inner spaces as one, so they do not make a second item", () => {
    expect(splitCommaList("content  marketing, content marketing")).toEqual(["content marketing"]);
  });
});

describe("joinCommaList", () => {
  it("joins items for a comma-separated field, round-tripping with splitCommaList", () => {
    const text = joinCommaList(["seo", "content marketing"]);
    expect(text).toBe("seo, content marketing");
    expect(splitCommaList(text)).toEqual(["seo", "content marketing"]);
  });
});
