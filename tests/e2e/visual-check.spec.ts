import { expect, test } from "@playwright/test";
import { brokenWords, expectAccessible, invisibleText } from "./support/axe.ts";

/**
 * The visual checks themselves, on planted pages (no app needed): they must
 * catch what issue 21 found (white day numbers on a white calendar, axe
 * filing a 1:1 ratio as "incomplete") and leave readable text alone.
 */

const page = (body: string) => `<!doctype html><html lang="en"><head><title>Planted</title></head><body><main>${body}</main></body></html>`;

test("invisible text: white on white, through opacity and nested backgrounds, is caught; readable text is not", async ({ page: browser }) => {
  await browser.setContent(
    page(`
      <h1>Readable heading</h1>
      <button style="background: transparent; color: #fff; border: 0">14</button>
      <div style="background: rgb(20 20 20)"><p style="color: rgb(24 24 24)">Nearly black on black</p></div>
      <div style="background: #fff"><span style="color: rgb(255 255 255 / 0.9)">Translucent white</span></div>
      <div style="background: #036; opacity: 0.5"><span style="color: #fff">Dimmed but readable</span></div>
      <p style="color: #fff; background: linear-gradient(#000, #fff)">On a gradient ending in white</p>
      <p style="color: #fff; background: url(data:image/gif;base64,R0lGODlhAQABAAAAACw=)">On an image</p>
      <input value="White value" style="color: #fff; background: #fff">
      <style>.pale::placeholder { color: #fefefe }</style>
      <input class="pale" placeholder="Pale placeholder" style="background: #fff">
      <p style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); color: #fff">Visually hidden</p>
      <p hidden style="color: #fff">Hidden</p>
    `),
  );
  const problems = await invisibleText(browser);
  const about = (text: string) => problems.filter((problem) => problem.includes(`"${text}"`));
  expect(about("14")).toHaveLength(1);
  expect(about("Nearly black on black")).toHaveLength(1);
  expect(about("Translucent white")).toHaveLength(1);
  expect(about("On a gradient ending in white")).toHaveLength(1);
  expect(about("On an image")[0]).toMatch(/^text over an image/);
  expect(about("White value")).toHaveLength(1);
  expect(about("placeholder Pale placeholder")).toHaveLength(1);
  expect(about("Readable heading")).toEqual([]);
  expect(about("Dimmed but readable")).toEqual([]);
  expect(about("Visually hidden")).toEqual([]);
  expect(about("Hidden")).toEqual([]);
  expect(problems).toHaveLength(7);
});

test("axe's undecided contrast (a 1:1 ratio) fails the check", async ({ page: browser }) => {
  await browser.setContent(page(`<h1>Calendar</h1><p style="color: #fff; background: #fff">Wednesday</p>`));
  await expect(expectAccessible(browser)).rejects.toThrow(/color-contrast undecided \(equalRatio\)/);
});

test("a readable page passes", async ({ page: browser }) => {
  await browser.setContent(page(`<h1>Calendar</h1><p>Every day is readable.</p>`));
  await expectAccessible(browser);
});

test("a word broken across lines is caught; words wrapped between them, and long addresses, are not", async ({ page: browser }) => {
  await browser.setContent(
    page(`
      <h1>Calendar</h1>
      <p style="width: 3.5rem; overflow-wrap: anywhere">Wednesday</p>
      <p style="width: 6rem">Wednesday and Thursday are busy</p>
      <p style="width: 6rem; overflow-wrap: anywhere">writer1234567890@example.com</p>
    `),
  );
  expect(await brokenWords(browser)).toEqual(['word broken across lines: "Wednesday" in p']);
});
