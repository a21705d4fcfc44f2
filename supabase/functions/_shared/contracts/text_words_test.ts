import assert from "node:assert/strict";
import { countWords, wordsOf } from "./text_words.ts";

Deno.test("words: apostrophes and hyphens stay inside a word; numbers count", () => {
  assert.deepEqual(wordsOf("Don't stop — well-known facts, 42 times."), ["Don't", "stop", "well-known", "facts", "42", "times"]);
  assert.equal(countWords("Привет, мир"), 2);
  assert.equal(countWords(""), 0);
});

Deno.test("words: each character of an unspaced script is a word; glued Latin letters make one", () => {
  assert.equal(countWords("東京の美味しいラーメン"), 11);
  assert.deepEqual(wordsOf("iPhoneを買った"), ["iPhone", "を", "買", "っ", "た"]);
  assert.equal(countWords("ภาษาไทย"), 7);
});
