import { describe, expect, it } from "vitest";
import { addressOf, viewFromSearch } from "./listAddress";

describe("the list's address", () => {
  it("reads the first page of everything from a bare address", () => {
    expect(viewFromSearch("")).toEqual({ query: { status: undefined, search: undefined, sort: "newest" }, position: null, page: 1 });
    expect(addressOf(viewFromSearch(""))).toBe("/articles");
  });

  it("round-trips status, search, sort and position", () => {
    const search = "status=scheduled&q=compost+bins&sort=updated&after=abc_-1&page=7";
    const view = viewFromSearch(search);
    expect(view).toEqual({
      query: { status: "scheduled", search: "compost bins", sort: "updated" },
      position: { after: "abc_-1" },
      page: 7,
    });
    expect(addressOf(view)).toBe(`/articles?${search}`);
    expect(viewFromSearch("before=xyz&page=2").position).toEqual({ before: "xyz" });
  });

  it("ignores what it does not know, and a position without a cursor", () => {
    expect(viewFromSearch("status=archived&sort=random&q=%20%20&page=9")).toEqual({
      query: { status: undefined, search: undefined, sort: "newest" },
      position: null,
      page: 1,
    });
    expect(viewFromSearch("after=abc&page=-3").page).toBe(2);
  });

  it("drops the cursor of page 1", () => {
    expect(addressOf({ query: { sort: "title" }, position: { before: "abc" }, page: 1 })).toBe("/articles?sort=title");
  });
});
