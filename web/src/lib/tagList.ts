/**
 * Splits comma-separated text (tags, categories) into trimmed, non-empty
 * items, each once: "SEO, seo , Seo" is one item, spelled as first typed
 * (WordPress matches terms by name without regard to case, so two spellings
 * would be one term there anyway). Inner runs of spaces count as one.
 */
export function splitCommaList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of text.split(",")) {
    const item = part.trim().replace(/\s+/g, " ");
    const key = item.toLowerCase();
    if (item === "" || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** The text form of a list, as typed in a comma-separated field. */
export function joinCommaList(items: readonly string[]): string {
  return items.join(", ");
}
