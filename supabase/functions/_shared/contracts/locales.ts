/**
 * The languages articles are written in: BCP-47 tags offered for a site, an
 * assistant and an article (the article's wins, then the assistant's, then
 * the site's, then English). One list for the browser, the functions and the
 * database: migration 20261214000100's `public.is_supported_locale` holds the
 * same tags (locales_test.ts compares them). Imports nothing.
 *
 * `detects` are the ISO 639-3 codes the language check (franc) may answer for
 * text in that language: close languages it cannot tell apart reliably are
 * accepted for each other (Croatian/Serbian/Bosnian, Norwegian/Danish,
 * Indonesian/Malay, Persian/Dari), so the check flags only clear drifts.
 */

export interface Locale {
  /** BCP-47 tag. */
  tag: string;
  /** English name, used in prompts ("Write the whole article in Spanish (es)"). */
  name: string;
  /** The name in the language itself, shown beside the English one. */
  nativeName: string;
  detects: readonly string[];
}

export const DEFAULT_LOCALE = "en";

export const LOCALES: readonly Locale[] = [
  { tag: "en", name: "English", nativeName: "English", detects: ["eng", "sco"] },
  { tag: "en-GB", name: "English (United Kingdom)", nativeName: "English (UK)", detects: ["eng", "sco"] },
  { tag: "es", name: "Spanish", nativeName: "Español", detects: ["spa"] },
  { tag: "es-MX", name: "Spanish (Mexico)", nativeName: "Español (México)", detects: ["spa"] },
  { tag: "fr", name: "French", nativeName: "Français", detects: ["fra"] },
  { tag: "fr-CA", name: "French (Canada)", nativeName: "Français (Canada)", detects: ["fra"] },
  { tag: "de", name: "German", nativeName: "Deutsch", detects: ["deu"] },
  { tag: "it", name: "Italian", nativeName: "Italiano", detects: ["ita"] },
  { tag: "pt-BR", name: "Portuguese (Brazil)", nativeName: "Português (Brasil)", detects: ["por"] },
  { tag: "pt-PT", name: "Portuguese (Portugal)", nativeName: "Português (Portugal)", detects: ["por"] },
  { tag: "nl", name: "Dutch", nativeName: "Nederlands", detects: ["nld"] },
  { tag: "ca", name: "Catalan", nativeName: "Català", detects: ["cat"] },
  { tag: "pl", name: "Polish", nativeName: "Polski", detects: ["pol"] },
  { tag: "cs", name: "Czech", nativeName: "Čeština", detects: ["ces", "slk"] },
  { tag: "sk", name: "Slovak", nativeName: "Slovenčina", detects: ["slk", "ces"] },
  { tag: "hu", name: "Hungarian", nativeName: "Magyar", detects: ["hun"] },
  { tag: "ro", name: "Romanian", nativeName: "Română", detects: ["ron"] },
  { tag: "bg", name: "Bulgarian", nativeName: "Български", detects: ["bul", "mkd"] },
  { tag: "hr", name: "Croatian", nativeName: "Hrvatski", detects: ["hrv", "bos", "srp"] },
  { tag: "sr", name: "Serbian", nativeName: "Српски", detects: ["srp", "hrv", "bos"] },
  { tag: "sl", name: "Slovenian", nativeName: "Slovenščina", detects: ["slv"] },
  { tag: "el", name: "Greek", nativeName: "Ελληνικά", detects: ["ell"] },
  { tag: "ru", name: "Russian", nativeName: "Русский", detects: ["rus"] },
  { tag: "uk", name: "Ukrainian", nativeName: "Українська", detects: ["ukr"] },
  { tag: "lt", name: "Lithuanian", nativeName: "Lietuvių", detects: ["lit"] },
  { tag: "lv", name: "Latvian", nativeName: "Latviešu", detects: ["lvs"] },
  { tag: "et", name: "Estonian", nativeName: "Eesti", detects: ["ekk"] },
  { tag: "fi", name: "Finnish", nativeName: "Suomi", detects: ["fin"] },
  { tag: "sv", name: "Swedish", nativeName: "Svenska", detects: ["swe"] },
  { tag: "da", name: "Danish", nativeName: "Dansk", detects: ["dan", "nob", "nno"] },
  { tag: "nb", name: "Norwegian Bokmål", nativeName: "Norsk bokmål", detects: ["nob", "nno", "dan"] },
  { tag: "tr", name: "Turkish", nativeName: "Türkçe", detects: ["tur"] },
  { tag: "ar", name: "Arabic", nativeName: "العربية", detects: ["arb"] },
  { tag: "he", name: "Hebrew", nativeName: "עברית", detects: ["heb"] },
  { tag: "fa", name: "Persian", nativeName: "فارسی", detects: ["pes", "prs"] },
  { tag: "hi", name: "Hindi", nativeName: "हिन्दी", detects: ["hin", "mai", "bho", "mag"] },
  { tag: "bn", name: "Bengali", nativeName: "বাংলা", detects: ["ben"] },
  { tag: "id", name: "Indonesian", nativeName: "Bahasa Indonesia", detects: ["ind", "zlm"] },
  { tag: "ms", name: "Malay", nativeName: "Bahasa Melayu", detects: ["zlm", "ind"] },
  { tag: "vi", name: "Vietnamese", nativeName: "Tiếng Việt", detects: ["vie"] },
  { tag: "th", name: "Thai", nativeName: "ไทย", detects: ["tha"] },
  { tag: "zh-CN", name: "Chinese (Simplified)", nativeName: "简体中文", detects: ["cmn"] },
  { tag: "zh-TW", name: "Chinese (Traditional)", nativeName: "繁體中文", detects: ["cmn"] },
  { tag: "ja", name: "Japanese", nativeName: "日本語", detects: ["jpn"] },
  { tag: "ko", name: "Korean", nativeName: "한국어", detects: ["kor"] },
];

export const LOCALE_TAGS: readonly string[] = LOCALES.map((locale) => locale.tag);

const BY_TAG = new Map(LOCALES.map((locale) => [locale.tag, locale]));

export const LOCALE_MESSAGE = "Choose one of the languages offered";

export function isSupportedLocale(tag: string): boolean {
  return BY_TAG.has(tag);
}

/** The locale of a supported tag; English for anything else. */
export function localeOf(tag: string | null | undefined): Locale {
  return BY_TAG.get(tag ?? "") ?? BY_TAG.get(DEFAULT_LOCALE)!;
}

/** "Spanish (es)": how prompts and notices name a language. */
export function languageLabel(tag: string | null | undefined): string {
  const locale = localeOf(tag);
  return `${locale.name} (${locale.tag})`;
}

/**
 * The language an article is written in: its own choice, else its
 * assistant's, else its site's, else English. Unknown tags are skipped.
 */
export function resolveLocale(
  choices: { article?: string | null; assistant?: string | null; site?: string | null },
): string {
  for (const tag of [choices.article, choices.assistant, choices.site]) {
    if (tag && isSupportedLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

/** The language check's ISO 639-3 code → the first locale it belongs to (for "looks like German"). */
export function localeOfDetected(iso6393: string): Locale | undefined {
  return LOCALES.find((locale) => locale.detects[0] === iso6393) ??
    LOCALES.find((locale) => locale.detects.includes(iso6393));
}

/**
 * The language check of a finished draft (server side, franc): `expected`
 * the locale asked for, `detected` the locale the text reads as ("und" when
 * too short or unclear), `mismatch` true when it is clearly another language.
 */
export interface DraftLanguageCheck {
  expected: string;
  detected: string;
  mismatch: boolean;
}

/** The editor's notice for a draft in another language than asked for. */
export function languageMismatchMessage(check: DraftLanguageCheck): string {
  const detected = check.detected === "und" ? "another language" : localeOf(check.detected).name;
  return `This draft looks like ${detected}, not ${localeOf(check.expected).name} as asked. ` +
    "Check it before saving, or generate it again.";
}
