import { describe, expect, it } from "vitest";
import { cpcNumber, searchVolumeNumber } from "./keywordNumbers";

describe("searchVolumeNumber", () => {
  it.each([
    ["24.4K", 24_400],
    ["1,200", 1_200],
    ["1.2M", 1_200_000],
    ["900", 900],
    ["10K+", 10_000],
    ["1K-5K", 3_000],
    ["~500/mo", 500],
    [2400, 2_400],
  ])("%j → %d", (value, number) => expect(searchVolumeNumber(value)).toBe(number));

  it.each([["high"], ["N/A"], [""], [null], [Number.NaN]])("%j is not a number", (value) =>
    expect(searchVolumeNumber(value)).toBeNull());
});

describe("cpcNumber", () => {
  it.each([
    ["$1.65", 1.65],
    ["$0.80", 0.8],
    ["2.5 USD", 2.5],
    ["$1-$2", 1.5],
    [0.455, 0.46],
  ])("%j → %d", (value, number) => expect(cpcNumber(value)).toBe(number));

  it.each([["free"], ["@2"], [null]])("%j is not a number", (value) => expect(cpcNumber(value)).toBeNull());
});
