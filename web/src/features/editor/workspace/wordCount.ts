/**
 * The words a reader sees in article HTML: tags and entities are not words,
 * block boundaries separate words ("<p>one</p><p>two</p>" is two), and a
 * word is a run of characters with at least one letter or digit (a lone "—"
 * or "&" is not counted).
 */
export function countWords(html: string): number {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/gi, " ")
    .replace(/&[a-z]+;|&#\d+;|&#x[0-9a-f]+;/gi, "'");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
