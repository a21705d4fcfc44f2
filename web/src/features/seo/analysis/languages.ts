/**
 * What the readability checks know per language: a Flesch reading-ease
 * formula where one is published for the language, how syllables are
 * counted, whether passive voice can be detected, and when a sentence is
 * long. Formulas are facts from the literature (their sources are in
 * docs/seo.md); the code is ours. A language not listed gets the general
 * rules and "not checked for this language" where a check needs a formula.
 */
import { syllable as englishSyllables } from "syllable";
import { KNOWN_LANGUAGE_NAMES, type KnownLanguage } from "./catalog";

/** ASL: average sentence length in words; ASW: average syllables per word. */
type Formula = (asl: number, asw: number) => number;

export interface LanguageRules {
  /** ISO 639-1 where there is one (en, de…), else the detector's ISO 639-3 code. */
  code: string;
  /** Its English name, e.g. "German". */
  name: string;
  readingEase?: { formula: Formula; source: string; syllables(word: string): number };
  /** English only: a form of "to be" followed by a past participle. */
  passiveVoice: boolean;
  /** A sentence longer than this many words is "long" (Yoast's per-language limits). */
  longSentenceWords: number;
  /** Written without spaces (each character counts as a word): length limits are doubled. */
  unspaced: boolean;
}

/**
 * Syllables as runs of vowels, for languages whose spelling marks them
 * plainly. `hiatus` vowels next to each other are separate syllables
 * (Spanish "po-e-ma"); `silentEnding` drops a final mute e (French).
 */
function vowelGroups(vowels: string, options: { hiatus?: RegExp; silentEnding?: RegExp } = {}) {
  const groups = new RegExp(`[${vowels}]+`, "gu");
  return (word: string): number => {
    let text = word.toLowerCase();
    if (options.silentEnding && text.length > 3) text = text.replace(options.silentEnding, "");
    const runs = text.match(groups) ?? [];
    let count = runs.length;
    if (options.hiatus) for (const run of runs) count += (run.match(options.hiatus) ?? []).length;
    return Math.max(1, count);
  };
}

/** Memoised per word: articles repeat their words, and `syllable` is the costly part of the analysis. */
function memo(count: (word: string) => number): (word: string) => number {
  const cache = new Map<string, number>();
  return (word) => {
    const key = word.toLowerCase();
    let value = cache.get(key);
    if (value === undefined) {
      value = count(key);
      if (cache.size > 50_000) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

const GENERAL = { passiveVoice: false, longSentenceWords: 20, unspaced: false };

const KNOWN: Record<KnownLanguage, Omit<LanguageRules, "code">> = {
  en: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.en,
    passiveVoice: true,
    readingEase: {
      formula: (asl, asw) => 206.835 - 1.015 * asl - 84.6 * asw,
      source: "Flesch (1948)",
      syllables: memo((word) => Math.max(1, englishSyllables(word))),
    },
  },
  de: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.de,
    readingEase: {
      formula: (asl, asw) => 180 - asl - 58.5 * asw,
      source: "Amstad (1978)",
      syllables: memo(vowelGroups("aeiouyäöü")),
    },
  },
  es: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.es,
    longSentenceWords: 25,
    readingEase: {
      formula: (asl, asw) => 206.84 - 1.02 * asl - 60 * asw,
      source: "Fernández Huerta (1959)",
      syllables: memo(vowelGroups("aeiouáéíóúü", { hiatus: /[aeoáéó](?=[aeoáéó])|[íú](?=[aeiou])|(?<=[aeiou])[íú]/gu })),
    },
  },
  fr: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.fr,
    readingEase: {
      formula: (asl, asw) => 207 - 1.015 * asl - 73.6 * asw,
      source: "Kandel & Moles (1958)",
      syllables: memo(vowelGroups("aeiouyàâäéèêëîïôöûùüÿœæ", { silentEnding: /e(s|nt)?$/ })),
    },
  },
  it: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.it,
    longSentenceWords: 25,
    readingEase: {
      formula: (asl, asw) => 217 - 1.3 * asl - 60 * asw,
      source: "Franchina & Vacca (1986)",
      syllables: memo(vowelGroups("aeiouàèéìíòóù", { hiatus: /[aeoàèéòó](?=[aeoàèéòó])/gu })),
    },
  },
  nl: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.nl,
    readingEase: {
      formula: (asl, asw) => 206.84 - 0.93 * asl - 77 * asw,
      source: "Douma (1960)",
      syllables: memo(vowelGroups("aeiouyáéíóúëïöü")),
    },
  },
  pt: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.pt,
    longSentenceWords: 25,
    readingEase: {
      formula: (asl, asw) => 248.835 - 1.015 * asl - 84.6 * asw,
      source: "Martins et al. (1996)",
      syllables: memo(vowelGroups("aeiouáâãàéêíóôõúü", { hiatus: /[aeoáéó](?=[aeoáéó])/gu })),
    },
  },
  ru: {
    ...GENERAL,
    name: KNOWN_LANGUAGE_NAMES.ru,
    longSentenceWords: 15,
    readingEase: {
      formula: (asl, asw) => 206.835 - 1.3 * asl - 60.1 * asw,
      source: "Oborneva (2006)",
      // Every Russian vowel letter is one syllable.
      syllables: memo((word) => Math.max(1, (word.match(/[аеёиоуыэюя]/giu) ?? []).length)),
    },
  },
  ca: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.ca, longSentenceWords: 25 },
  fa: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.fa, longSentenceWords: 25 },
  he: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.he, longSentenceWords: 15 },
  tr: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.tr, longSentenceWords: 15 },
  ja: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.ja, longSentenceWords: 40, unspaced: true },
  zh: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.zh, longSentenceWords: 40, unspaced: true },
  th: { ...GENERAL, name: KNOWN_LANGUAGE_NAMES.th, unspaced: true },
};

/** ISO 639-3 codes of franc-min mapped to the ISO 639-1 codes above. */
const FROM_639_3: Record<string, string> = {
  eng: "en",
  deu: "de",
  spa: "es",
  fra: "fr",
  ita: "it",
  nld: "nl",
  por: "pt",
  rus: "ru",
  cat: "ca",
  pes: "fa",
  heb: "he",
  tur: "tr",
  jpn: "ja",
  cmn: "zh",
  tha: "th",
};

function displayName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The rules for `code` (ISO 639-1, or an ISO 639-3 code from the detector). */
export function languageRules(code: string): LanguageRules {
  const short = FROM_639_3[code] ?? code;
  const known = short in KNOWN ? KNOWN[short as KnownLanguage] : undefined;
  return known ? { code: short, ...known } : { code: short, name: displayName(short), ...GENERAL };
}

/** Characters of text the detector reads (franc reads at most 2,048). */
const DETECTION_SAMPLE = 2_000;
/** Below this much text no language is guessed. */
export const DETECTION_MIN_CHARACTERS = 40;

/**
 * The language of `text` (ISO 639-1 where known), or null when the text is
 * too short to tell. franc-min (MIT, 82 languages) is loaded on first use.
 */
export async function detectLanguage(text: string): Promise<string | null> {
  const sample = text.slice(0, DETECTION_SAMPLE);
  if (sample.trim().length < DETECTION_MIN_CHARACTERS) return null;
  const { franc } = await import("franc-min");
  const found = franc(sample, { minLength: DETECTION_MIN_CHARACTERS });
  return found === "und" ? null : (FROM_639_3[found] ?? found);
}
