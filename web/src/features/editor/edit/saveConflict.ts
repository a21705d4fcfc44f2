import { isArticleStatus, type EditValues } from "./editForm";
import { parseDateTimeLocal } from "./localDateTime";
import { splitCommaList } from "../../../lib/tagList";
import type { Article, ArticleChanges, ArticleText } from "../../articles/index";

/**
 * A save refused because the article changed elsewhere since the form was
 * opened (another tab or device, the scheduler publishing it, a drip rule
 * scheduling it): what changed there, what the person changed here, and the
 * save that puts their changes over the article as it is now.
 */

/** The edit form's state: its fields, and the target sites picked for a schedule. */
export type FormState = { values: EditValues; siteIds: readonly string[] };

/** Text fields, in the form's order. */
const TEXT_FIELDS = [
  "title",
  "content",
  "excerpt",
  "metaDescription",
  "focusKeyword",
  "slug",
  "categories",
  "tags",
] as const satisfies readonly (keyof ArticleText & keyof EditValues)[];

type TextField = (typeof TEXT_FIELDS)[number];

export const FIELD_LABELS: Readonly<Record<TextField | "schedule", string>> = {
  title: "Title",
  content: "Content",
  excerpt: "Excerpt",
  metaDescription: "Meta Description",
  focusKeyword: "Focus Keyword",
  slug: "Slug",
  categories: "Categories",
  tags: "Tags",
  schedule: "Status and schedule",
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** The fields the person changed in the form since it was opened (`initial`). */
export function changedHere(initial: FormState, mine: FormState): (TextField | "schedule")[] {
  const changed: (TextField | "schedule")[] = TEXT_FIELDS.filter((field) => mine.values[field] !== initial.values[field]);
  const scheduleChanged =
    mine.values.status !== initial.values.status ||
    (mine.values.status === "scheduled" &&
      (mine.values.scheduledFor !== initial.values.scheduledFor || !sameSet(mine.siteIds, initial.siteIds)));
  return scheduleChanged ? [...changed, "schedule"] : changed;
}

/** The article's state that is not its text, as the conflict view lists it. */
export type StateChange =
  | { kind: "status"; before: string; after: string }
  | { kind: "schedule"; before: Date | null; after: Date | null }
  | { kind: "sites"; before: readonly string[]; after: readonly string[] }
  | { kind: "featuredImage"; before: string | null; after: string | null }
  | { kind: "assistant" };

/** How the article's state differs between the version the form started from and the one saved elsewhere. */
export function stateChanges(base: Article, current: Article): StateChange[] {
  const changes: StateChange[] = [];
  if (base.status !== current.status) changes.push({ kind: "status", before: base.status, after: current.status });
  if (base.scheduledFor?.getTime() !== current.scheduledFor?.getTime()) {
    changes.push({ kind: "schedule", before: base.scheduledFor, after: current.scheduledFor });
  }
  if (!sameSet(base.scheduledSiteIds, current.scheduledSiteIds)) {
    changes.push({ kind: "sites", before: base.scheduledSiteIds, after: current.scheduledSiteIds });
  }
  if (base.featuredImageUrl !== current.featuredImageUrl) {
    changes.push({ kind: "featuredImage", before: base.featuredImageUrl, after: current.featuredImageUrl });
  }
  if (base.assistantId !== current.assistantId) changes.push({ kind: "assistant" });
  return changes;
}

/** The form's value of a text field, as it is saved. */
function formText(values: EditValues, field: TextField): ArticleText[TextField] {
  return field === "categories" || field === "tags" ? splitCommaList(values[field]) : values[field];
}

/**
 * The save of "mine over theirs": every field the person changed here takes
 * the form's value; every other field keeps the article as it is now, so a
 * schedule (status, time, target sites) set elsewhere stays unless the
 * person changed the schedule here.
 */
export function mineOverTheirs(initial: FormState, mine: FormState, current: Article): ArticleChanges {
  const changed = new Set(changedHere(initial, mine));
  const fields = {
    ...(Object.fromEntries(
      TEXT_FIELDS.map((field) => [field, changed.has(field) ? formText(mine.values, field) : current[field]]),
    ) as ArticleText),
    // The language chosen here, when it was changed here; else the article keeps its own (as it is now).
    ...(mine.values.locale !== initial.values.locale ? { locale: mine.values.locale || null } : {}),
  };
  if (changed.has("schedule")) {
    const scheduled = mine.values.status === "scheduled";
    return {
      ...fields,
      status: mine.values.status,
      scheduledFor: scheduled ? parseDateTimeLocal(mine.values.scheduledFor) : null,
      scheduledSiteIds: scheduled ? [...mine.siteIds] : [],
    };
  }
  return {
    ...fields,
    status: isArticleStatus(current.status) ? current.status : "draft",
    scheduledFor: current.scheduledFor,
    scheduledSiteIds: current.scheduledSiteIds,
  };
}

/** The text of the form to take along (Copy my text): title, then the content as plain text and as HTML. */
export function copiedText(values: EditValues): { plain: string; html: string } {
  const body = new DOMParser().parseFromString(values.content, "text/html").body;
  const blocks = [...body.querySelectorAll("h1,h2,h3,h4,h5,h6,p,li,blockquote,pre")]
    .filter((element) => !element.parentElement?.closest("li,blockquote"))
    .map((element) => element.textContent?.trim() ?? "")
    .filter(Boolean);
  const plainBody = blocks.length > 0 ? blocks.join("\n\n") : (body.textContent ?? "").trim();
  return { plain: `${values.title}\n\n${plainBody}`, html: `<h1>${escapeHtml(values.title)}</h1>\n${values.content}` };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

