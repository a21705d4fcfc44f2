/**
 * Finding the focus keyword in text. Case never matters, nor accents when
 * the text leaves them out ("cafe" finds "café"); words must match whole
 * ("tomato" is not found in "tomatoes" — the keyword should be used as
 * written). A place "contains" the keyword when every word of it appears
 * there, in any order (Yoast's rule for titles, headings and the
 * introduction); density counts the exact phrase.
 */
import { wordsOf } from "@contracts/text_words";

/** Lower case without diacritics, so "Café" and "cafe" compare equal. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase().normalize("NFC");
}

/** The keyword's words, folded. */
export function keywordWords(keyword: string): string[] {
  return wordsOf(fold(keyword));
}

/** Whether every word of the keyword appears in `text` as a whole word. */
export function containsKeyword(text: string, keyword: readonly string[]): boolean {
  if (keyword.length === 0) return false;
  const words = new Set(wordsOf(fold(text)));
  return keyword.every((word) => words.has(word));
}

/** How often the exact keyword phrase appears in `words` (already folded). */
export function countPhrase(words: readonly string[], keyword: readonly string[]): number {
  if (keyword.length === 0) return 0;
  let count = 0;
  for (let index = 0; index + keyword.length <= words.length; index++) {
    let matches = true;
    for (let offset = 0; offset < keyword.length; offset++) {
      if (words[index + offset] !== keyword[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) {
      count += 1;
      index += keyword.length - 1;
    }
  }
  return count;
}

/** German and Nordic letters as slugs spell them; other accents are dropped by `fold`. */
const TRANSLITERATIONS: [RegExp, string][] = [
  [/ä/g, "ae"],
  [/ö/g, "oe"],
  [/ü/g, "ue"],
  [/ß/g, "ss"],
  [/æ/g, "ae"],
  [/ø/g, "oe"],
  [/å/g, "aa"],
];

/**
 * Whether a slug holds every word of the keyword: as written, without
 * accents, or transliterated ("grüße" → "gruesse"); a percent-encoded slug
 * is decoded first.
 */
export function slugContainsKeyword(slug: string, keyword: string): boolean {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // Keep the slug as typed.
  }
  const parts = new Set(decoded.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(fold));
  const words = wordsOf(keyword.toLowerCase());
  if (words.length === 0) return false;
  return words.every((word) => {
    const transliterated = TRANSLITERATIONS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), word);
    // "well-known" in a keyword is two parts in a slug.
    return [word, transliterated, word.replace(/ß/g, "ss")].some((form) => fold(form).split(/[^\p{L}\p{N}]+/u).filter(Boolean).every((part) => parts.has(part)));
  });
}
