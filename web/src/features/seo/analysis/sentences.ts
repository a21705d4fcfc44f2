/**
 * Sentences of a block of text. A sentence ends at . ! ? … (or the
 * full-width 。！？) followed by a space and a capital, digit or opening
 * quote — or at the end of the block; common abbreviations ("e.g.", "Dr.",
 * "z. B.") and decimals ("3.5") do not end one. Scripts without capitals
 * (CJK) end at their own full stops. Intl.Segmenter would do this too, but
 * costs far more per call than the editor's budget allows on long articles.
 */

const ABBREVIATIONS = new Set([
  "e.g", "i.e", "etc", "vs", "mr", "mrs", "ms", "dr", "prof", "st", "no", "fig", "approx", "ca", "cf",
  "z.b", "bzw", "usw", "ggf", "d.h", "u.a", "sr", "jr", "inc", "ltd", "co", "jan", "feb", "mar", "apr",
  "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
]);

/** A Latin-style end (followed by a space or the end), or a full-width one (no space follows in CJK text). */
const END = /[.!?…]+["'”’»)\]]*(?:\s+|$)|[。！？]+[」』”’)]*\s*/gu;
const STARTS_SENTENCE = /^["'“‘«(\[¿¡]*[\p{Lu}\p{N}]/u;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(END)) {
    const end = match.index! + match[0].length;
    const rest = text.slice(end);
    const fullWidth = /[。！？]/u.test(match[0]);
    if (!fullWidth && rest !== "" && !STARTS_SENTENCE.test(rest)) continue;
    if (!fullWidth && match[0].trimEnd() === ".") {
      const before = text.slice(start, match.index).split(/\s/).pop()?.toLowerCase() ?? "";
      if (ABBREVIATIONS.has(before) || /^\p{L}$/u.test(before)) continue;
    }
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const last = text.slice(start).trim();
  if (last) sentences.push(last);
  return sentences;
}
