/**
 * How words are counted, the same on the server (the page audit) and in the
 * browser (the editor's SEO panel). Shared with the browser: imports nothing.
 *
 * A word is a run of letters or digits, with inner apostrophes and hyphens
 * ("don't", "well-known"). Scripts written without spaces between words
 * (Chinese, Japanese, Thai, Lao, Khmer) count each character as a word, the
 * usual convention for their text length.
 */

const WORD_PATTERN = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** One character of an unspaced script; the capture keeps it when splitting. */
const UNSPACED_CHARACTER = /([\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Thai}\p{scx=Laoo}\p{scx=Khmr}])/u;

/** The words of `text`, by the rule above (an unspaced-script character is one word). */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const [token] of text.matchAll(WORD_PATTERN)) {
    if (!UNSPACED_CHARACTER.test(token)) {
      words.push(token);
      continue;
    }
    // Letters glued to unspaced script ("iPhoneを") still make a word of their own.
    for (const part of token.split(UNSPACED_CHARACTER)) {
      if (part) words.push(part);
    }
  }
  return words;
}

export function countWords(text: string): number {
  return wordsOf(text).length;
}
