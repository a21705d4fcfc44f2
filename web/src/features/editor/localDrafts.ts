import { formatDateTime, formatTime } from "../../lib/dates";

/**
 * Unsaved article edits kept in this browser's localStorage, so a crash, a
 * reload or a closed tab does not lose them. One draft per user and article
 * ("new" for Create New Post); a draft records what it was based on (a hash
 * of the values the form started from), so an offer to restore it can say
 * when the article has been saved since. Storage failures (private mode,
 * quota) are ignored: the draft is a safety net, never in the way.
 *
 * Drafts stay when the session ends (they are how work survives an expired
 * session); they are removed on a successful save, on Discard, and when the
 * user confirms leaving without saving.
 */

export type DraftValues = Record<string, string | string[]>;

export type LocalDraft<V extends DraftValues> = {
  savedAt: Date;
  values: V;
  /** Hash of the values the form started from when the draft was written. */
  basedOn: string;
};

const PREFIX = "inkpress:article-draft:v1:";

export const localDraftKey = (userId: string, articleId: string | "new") => `${PREFIX}${userId}:${articleId}`;

/** FNV-1a over the JSON text: enough to tell whether the starting point changed. */
export function hashValues(values: DraftValues): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(values)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

export function sameValues(a: DraftValues, b: DraftValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored draft under `key`, or null when there is none or it cannot be
 * read. `template` gives the fields and their types: a stored value of
 * another type is not trusted, and a field missing from the draft keeps
 * the template's value.
 */
export function readLocalDraft<V extends DraftValues>(key: string, template: V): LocalDraft<V> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(key) ?? "null");
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { savedAt, values, basedOn } = parsed as Record<string, unknown>;
  const date = typeof savedAt === "string" ? new Date(savedAt) : null;
  if (!date || Number.isNaN(date.getTime()) || typeof values !== "object" || values === null) return null;
  const stored = values as Record<string, unknown>;
  const read = { ...template } as DraftValues;
  for (const [field, fallback] of Object.entries(template)) {
    const value = stored[field];
    if (Array.isArray(fallback)) {
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) read[field] = value;
    } else if (typeof value === "string") {
      read[field] = value;
    }
  }
  return { savedAt: date, values: read as V, basedOn: typeof basedOn === "string" ? basedOn : "" };
}

export function writeLocalDraft(key: string, draft: LocalDraft<DraftValues>): void {
  try {
    storage()?.setItem(key, JSON.stringify({ ...draft, savedAt: draft.savedAt.toISOString() }));
  } catch {
    // Full or unavailable: nothing to do but go on without the safety net.
  }
}

export function removeLocalDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Unavailable: nothing was stored either.
  }
}

/** "3:05 PM" for today, else "Nov 21, 2026, 3:05 PM". */
export function formatDraftTime(savedAt: Date, now = new Date()): string {
  return savedAt.toDateString() === now.toDateString() ? formatTime(savedAt) : formatDateTime(savedAt);
}
