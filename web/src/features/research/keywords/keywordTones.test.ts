import { describe, expect, it } from "vitest";
import { competitionTone, difficultyTone, difficultyWord } from "./keywordTones";

describe("difficultyTone", () => {
  it.each([
    [1, "green"],
    [29, "green"],
    [29.9, "green"],
    [30, "yellow"],
    [59, "yellow"],
    [60, "red"],
    [100, "red"],
  ])("%d → %s", (difficulty, tone) => {
    expect(difficultyTone(difficulty)).toBe(tone);
  });

  it("names each band in words", () => {
    expect([10, 45, 80].map(difficultyWord)).toEqual(["easy", "moderate", "hard"]);
  });
});

describe("competitionTone", () => {
  it.each([
    ["low", "green"],
    ["medium", "yellow"],
    ["high", "red"],
    ["High", "red"],
    ["very high", "grey"],
    ["", "grey"],
    ["constructor", "grey"],
  ])("%j → %s", (competition, tone) => {
    expect(competitionTone(competition)).toBe(tone);
  });
});
