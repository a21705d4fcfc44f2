import { describe, expect, it } from "vitest";
import { countWords } from "./wordCount";

describe("countWords", () => {
  it("counts the words a reader sees, not markup", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("<p></p>")).toBe(0);
    expect(countWords("<h2>Soil first</h2><p>Feed the <strong>soil</strong>, not the plant.</p>")).toBe(8);
  });

  it("separates words at block boundaries and non-breaking spaces", () => {
    expect(countWords("<p>one</p><p>two</p><ul><li>three</li></ul>")).toBe(3);
    expect(countWords("<p>one&nbsp;two</p>")).toBe(2);
  });

  it("does not count punctuation on its own, but counts words with entities and digits", () => {
    expect(countWords("<p>Salt — and &amp; pepper</p>")).toBe(3);
    expect(countWords("<p>Tom&apos;s 10 tips</p>")).toBe(3);
    expect(countWords("<p>Ünïcödé wörds</p>")).toBe(2);
  });
});
