/**
 * HTML that is still being written (an AI draft streaming in), without a tag
 * cut off at its end: "<p>Hello</p><h" shows as "<p>Hello</p>", not with a
 * stray "<h" as text.
 */
export function withoutUnfinishedTag(html: string): string {
  const open = html.lastIndexOf("<");
  return open > html.lastIndexOf(">") ? html.slice(0, open) : html;
}

/** Whether HTML (finished or not) shows any text: "<p><strong>" shows none, "<p>H" does. */
export function showsText(html: string): boolean {
  return /\S/.test(withoutUnfinishedTag(html).replace(/<[^>]*>/g, ""));
}
