import { describe, expect, it } from "vitest";
import { ideasFromCsv, ideasFromKeywords, ideasFromLines, parseCsv } from "./ideaSources";

describe("ideas from lines", () => {
  it("takes each non-blank line, trimmed, whatever the line ending", () => {
    expect(ideasFromLines("  Composting indoors \r\n\nBalcony tomatoes\r   \nWorm bins")).toEqual([
      { idea: "Composting indoors" },
      { idea: "Balcony tomatoes" },
      { idea: "Worm bins" },
    ]);
    expect(ideasFromLines(" \n ")).toEqual([]);
  });
});

describe("ideas from keyword research", () => {
  it("makes each keyword an idea and its focus keyword", () => {
    expect(ideasFromKeywords(["compost tips", "best compost bin"])).toEqual([
      { idea: "compost tips", focusKeyword: "compost tips" },
      { idea: "best compost bin", focusKeyword: "best compost bin" },
    ]);
  });
});

describe("CSV", () => {
  it("parses RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM", () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n"multi\nline",,x\n\n')).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["multi\nline", "", "x"],
    ]);
    expect(parseCsv("last,row")).toEqual([["last", "row"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("reads idea, focus keyword, categories and tags in that order without a header", () => {
    expect(ideasFromCsv('Composting indoors,worm bin,"Garden; Home","diy, soil"\nBalcony tomatoes\n')).toEqual({
      ideas: [
        { idea: "Composting indoors", focusKeyword: "worm bin", categories: ["Garden", "Home"], tags: ["diy", "soil"] },
        { idea: "Balcony tomatoes" },
      ],
      skippedRows: 0,
    });
  });

  it("finds columns by a header's names, in any order, ignoring others, and counts rows without an idea", () => {
    const csv = "Tags,Idea,Notes,Focus Keyword,Category\r\nsoil,Composting,ignore me,compost,Garden\r\nx,,,,\r\n,Tomatoes,,,\r\n";
    expect(ideasFromCsv(csv)).toEqual({
      ideas: [
        { idea: "Composting", focusKeyword: "compost", categories: ["Garden"], tags: ["soil"] },
        { idea: "Tomatoes" },
      ],
      skippedRows: 1,
    });
  });

  it("a header names the idea column; otherwise the first row is an idea", () => {
    expect(ideasFromCsv("idea,focus_keyword\nFigs,fig tree").ideas).toEqual([{ idea: "Figs", focusKeyword: "fig tree" }]);
    expect(ideasFromCsv("Grow figs,fig tree").ideas).toEqual([{ idea: "Grow figs", focusKeyword: "fig tree" }]);
  });
});
