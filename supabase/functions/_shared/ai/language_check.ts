/**
 * Is a draft written in the language it was asked for? franc (MIT, trigram
 * language identification, 187 languages as ISO 639-3 codes) reads the
 * article's text; only the languages of LOCALES are considered, so a short
 * or mixed text is matched against what the app offers. A text too short to
 * tell (under MIN_CHECKED_LETTERS letters) is not judged, and close
 * languages franc confuses count as each other (Locale.detects).
 */
import { franc } from "franc";
import { type DraftLanguageCheck, LOCALES, localeOf, localeOfDetected } from "../contracts/locales.ts";

/** Below this many letters franc's guess is unreliable: the draft is not judged. */
export const MIN_CHECKED_LETTERS = 120;

const CANDIDATES = [...new Set(LOCALES.flatMap((locale) => locale.detects))];

/** The article's readable text: tags and entities out, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[#a-z0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The check of a draft's title and content against `locale`. `detected` is
 * the language franc found (a locale tag of the list, "und" when it could not
 * tell); `mismatch` is true only when it found another language clearly.
 */
export function checkDraftLanguage(draft: { title: string; content: string }, locale: string): DraftLanguageCheck {
  const expected = localeOf(locale);
  const text = `${draft.title}. ${plainText(draft.content)}`;
  const letters = text.replace(/[^\p{L}]/gu, "").length;
  if (letters < MIN_CHECKED_LETTERS) return { expected: expected.tag, detected: "und", mismatch: false };
  const code = franc(text, { only: CANDIDATES, minLength: 1 });
  if (code === "und") return { expected: expected.tag, detected: "und", mismatch: false };
  if (expected.detects.includes(code)) return { expected: expected.tag, detected: expected.tag, mismatch: false };
  return { expected: expected.tag, detected: localeOfDetected(code)?.tag ?? "und", mismatch: true };
}
