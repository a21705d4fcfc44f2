import { describe, expect, test } from "vitest";
import {
  insertLink,
  linkableRuns,
  stem,
  suggestLinks,
  type SuggestionTarget,
} from "./linkMatcher";

const target = (url: string, title: string, terms: { categories?: string[]; tags?: string[] } = {}): SuggestionTarget => ({
  url,
  title,
  categories: terms.categories ?? [],
  tags: terms.tags ?? [],
});

const RAISED_BEDS = target("https://garden.example/raised-beds/", "Building raised garden beds", {
  categories: ["Gardening"],
  tags: ["raised beds", "timber"],
});
const COMPOST = target("https://garden.example/compost-heap/", "How to start a compost heap", {
  categories: ["Gardening"],
  tags: ["compost"],
});
const TOMATOES = target("https://garden.example/tomato-blight/", "Stopping tomato blight before it spreads");

describe("the suggestion matcher", () => {
  test("finds the best phrase of the text for each target, in the targets' order", () => {
    const html =
      "<p>This spring we planned the plot. Our raised beds drain well, and we fed them from the compost heap.</p>" +
      "<p>Tomato blight came back in July.</p>";
    const suggestions = suggestLinks(html, [RAISED_BEDS, COMPOST, TOMATOES]);
    expect(suggestions.map(({ target, anchorText }) => [target.url, anchorText])).toEqual([
      ["https://garden.example/raised-beds/", "raised beds"],
      ["https://garden.example/compost-heap/", "compost heap"],
      ["https://garden.example/tomato-blight/", "Tomato blight"],
    ]);
    const [first] = suggestions;
    expect(html.slice(first.start, first.end)).toBe("raised beds");
  });

  test("a one-word phrase must be a whole tag or category; stems match plurals and -ing forms", () => {
    expect(suggestLinks("<p>We love composting.</p>", [COMPOST]).map((s) => s.anchorText)).toEqual(["composting"]);
    // "garden" is a title word but no tag: alone it is too vague to anchor a link.
    expect(suggestLinks("<p>A garden in the city.</p>", [RAISED_BEDS])).toEqual([]);
    expect(stem("beds")).toBe(stem("bed"));
    expect(stem("composting")).toBe(stem("compost"));
    expect(stem("berries")).toBe(stem("berry"));
    expect(stem("gardener's")).toBe(stem("gardener"));
  });

  test("the whole title beats a part of it, and the longer phrase a shorter one", () => {
    const html = "<p>On tomato care. Later: stopping tomato blight before it spreads, for good.</p>";
    const [suggestion] = suggestLinks(html, [TOMATOES]);
    expect(suggestion.anchorText).toBe("stopping tomato blight before it spreads");
  });

  test("never inside a link, a heading, code or preformatted text; never across paragraphs or punctuation", () => {
    const html =
      '<h2>Raised beds</h2><p><a href="https://elsewhere.example/" rel="noopener noreferrer">raised beds</a> elsewhere.</p>' +
      "<pre>raised beds</pre><p><code>raised beds</code></p><p>raised</p><p>beds, raised. Beds</p>";
    expect(suggestLinks(html, [RAISED_BEDS])).toEqual([]);
  });

  test("a target the article already links to is left out, whatever the scheme or trailing slash", () => {
    const html = '<p>See <a href="http://www.garden.example/raised-beds" rel="noopener noreferrer">our beds</a>. More raised beds here.</p>';
    expect(suggestLinks(html, [RAISED_BEDS])).toEqual([]);
  });

  test("a stretch of text anchors one link at most; between equal phrases the better-ranked target takes it", () => {
    const other = target("https://garden.example/raised-bed-soil/", "Soil for raised beds", { tags: ["raised beds"] });
    const suggestions = suggestLinks("<p>Fill raised beds with care.</p>", [RAISED_BEDS, other]);
    expect(suggestions.map((s) => s.target.url)).toEqual(["https://garden.example/raised-beds/"]);
  });

  test("when two targets want the same words, the better phrase takes them and the other looks again", () => {
    const hammock = target("https://camp.example/hammocks/", "Hammock Camping for Beginners", { tags: ["sleep"] });
    const sleepingBag = target("https://camp.example/sleeping-bags/", "Choosing a Sleeping Bag", { tags: ["sleep", "gear"] });
    const html = "<p>The sleeping bag matters more than the tent. Sleep well in a hammock: sleep is everything.</p>";
    const suggestions = suggestLinks(html, [hammock, sleepingBag]);
    // In the targets' order; "sleeping bag" went to the bag, the hammock took the next "sleep".
    expect(suggestions.map((s) => [s.target.url, s.anchorText])).toEqual([
      ["https://camp.example/hammocks/", "Sleep"],
      ["https://camp.example/sleeping-bags/", "sleeping bag"],
    ]);
  });

  test("excerpt words anchor a link only with two of them side by side in the excerpt", () => {
    const toddlers = {
      ...target("https://family.example/toddler-sleep/", "Getting a Toddler to Sleep", { tags: ["toddlers"] }),
      excerpt: "The short answer: get the bedtime routine right, and expect night waking at first.",
    };
    expect(suggestLinks("<p>A calm bedtime routine helps most.</p>", [toddlers]).map((s) => s.anchorText)).toEqual([
      "bedtime routine",
    ]);
    // "routine" and "night" are both excerpt words, but not neighbours there.
    expect(suggestLinks("<p>Our routine night walks.</p>", [toddlers])).toEqual([]);
    // "expect" is an excerpt word too, but it does not stretch the phrase: it has no neighbour there.
    expect(suggestLinks("<p>Expect toddlers to test you.</p>", [toddlers]).map((s) => s.anchorText)).toEqual([
      "toddlers",
    ]);
  });

  test("at most `limit` suggestions", () => {
    const html = "<p>raised beds, the compost heap and tomato blight.</p>";
    expect(suggestLinks(html, [RAISED_BEDS, COMPOST, TOMATOES], 2)).toHaveLength(2);
  });

  test("entities and inline elements: offsets point into the HTML as written", () => {
    const html = "<p>Fish&nbsp;&amp; chips, then <strong>raised</strong> beds&#8217; edges.</p>";
    const runs = linkableRuns(html);
    expect(runs.flat().map((word) => html.slice(word.start, word.end))).toEqual([
      "Fish",
      "chips",
      "then",
      "raised",
      "beds",
      "edges",
    ]);
    const [suggestion] = suggestLinks(html, [RAISED_BEDS]);
    expect(suggestion.anchorText).toBe("raised beds");
    expect(insertLink(html, suggestion)).toBe(
      '<p>Fish&nbsp;&amp; chips, then <a href="https://garden.example/raised-beds/" rel="noopener noreferrer"><strong>raised</strong> beds</a>&#8217; edges.</p>',
    );
  });
});

describe("inserting a suggested link", () => {
  test("wraps the phrase in a link to the target, the URL escaped as an attribute", () => {
    const html = "<p>Our raised beds drain well.</p>";
    const [suggestion] = suggestLinks(html, [{ ...RAISED_BEDS, url: 'https://garden.example/?a=1&b="2"' }]);
    expect(insertLink(html, suggestion)).toBe(
      '<p>Our <a href="https://garden.example/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">raised beds</a> drain well.</p>',
    );
  });

  test("refuses when the text changed since the suggestion, or when the link would break the markup", () => {
    const html = "<p>Our raised beds drain well.</p>";
    const [suggestion] = suggestLinks(html, [RAISED_BEDS]);
    expect(insertLink("<p>Our tall beds drain well.</p>", suggestion)).toBeNull();
    const crossing = "<p><em>Our raised</em> beds drain well.</p>";
    expect(insertLink(crossing, { target: RAISED_BEDS, anchorText: "raised beds", start: 7, end: 22 })).toBeNull();
  });
});
