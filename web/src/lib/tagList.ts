/** Splits comma-separated text (tags, categories) into trimmed, non-empty items. */
export function splitCommaList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The text form of a list, as typed in a comma-separated field. */
export function joinCommaList(items: readonly string[]): string {
  return items.join(", ");
}
