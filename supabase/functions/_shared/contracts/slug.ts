/**
 * Article slugs (the last part of a post's address on WordPress). Shared by
 * the article forms and the functions that store articles: imports nothing.
 */

export const SLUG_MESSAGE = "Slug may contain only lowercase letters, numbers and hyphens";

/** Words of lowercase letters and digits joined by single hyphens: "my-first-post". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/**
 * A typed slug tidied before it is checked: trimmed, lower case, spaces and
 * underscores as hyphens, no doubled, leading or trailing hyphens ("My
 * Post" → "my-post"). Any other character stays, for the check to refuse
 * ("my post!!" → "my-post!!"): what the user typed is not silently changed
 * beyond that.
 */
export function tidySlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Letters that Unicode does not decompose into a Latin letter plus accents,
 * and the scripts with a customary Latin spelling: Cyrillic (Russian,
 * Ukrainian, Bulgarian, Serbian; simplified from the BGN/PCGN tables) and
 * Greek (ELOT 743, simplified). Characters of other scripts (Chinese,
 * Japanese, Korean, Arabic, Hebrew, Thai…) have no table: they drop out, and
 * `articleSlug` falls back to a short stable slug.
 */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  // Latin letters without a decomposition.
  ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th", ð: "d", ı: "i", ħ: "h", ŧ: "t", ŋ: "ng",
  // Cyrillic.
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "yo", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l",
  м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh",
  щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya", є: "ye", і: "i", ї: "yi", ґ: "g", ђ: "dj",
  ј: "j", љ: "lj", њ: "nj", ћ: "c", џ: "dz", ў: "u",
  // Greek (accented vowels decompose to these first).
  α: "a", β: "v", γ: "g", δ: "d", ε: "e", ζ: "z", η: "i", θ: "th", ι: "i", κ: "k", λ: "l", μ: "m", ν: "n",
  ξ: "x", ο: "o", π: "p", ρ: "r", σ: "s", ς: "s", τ: "t", υ: "y", φ: "f", χ: "ch", ψ: "ps", ω: "o",
};

/**
 * Spellings particular to a language, taking precedence over the table:
 * German spells umlauts out in addresses (Grüße → gruesse); Ukrainian's
 * national transliteration (2010) writes и as y, г as h (Київ → kyiv).
 */
const BY_LANGUAGE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de: { ä: "ae", ö: "oe", ü: "ue" },
  uk: { и: "y", г: "h", ї: "i", є: "ie", й: "i" },
};

/** One character in Latin letters: the tables first, else its accents dropped; "" for what has no Latin form. */
function latin(char: string, own: Readonly<Record<string, string>>): string {
  const direct = own[char] ?? TRANSLITERATION[char];
  if (direct !== undefined) return direct;
  return [...char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")]
    .map((part) => (part <= "\x7f" ? part : TRANSLITERATION[part] ?? " "))
    .join("");
}

/**
 * A valid slug made from any text, e.g. a title or a slug a model wrote:
 * Latin accents dropped, Cyrillic and Greek transliterated, every run of
 * other characters one hyphen ("Crème brûlée: 10 tips!" →
 * "creme-brulee-10-tips", "Привет, мир" → "privet-mir"); `locale` (a BCP-47
 * tag) adds its language's spellings ("de": "Grüße" → "gruesse"). "" when
 * nothing usable is left (text only in scripts without a table).
 */
export function slugify(text: string, locale = ""): string {
  const own = BY_LANGUAGE[locale.split("-")[0].toLowerCase()] ?? {};
  return [...text.toLowerCase()]
    .map((char) => (char <= "\x7f" ? char : latin(char, own)))
    .join("")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The slug of a drafted article: the model's slug made valid, else one made
 * from the title; when neither has anything usable (a Japanese title and a
 * Japanese slug), "post-" and a short hash of the title, stable for the same
 * title, for the user to replace.
 */
export function articleSlug(modelSlug: string, title: string, locale = ""): string {
  return slugify(modelSlug, locale) || slugify(title, locale) || `post-${shortHash(title)}`;
}

/** FNV-1a of the text, base 36: not for security, only a stable short name. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
