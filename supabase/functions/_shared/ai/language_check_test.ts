import assert from "node:assert/strict";
import { checkDraftLanguage, plainText } from "./language_check.ts";
import { articleInLanguage } from "../../_testing/fakes/openai_article_languages.ts";
import { languageMismatchMessage } from "../contracts/locales.ts";

const fixture = (tag: string) => articleInLanguage(tag, "café de especialidad", (title) => title)!;

const ENGLISH = {
  title: "Specialty coffee: a practical guide",
  content: "<p>Everyone talks about specialty coffee, but few explain it step by step. This guide does, simply.</p>" +
    "<h2>Why it matters</h2><p>Getting it right saves time, money and nerves. Here is what the best practitioners " +
    "do differently, and why their results are better than everybody else's.</p>",
};

Deno.test("a draft in the language asked for passes", () => {
  for (const tag of ["es", "de", "fr"]) {
    const check = checkDraftLanguage(fixture(tag), tag);
    assert.deepEqual(check, { expected: tag, detected: tag, mismatch: false }, tag);
  }
  assert.deepEqual(checkDraftLanguage(fixture("es"), "es-MX"), { expected: "es-MX", detected: "es-MX", mismatch: false });
  assert.equal(checkDraftLanguage(ENGLISH, "en").mismatch, false);
});

Deno.test("a draft in the wrong language is flagged, naming what it looks like", () => {
  const check = checkDraftLanguage(ENGLISH, "es");
  assert.deepEqual(check, { expected: "es", detected: "en", mismatch: true });
  assert.equal(
    languageMismatchMessage(check),
    "This draft looks like English, not Spanish as asked. Check it before saving, or generate it again.",
  );
  assert.deepEqual(checkDraftLanguage(fixture("de"), "fr"), { expected: "fr", detected: "de", mismatch: true });
});

Deno.test("a text too short to tell is not judged", () => {
  assert.deepEqual(checkDraftLanguage({ title: "Hola", content: "<p>Short.</p>" }, "de"), {
    expected: "de",
    detected: "und",
    mismatch: false,
  });
});

Deno.test("plainText drops markup and entities", () => {
  assert.equal(plainText("<h2>Uno</h2>\n<p>dos &amp; <strong>tres</strong></p><script>x()</script>"), "Uno dos tres");
});
