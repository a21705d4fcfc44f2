/**
 * Where the Bulk screen's ideas come from: text with one idea per line, a CSV
 * file (idea, optional focus keyword, categories, tags) or keywords picked
 * from the keyword research results. Every source gives the same shape, the
 * draft-batches function's idea; validation (lengths, counts) is the shared
 * schema's, on submit.
 */
import type { DraftIdea } from "@contracts/draft_batch";

export type { DraftIdea };

/** Each non-blank line is an idea. */
export function ideasFromLines(text: string): DraftIdea[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((idea) => ({ idea }));
}

/** A keyword from the research table becomes an idea with itself as the focus keyword. */
export function ideasFromKeywords(keywords: readonly string[]): DraftIdea[] {
  return keywords.map((keyword) => ({ idea: keyword, focusKeyword: keyword }));
}

/**
 * RFC 4180 records: fields separated by commas, quoted with double quotes
 * (a doubled quote inside is one quote; commas and line breaks inside quotes
 * are data), records ending in CRLF, LF or CR. A leading byte-order mark is
 * dropped (Excel writes one). Blank lines are no records.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
  };
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (quoted) {
      if (char !== '"') field += char;
      else if (source[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
      continue;
    }
    if (char === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (char === ",") endField();
    else if (char === "\r" || char === "\n") {
      if (char === "\r" && source[index + 1] === "\n") index++;
      endRecord();
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field || record.length) endRecord();
  return records;
}

/** Terms in one cell: separated by semicolons or commas. */
function terms(cell: string | undefined): string[] {
  return (cell ?? "").split(/[;,]/).map((term) => term.trim()).filter(Boolean);
}

const COLUMN_NAMES: Record<string, keyof DraftIdea> = {
  idea: "idea",
  ideas: "idea",
  title: "idea",
  topic: "idea",
  "focus keyword": "focusKeyword",
  focus_keyword: "focusKeyword",
  keyword: "focusKeyword",
  category: "categories",
  categories: "categories",
  tag: "tags",
  tags: "tags",
};

export type CsvIdeas = { ideas: DraftIdea[]; skippedRows: number };

/**
 * Ideas from a CSV file. With a header row (one of its cells names the idea
 * column exactly: idea, title or topic) columns are found by name (focus
 * keyword, categories, tags; others are ignored); without one they are idea,
 * focus keyword, categories, tags in that order. Categories and tags may hold
 * several terms separated by semicolons or commas. Rows without an idea are
 * skipped and counted.
 */
export function ideasFromCsv(text: string): CsvIdeas {
  const records = parseCsv(text);
  const header = records[0]?.map((cell) => cell.trim().toLowerCase());
  const named = header?.some((name) => COLUMN_NAMES[name] === "idea") ?? false;
  const columns: (keyof DraftIdea | undefined)[] = named && header
    ? header.map((name) => COLUMN_NAMES[name])
    : ["idea", "focusKeyword", "categories", "tags"];
  const ideas: DraftIdea[] = [];
  let skippedRows = 0;
  for (const record of named ? records.slice(1) : records) {
    const cell = (column: keyof DraftIdea) => record[columns.indexOf(column)];
    const idea = cell("idea")?.trim() ?? "";
    if (!idea) {
      skippedRows++;
      continue;
    }
    const focusKeyword = cell("focusKeyword")?.trim();
    const categories = terms(cell("categories"));
    const tags = terms(cell("tags"));
    ideas.push({
      idea,
      ...(focusKeyword ? { focusKeyword } : {}),
      ...(categories.length ? { categories } : {}),
      ...(tags.length ? { tags } : {}),
    });
  }
  return { ideas, skippedRows };
}
