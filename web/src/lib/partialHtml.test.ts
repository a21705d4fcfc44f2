import { expect, it } from "vitest";
import { withoutUnfinishedTag } from "./partialHtml";

it("drops a tag cut off at the end, and nothing else", () => {
  expect(withoutUnfinishedTag("<p>Hello</p><h")).toBe("<p>Hello</p>");
  expect(withoutUnfinishedTag('<p>Hi <a href="https://exa')).toBe("<p>Hi ");
  expect(withoutUnfinishedTag("<p>Hello</p>")).toBe("<p>Hello</p>");
  expect(withoutUnfinishedTag("<p>Hel")).toBe("<p>Hel");
  expect(withoutUnfinishedTag("")).toBe("");
});
