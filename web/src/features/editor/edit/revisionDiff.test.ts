import { describe, expect, it } from "vitest";
import { compareRevision, diffLinesOf, readableLines, type ComparedText, type DiffRow } from "./revisionDiff";

const text = (overrides: Partial<ComparedText> = {}): ComparedText => ({
  title: "Composting at home",
  content: "<h2>Why</h2><p>Compost feeds the soil.</p><ul><li>Greens</li><li>Browns</li></ul>",
  excerpt: "A short guide",
  metaDescription: "Learn to compost",
  focusKeyword: "compost",
  slug: "composting-at-home",
  categories: ["Garden"],
  tags: ["soil", "green"],
  ...overrides,
});

/** A row as a short string: "= same", "- removed", "+ added", "~ [-old-]{+new+} same", "… 3". */
function show(row: DiffRow): string {
  switch (row.kind) {
    case "same":
      return `= ${row.text}`;
    case "removed":
      return `- ${row.text}`;
    case "added":
      return `+ ${row.text}`;
    case "folded":
      return `… ${row.lines}`;
    case "changed":
      return `~ ${row.segments
        .map((segment) =>
          segment.change === "removed" ? `[-${segment.text}-]` : segment.change === "added" ? `{+${segment.text}+}` : segment.text,
        )
        .join("")}`;
  }
}

describe("readableLines", () => {
  it("gives one line per block, marking headings, list items, quotes and images", () => {
    expect(
      readableLines(
        "<h2>Title <em>here</em></h2><p>First  paragraph\nwraps.</p><ul><li>One</li><li>Two<ul><li>Nested</li></ul></li></ul>" +
          '<blockquote><p>Quoted</p></blockquote><p>Line<br>break</p><p><img src="https://img.example/a.png" alt="A cat"></p>' +
          "<pre><code>let a = 1;\nlet b = 2;</code></pre><p>  </p>",
      ),
    ).toEqual([
      "## Title here",
      "First paragraph wraps.",
      "• One",
      "• Two",
      "• Nested",
      "Quoted",
      "Line",
      "break",
      "[Image: A cat https://img.example/a.png]",
      "let a = 1;",
      "let b = 2;",
    ]);
  });

  it("reads text as text: markup in it is not interpreted, scripts and styles are not lines", () => {
    expect(readableLines("<p>1 &lt; 2 &amp; &lt;b&gt;</p><script>alert(1)</script><style>p{}</style>")).toEqual([
      "1 < 2 & <b>",
    ]);
  });

  it("shows no difference for markup that only changed shape", () => {
    const before = "<p>Some <b>bold</b> text</p>";
    const after = "<p>Some <strong>bold</strong>   text</p>\n";
    expect(diffLinesOf(readableLines(before), readableLines(after)).every((row) => row.kind === "same")).toBe(true);
  });
});

describe("diffLinesOf", () => {
  it("shows an edited line word by word, and lines added or removed whole", () => {
    const rows = diffLinesOf(
      ["Compost feeds the soil.", "Turn it weekly.", "Keep it moist."],
      ["Compost feeds the garden soil.", "Keep it moist.", "Use a bin."],
    );
    expect(rows.map(show)).toEqual([
      "~ Compost feeds the {+garden +}soil.",
      "- Turn it weekly.",
      "= Keep it moist.",
      "+ Use a bin.",
    ]);
  });

  it("shows a line replaced by an unrelated one as removed and added, not as a word soup", () => {
    expect(diffLinesOf(["Bees like clover."], ["Tax returns are due in April."]).map(show)).toEqual([
      "- Bees like clover.",
      "+ Tax returns are due in April.",
    ]);
  });

  it("folds long unchanged stretches, keeping two lines of context around each change", () => {
    const before = Array.from({ length: 20 }, (_, index) => `Line ${index + 1}`);
    const after = before.map((line, index) => (index === 9 ? "Line ten, rewritten" : line));
    expect(diffLinesOf(before, after).map(show)).toEqual([
      "… 7",
      "= Line 8",
      "= Line 9",
      "- Line 10",
      "+ Line ten, rewritten",
      "= Line 11",
      "= Line 12",
      "… 8",
    ]);
  });

  it("does not fold a single line (the fold would take as much room)", () => {
    const before = ["a1", "a2", "a3", "a4", "a5", "a6"];
    const after = ["b0", ...before.slice(0, 5), "b7"];
    expect(diffLinesOf(before, after).map(show)).toEqual([
      "+ b0",
      "= a1",
      "= a2",
      "= a3",
      "= a4",
      "= a5",
      "- a6",
      "+ b7",
    ]);
  });
});

describe("compareRevision", () => {
  it("is empty when the revision reads as the current text", () => {
    expect(compareRevision(text(), text({ content: text().content.replace("<p>", "<p> ") }))).toEqual([]);
  });

  it("lists only the fields that differ, in the form's order", () => {
    const diffs = compareRevision(
      text(),
      text({
        title: "Composting at home, fast",
        content: "<h2>Why</h2><p>Compost feeds the soil.</p><ul><li>Greens</li><li>Browns</li><li>Water</li></ul>",
        slug: "",
        tags: ["Soil", "worms"],
      }),
    );
    expect(diffs.map((diff) => [diff.label, diff.rows.map(show)])).toEqual([
      ["Title", ["~ Composting at home{+, fast+}"]],
      ["Content", ["… 2", "= • Greens", "= • Browns", "+ • Water"]],
      ["Slug", ["- composting-at-home"]],
      ["Tags", ["~ Soil, {+worms+}, [-green-]"]],
    ]);
  });

  it("shows text that was empty in the revision as added", () => {
    const diffs = compareRevision(text({ metaDescription: "" }), text());
    expect(diffs.map((diff) => [diff.field, diff.rows.map(show)])).toEqual([["metaDescription", ["+ Learn to compost"]]]);
  });
});
