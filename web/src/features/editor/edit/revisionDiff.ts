import { diffArrays, diffWords } from "diff";
import type { ArticleText } from "../../articles/index";

/**
 * A readable comparison of an article revision with the current text, for
 * the History panel: the content is compared as text, one line per block
 * (paragraph, heading, list item, quote, code line, image), so markup that
 * only changed shape (an editor writing `<b>` as `<strong>`) shows no
 * difference. Lines are matched first (jsdiff's diffArrays); a line that was
 * edited rather than replaced is then compared word by word (diffWords).
 * Long unchanged stretches are folded to a count with a little context.
 *
 * "removed" is in the revision but no longer in the current text, "added"
 * is in the current text but was not in the revision.
 */

/** What History compares: an article's text and SEO fields. */
export type ComparedText = ArticleText;

export type Segment = { change: "same" | "added" | "removed"; text: string };

export type DiffRow =
  | { kind: "same" | "added" | "removed"; text: string }
  | { kind: "changed"; segments: Segment[] }
  | { kind: "folded"; lines: number };

export type FieldDiff = { field: keyof ComparedText; label: string; rows: DiffRow[] };

/** Unchanged lines kept on each side of a change; longer unchanged runs are folded. */
export const CONTEXT_LINES = 2;

/** How alike two lines must be (share of their characters in common words) to be shown as one edited line. */
const EDITED_LINE_SIMILARITY = 0.4;

/** Give up matching lines after this long and show the texts as replaced. */
const LINE_MATCH_TIMEOUT_MS = 1_500;

const FIELD_LABELS: Record<keyof ComparedText, string> = {
  title: "Title",
  content: "Content",
  excerpt: "Excerpt",
  metaDescription: "Meta Description",
  focusKeyword: "Focus Keyword",
  slug: "Slug",
  categories: "Categories",
  tags: "Tags",
};

const BLOCKS = new Set([
  "ADDRESS", "ARTICLE", "ASIDE", "BLOCKQUOTE", "DD", "DETAILS", "DIV", "DL", "DT", "FIGCAPTION", "FIGURE", "FOOTER",
  "H1", "H2", "H3", "H4", "H5", "H6", "HEADER", "HR", "LI", "MAIN", "NAV", "OL", "P", "PRE", "SECTION", "SUMMARY",
  "TABLE", "TBODY", "TD", "TFOOT", "TH", "THEAD", "TR", "UL",
]);

/** Elements whose text is not part of what a reader sees (saved content has none: it is sanitised). */
const UNREAD = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);

/** What a block's line starts with, so its kind still reads in plain text. */
function linePrefix(element: Element): string {
  const heading = /^H([1-6])$/.exec(element.tagName);
  if (heading) return `${"#".repeat(Number(heading[1]))} `;
  if (element.tagName === "LI") return "• ";
  if (element.tagName === "BLOCKQUOTE") return "> ";
  return "";
}

/**
 * The article HTML as lines of text, one per block. Parsed with DOMParser
 * into an inert document: no script runs and no image loads.
 */
export function readableLines(html: string): string[] {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  const lines: string[] = [];
  let line = "";
  let prefix = "";
  const flush = () => {
    const text = line.replace(/\s+/g, " ").trim();
    if (text) lines.push(prefix + text);
    line = "";
    prefix = "";
  };
  const visit = (node: Node, inPre: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!inPre) {
        line += node.textContent ?? "";
        return;
      }
      const [first = "", ...rest] = (node.textContent ?? "").split("\n");
      line += first;
      for (const next of rest) {
        flush();
        line = next;
      }
      return;
    }
    if (!(node instanceof Element) || UNREAD.has(node.tagName)) return;
    if (node.tagName === "BR") return flush();
    if (node.tagName === "IMG") {
      const alt = node.getAttribute("alt")?.trim();
      const src = node.getAttribute("src") ?? "";
      line += ` [Image${alt ? `: ${alt}` : ""} ${src}] `;
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block) {
      flush();
      prefix = linePrefix(node);
    }
    for (const child of node.childNodes) visit(child, inPre || node.tagName === "PRE");
    if (block) flush();
  };
  visit(body, false);
  flush();
  return lines;
}

/** Word-by-word comparison of one line. */
function wordSegments(before: string, after: string): Segment[] {
  return diffWords(before, after).map((part) => ({
    change: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
}

/** Share of the two lines' characters that are in common words (0..1). */
function similarity(segments: Segment[]): number {
  let same = 0;
  let total = 0;
  for (const segment of segments) {
    const length = segment.text.trim().length;
    total += segment.change === "same" ? 2 * length : length;
    if (segment.change === "same") same += 2 * length;
  }
  return total === 0 ? 1 : same / total;
}

/** Removed lines followed by added ones: each pair that is alike is one edited line, the rest stay whole. */
function pairLines(removed: string[], added: string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  const pairs = Math.min(removed.length, added.length);
  for (let index = 0; index < pairs; index++) {
    const segments = wordSegments(removed[index], added[index]);
    if (similarity(segments) >= EDITED_LINE_SIMILARITY) {
      rows.push({ kind: "changed", segments });
    } else {
      rows.push({ kind: "removed", text: removed[index] }, { kind: "added", text: added[index] });
    }
  }
  for (const text of removed.slice(pairs)) rows.push({ kind: "removed", text });
  for (const text of added.slice(pairs)) rows.push({ kind: "added", text });
  return rows;
}

/** Unchanged runs longer than the context around them become one folded row. */
function foldUnchanged(rows: DiffRow[]): DiffRow[] {
  const folded: DiffRow[] = [];
  let index = 0;
  while (index < rows.length) {
    if (rows[index].kind !== "same") {
      folded.push(rows[index++]);
      continue;
    }
    let end = index;
    while (end < rows.length && rows[end].kind === "same") end++;
    const keepBefore = index === 0 ? 0 : CONTEXT_LINES;
    const keepAfter = end === rows.length ? 0 : CONTEXT_LINES;
    const hidden = end - index - keepBefore - keepAfter;
    if (hidden > 1) {
      folded.push(...rows.slice(index, index + keepBefore), { kind: "folded", lines: hidden });
      folded.push(...rows.slice(end - keepAfter, end));
    } else {
      folded.push(...rows.slice(index, end));
    }
    index = end;
  }
  return folded;
}

/** Line-by-line comparison of two texts given as lines, edited lines word by word, unchanged runs folded. */
export function diffLinesOf(before: string[], after: string[]): DiffRow[] {
  const changes = diffArrays(before, after, { timeout: LINE_MATCH_TIMEOUT_MS });
  if (!changes) {
    return [
      ...before.map((text): DiffRow => ({ kind: "removed", text })),
      ...after.map((text): DiffRow => ({ kind: "added", text })),
    ];
  }
  const rows: DiffRow[] = [];
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index];
    if (!change.added && !change.removed) {
      for (const text of change.value) rows.push({ kind: "same", text });
    } else if (change.removed && changes[index + 1]?.added) {
      rows.push(...pairLines(change.value, changes[index + 1].value));
      index++;
    } else {
      for (const text of change.value) rows.push({ kind: change.added ? "added" : "removed", text });
    }
  }
  return foldUnchanged(rows);
}

function diffText(before: string, after: string): DiffRow[] {
  if (before === after) return [];
  if (!before) return [{ kind: "added", text: after }];
  if (!after) return [{ kind: "removed", text: before }];
  return [{ kind: "changed", segments: wordSegments(before, after) }];
}

/** Terms kept, dropped and new, in the order they are listed. */
function diffTerms(before: string[], after: string[]): DiffRow[] {
  const key = (term: string) => term.trim().toLowerCase();
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  const segments: Segment[] = [
    ...after.map((text): Segment => ({ change: beforeKeys.has(key(text)) ? "same" : "added", text })),
    ...before.filter((text) => !afterKeys.has(key(text))).map((text): Segment => ({ change: "removed", text })),
  ];
  if (segments.every((segment) => segment.change === "same")) return [];
  const joined = segments.flatMap((segment, index) =>
    index === 0 ? [segment] : [{ change: "same", text: ", " } as Segment, segment],
  );
  return [{ kind: "changed", segments: joined }];
}

/**
 * What differs between a revision and the current text, field by field
 * (only the fields that differ, in the form's order). Empty: they read the same.
 */
export function compareRevision(revision: ComparedText, current: ComparedText): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const add = (field: keyof ComparedText, rows: DiffRow[]) => {
    if (rows.length > 0) diffs.push({ field, label: FIELD_LABELS[field], rows });
  };
  add("title", diffText(revision.title.trim(), current.title.trim()));
  const contentRows = diffLinesOf(readableLines(revision.content), readableLines(current.content));
  add("content", contentRows.some((row) => row.kind !== "same" && row.kind !== "folded") ? contentRows : []);
  add("excerpt", diffText(revision.excerpt.trim(), current.excerpt.trim()));
  add("metaDescription", diffText(revision.metaDescription.trim(), current.metaDescription.trim()));
  add("focusKeyword", diffText(revision.focusKeyword.trim(), current.focusKeyword.trim()));
  add("slug", diffText(revision.slug.trim(), current.slug.trim()));
  add("categories", diffTerms(revision.categories, current.categories));
  add("tags", diffTerms(revision.tags, current.tags));
  return diffs;
}
