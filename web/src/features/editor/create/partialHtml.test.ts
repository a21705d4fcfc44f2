import { expect, it } from "vitest";
import { showsText, withoutUnfinishedTag } from "./partialHtml";

it("drops a tag cut off at the end, and nothing else", () => {
  expect(withoutUnfinishedTag("<p>Hello</p><h")).toBe("<p>Hello</p>");
  expect(withoutUnfinishedTag('<p>Hi <a href="https://exa')).toBe("<p>Hi ");
  expect(withoutUnfinishedTag("<p>Hello</p>")).toBe("<p>Hello</p>");
  expect(withoutUnfinishedTag("<p>Hel")).toBe("<p>Hel");
  expect(withoutUnfinishedTag("")).toBe("");
});

it("tells markup that shows text from markup alone", () => {
  expect(showsText("<p><strong>")).toBe(false);
  expect(showsText("<h2 class=")).toBe(false);
  expect(showsText("<p> </p>")).toBe(false);
  expect(showsText("<p>H")).toBe(true);
  expect(showsText("Hello")).toBe(true);
});
