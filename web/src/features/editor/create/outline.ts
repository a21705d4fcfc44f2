import { outlineHeadingsSchema } from "@contracts/outline";

/** One heading of the outline being edited; `id` keeps its input (and focus) while headings move. */
export type OutlineItem = { id: string; text: string };

let nextId = 0;

/** An outline item with an id unique on this page. */
export function outlineItem(text: string): OutlineItem {
  nextId += 1;
  return { id: `h${nextId}`, text };
}

export type OutlineError = { id: string; message: string };

/**
 * The headings to send with the draft request, checked as generate-article
 * checks them (contracts/outline.ts), or the first heading that cannot be
 * sent and why (an empty one). The editor keeps the count within bounds
 * (Remove stops at one heading, Add at the maximum); were the list itself
 * refused, its first heading carries the message.
 */
export function outlineRequest(items: OutlineItem[]): { headings: string[] } | { error: OutlineError } {
  const parsed = outlineHeadingsSchema.safeParse(items.map((item) => item.text));
  if (parsed.success) return { headings: parsed.data };
  const issue = parsed.error.issues[0];
  const index = typeof issue.path[0] === "number" ? issue.path[0] : 0;
  return { error: { id: items[index].id, message: issue.message } };
}
