/**
 * The editor's SEO and readability checks over an article as it is typed.
 * Pure and synchronous: `analyzeArticle` takes the fields and the resolved
 * language and returns every check's traffic light with what was measured
 * and what to do. Thresholds follow Yoast's published scoring (re-stated in
 * our own code; yoastseo itself is GPL and is not used) — see docs/seo.md.
 */
import { wordsOf } from "@contracts/text_words";
import type { CheckOutcome } from "../../../ui/CheckStatus";
import { type ArticleStructure, readArticle } from "./articleText";
import { containsKeyword, countPhrase, fold, keywordWords, slugContainsKeyword } from "./keyword";
import { languageRules, type LanguageRules } from "./languages";
import { isPassive } from "./passiveVoice";
import { splitSentences } from "./sentences";
import { ARTICLE_CHECKS, type ArticleCheckId, type CheckGroup } from "./catalog";

export { ARTICLE_CHECKS, type ArticleCheckId, type CheckGroup };

export interface ArticleInput {
  title: string;
  metaDescription: string;
  focusKeyword: string;
  slug: string;
  /** The article HTML, as the Content field holds it. */
  content: string;
}

export interface AnalysisContext {
  /** The article's language (ISO 639-1 where known); null when it could not be told. */
  language: string | null;
  /** Host names of the user's own sites: links to them are internal. */
  siteHosts: readonly string[];
}

export interface ArticleCheck {
  id: ArticleCheckId;
  group: CheckGroup;
  label: string;
  outcome: CheckOutcome;
  /** What was measured, e.g. "52 characters" or "2.4 % (7 times in 290 words)". */
  value: string;
  /** What to aim for, and why. */
  advice: string;
  /** A length counter for the field this check measures. */
  counter?: { current: number; min: number; max: number };
}

export const TITLE_LENGTH = { min: 30, max: 60 };
export const META_DESCRIPTION_LENGTH = { min: 120, max: 156 };
export const TEXT_LENGTH = { good: 300, acceptable: 250 };
export const DENSITY = { min: 0.5, max: 3 };
export const PARAGRAPH_WORDS = { good: 150, max: 200 };
export const SECTION_WORDS = { good: 300, max: 350 };
export const LONG_SENTENCES_SHARE = { good: 25, max: 30 };
export const PASSIVE_SHARE = { good: 10, max: 15 };
export const READING_EASE = { good: 60, acceptable: 50 };

type Verdict = Pick<ArticleCheck, "outcome" | "value" | "advice" | "counter">;

export const NOT_CHECKED_FOR_LANGUAGE = "Not checked for this language";
const LANGUAGE_UNKNOWN: Verdict = {
  outcome: "not-checked",
  value: "Language not known yet",
  advice: "The language is detected once there is some text, or can be set in Profile Settings.",
};


const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
const percent = (share: number) => `${share.toFixed(share < 10 ? 1 : 0)} %`;

/** What the checks share: the parsed article and its text statistics, computed once. */
interface Prepared {
  input: ArticleInput;
  article: ArticleStructure;
  rules: LanguageRules | null;
  keyword: string[];
  /** Body paragraphs (not headings) with their sentences and word counts. */
  paragraphs: { text: string; words: number }[];
  sentences: { text: string; words: string[] }[];
  /** Folded words of the whole body, for density. */
  foldedWords: string[];
  wordCount: number;
  siteHosts: readonly string[];
}

function prepare(input: ArticleInput, context: AnalysisContext): Prepared {
  const article = readArticle(input.content);
  const rules = context.language ? languageRules(context.language) : null;
  const paragraphs: Prepared["paragraphs"] = [];
  const sentences: Prepared["sentences"] = [];
  const foldedWords: string[] = [];
  for (const block of article.blocks) {
    if (block.kind !== "paragraph") continue;
    const words = wordsOf(block.text);
    paragraphs.push({ text: block.text, words: words.length });
    for (const word of words) foldedWords.push(fold(word));
    for (const sentence of splitSentences(block.text)) sentences.push({ text: sentence, words: wordsOf(sentence) });
  }
  return {
    input,
    article,
    rules,
    keyword: keywordWords(input.focusKeyword),
    paragraphs,
    sentences,
    foldedWords,
    wordCount: foldedWords.length,
    siteHosts: context.siteHosts,
  };
}

const NO_KEYWORD: Verdict = {
  outcome: "not-checked",
  value: "No focus keyword yet",
  advice: "Set a focus keyword to check where it appears.",
};

function lengthVerdict(
  text: string,
  { min, max }: { min: number; max: number },
  words: { field: string; short: string; long: string },
): Verdict {
  const current = [...text.trim()].length;
  const counter = { current, min, max };
  const value = `${current} / ${max} characters`;
  if (current === 0) return { outcome: "fail", value: `No ${words.field}`, advice: `Write a ${words.field} of ${min}–${max} characters.`, counter };
  if (current < min) return { outcome: "warning", value, advice: words.short, counter };
  if (current > max) return { outcome: "warning", value, advice: words.long, counter };
  return { outcome: "pass", value, advice: `Between ${min} and ${max} characters: good.`, counter };
}

function isInternal(href: string, siteHosts: readonly string[]): boolean | null {
  if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith("#") || href === "") return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith("//")) return true;
  try {
    const host = new URL(href, "https://relative.invalid").hostname.replace(/^www\./, "");
    return siteHosts.some((site) => site.replace(/^www\./, "") === host);
  } catch {
    return null;
  }
}

const CHECKS: Record<ArticleCheckId, (prepared: Prepared) => Verdict> = {
  "focus-keyword": ({ input, keyword }) => {
    if (keyword.length === 0) {
      return { outcome: "fail", value: "None set", advice: "Choose the phrase people would search for to find this article." };
    }
    const value = `“${input.focusKeyword.trim()}”, ${plural(keyword.length, "word")}`;
    if (keyword.length > 4) return { outcome: "warning", value, advice: "Keep the focus keyword to four words or fewer; long phrases are rarely searched as typed." };
    return { outcome: "pass", value, advice: "A focused phrase of one to four words." };
  },
  "keyword-in-title": ({ input, keyword }) => {
    if (keyword.length === 0) return NO_KEYWORD;
    return containsKeyword(input.title, keyword)
      ? { outcome: "pass", value: "In the title", advice: "The title shows searchers the page answers their query." }
      : { outcome: "fail", value: "Not in the title", advice: "Use the focus keyword in the title, ideally near its start." };
  },
  "keyword-in-introduction": ({ paragraphs, keyword }) => {
    if (keyword.length === 0) return NO_KEYWORD;
    if (paragraphs.length === 0) return { outcome: "fail", value: "No text yet", advice: "Mention the focus keyword in the first paragraph." };
    return containsKeyword(paragraphs[0].text, keyword)
      ? { outcome: "pass", value: "In the first paragraph", advice: "Readers and search engines see the topic at once." }
      : { outcome: "fail", value: "Not in the first paragraph", advice: "Mention the focus keyword in the first paragraph, so the topic is clear at once." };
  },
  "keyword-in-meta-description": ({ input, keyword }) => {
    if (keyword.length === 0) return NO_KEYWORD;
    if (!input.metaDescription.trim()) return { outcome: "fail", value: "No meta description", advice: "Write a meta description that uses the focus keyword." };
    return containsKeyword(input.metaDescription, keyword)
      ? { outcome: "pass", value: "In the meta description", advice: "Search engines bold the searched words in the snippet." }
      : { outcome: "fail", value: "Not in the meta description", advice: "Use the focus keyword in the meta description; search engines bold it in the snippet." };
  },
  "keyword-in-slug": ({ input, keyword }) => {
    if (keyword.length === 0) return NO_KEYWORD;
    if (!input.slug.trim()) return { outcome: "fail", value: "No slug", advice: "Set a slug (the address of the post) that contains the focus keyword." };
    return slugContainsKeyword(input.slug, input.focusKeyword)
      ? { outcome: "pass", value: `In the slug “${input.slug.trim()}”`, advice: "A descriptive address helps searchers trust the link." }
      : { outcome: "warning", value: `Not in the slug “${input.slug.trim()}”`, advice: "Put the focus keyword's words in the slug." };
  },
  "keyword-in-subheading": ({ article, keyword }) => {
    if (keyword.length === 0) return NO_KEYWORD;
    const subheadings = article.blocks.filter((block) => block.kind === "heading" && block.level >= 2);
    if (subheadings.length === 0) return { outcome: "warning", value: "No subheadings", advice: "Add subheadings (H2, H3), one of them with the focus keyword." };
    const with_ = subheadings.filter((heading) => containsKeyword(heading.text, keyword)).length;
    return with_ > 0
      ? { outcome: "pass", value: `In ${with_} of ${plural(subheadings.length, "subheading")}`, advice: "Subheadings with the keyword show the article covers the topic throughout." }
      : { outcome: "warning", value: `In none of ${plural(subheadings.length, "subheading")}`, advice: "Use the focus keyword (or its words) in at least one subheading." };
  },
  "keyword-density": ({ foldedWords, keyword, wordCount }) => {
    if (keyword.length === 0) return NO_KEYWORD;
    const times = countPhrase(foldedWords, keyword);
    if (wordCount === 0) return { outcome: "fail", value: "No text yet", advice: "Write the article, using the focus keyword a few times." };
    const density = (times / wordCount) * 100;
    const value = `${percent(density)} (${plural(times, "time")} in ${plural(wordCount, "word")})`;
    if (times === 0) return { outcome: "fail", value, advice: "The exact focus keyword does not appear in the text: use it a few times." };
    if (wordCount < 100) return { outcome: "pass", value, advice: "Enough for a short text; aim for 0.5–3 % as it grows." };
    if (density < DENSITY.min) return { outcome: "warning", value, advice: `Below ${DENSITY.min} %: use the focus keyword a few more times.` };
    if (density > DENSITY.max) return { outcome: "fail", value, advice: `Above ${DENSITY.max} %: this reads as keyword stuffing; use synonyms instead.` };
    return { outcome: "pass", value, advice: `Between ${DENSITY.min} and ${DENSITY.max} %: natural use.` };
  },
  "title-length": ({ input }) =>
    lengthVerdict(input.title, TITLE_LENGTH, {
      field: "title",
      short: `Short: use up to ${TITLE_LENGTH.max} characters to tell searchers what they will find.`,
      long: `Search results cut titles at about ${TITLE_LENGTH.max} characters (600 px): keep the important words first.`,
    }),
  "meta-description-length": ({ input }) =>
    lengthVerdict(input.metaDescription, META_DESCRIPTION_LENGTH, {
      field: "meta description",
      short: `Short: a description of ${META_DESCRIPTION_LENGTH.min}–${META_DESCRIPTION_LENGTH.max} characters fills the search snippet.`,
      long: `Search snippets are cut at about ${META_DESCRIPTION_LENGTH.max} characters.`,
    }),
  "text-length": ({ wordCount, rules }) => {
    const factor = rules?.unspaced ? 2 : 1;
    const value = plural(wordCount, "word");
    if (wordCount >= TEXT_LENGTH.good * factor) return { outcome: "pass", value, advice: `At least ${TEXT_LENGTH.good * factor} words: enough to cover the topic.` };
    if (wordCount >= TEXT_LENGTH.acceptable * factor) return { outcome: "warning", value, advice: `A little short: aim for at least ${TEXT_LENGTH.good * factor} words.` };
    return { outcome: "fail", value, advice: `Short texts rarely rank: aim for at least ${TEXT_LENGTH.good * factor} words.` };
  },
  "internal-links": ({ article, siteHosts }) => {
    const internal = article.links.filter((link) => isInternal(link.href, siteHosts) === true).length;
    return internal > 0
      ? { outcome: "pass", value: plural(internal, "internal link"), advice: "Links to your other posts keep readers on your site." }
      : { outcome: "warning", value: "No internal links", advice: "Link to one of your other posts (Suggest links finds candidates)." };
  },
  "outbound-links": ({ article, siteHosts }) => {
    const outbound = article.links.filter((link) => isInternal(link.href, siteHosts) === false).length;
    return outbound > 0
      ? { outcome: "pass", value: plural(outbound, "outbound link"), advice: "Sources back up what you write." }
      : { outcome: "warning", value: "No outbound links", advice: "Link to a good source on another site." };
  },
  "image-alt": ({ article }) => {
    const { images } = article;
    if (images.length === 0) return { outcome: "warning", value: "No images", advice: "An image makes a post more inviting; give it alt text." };
    const missing = images.filter((image) => !image.alt?.trim()).length;
    if (missing === 0) return { outcome: "pass", value: `All ${plural(images.length, "image")} have alt text`, advice: "Alt text describes images to screen readers and image search." };
    return {
      outcome: missing === images.length ? "fail" : "warning",
      value: `${missing} of ${plural(images.length, "image")} without alt text`,
      advice: "Describe each image in its alt text.",
    };
  },
  "subheading-distribution": ({ article, wordCount, rules }) => {
    const factor = rules?.unspaced ? 2 : 1;
    const good = SECTION_WORDS.good * factor;
    const max = SECTION_WORDS.max * factor;
    const sections: number[] = [0];
    let headings = 0;
    for (const block of article.blocks) {
      if (block.kind === "heading") {
        headings += 1;
        sections.push(0);
      } else sections[sections.length - 1] += wordsOf(block.text).length;
    }
    const longest = Math.max(...sections);
    if (headings === 0) {
      return wordCount > good
        ? { outcome: "fail", value: `No subheadings in ${plural(wordCount, "word")}`, advice: "Break the text up with subheadings every 300 words or so." }
        : { outcome: "pass", value: "Short enough without subheadings", advice: `Add subheadings once the text passes ${good} words.` };
    }
    const value = `Longest section: ${plural(longest, "word")}`;
    if (longest > max) return { outcome: "fail", value, advice: `Add a subheading to sections over ${good} words.` };
    if (longest > good) return { outcome: "warning", value, advice: `Sections are easiest to scan under ${good} words.` };
    return { outcome: "pass", value, advice: `Every section under ${good} words.` };
  },
  "paragraph-length": ({ paragraphs, rules }) => {
    const factor = rules?.unspaced ? 2 : 1;
    if (paragraphs.length === 0) return { outcome: "not-checked", value: "No paragraphs yet", advice: "Keep paragraphs under 150 words." };
    const longest = Math.max(...paragraphs.map((paragraph) => paragraph.words));
    const tooLong = paragraphs.filter((paragraph) => paragraph.words > PARAGRAPH_WORDS.good * factor).length;
    const value = tooLong ? `${plural(tooLong, "paragraph")} over ${PARAGRAPH_WORDS.good * factor} words (longest ${longest})` : `Longest: ${plural(longest, "word")}`;
    if (longest > PARAGRAPH_WORDS.max * factor) return { outcome: "fail", value, advice: "Split long paragraphs: walls of text lose readers, on phones most of all." };
    if (tooLong) return { outcome: "warning", value, advice: `Keep paragraphs under ${PARAGRAPH_WORDS.good * factor} words.` };
    return { outcome: "pass", value, advice: `Paragraphs under ${PARAGRAPH_WORDS.good * factor} words.` };
  },
  "sentence-length": ({ sentences, rules }) => {
    if (sentences.length === 0) return { outcome: "not-checked", value: "No sentences yet", advice: "Keep most sentences short." };
    const limit = rules?.longSentenceWords ?? 20;
    const long = sentences.filter((sentence) => sentence.words.length > limit).length;
    const share = (long / sentences.length) * 100;
    const value = `${percent(share)} of ${plural(sentences.length, "sentence")} over ${limit} words`;
    if (share > LONG_SENTENCES_SHARE.max) return { outcome: "fail", value, advice: `Shorten sentences: at most ${LONG_SENTENCES_SHARE.good} % should pass ${limit} words.` };
    if (share > LONG_SENTENCES_SHARE.good) return { outcome: "warning", value, advice: `A few too many long sentences: aim for at most ${LONG_SENTENCES_SHARE.good} %.` };
    return { outcome: "pass", value, advice: `At most ${LONG_SENTENCES_SHARE.good} % of sentences over ${limit} words.` };
  },
  "passive-voice": ({ sentences, rules }) => {
    if (!rules) return LANGUAGE_UNKNOWN;
    if (!rules.passiveVoice) return { outcome: "not-checked", value: NOT_CHECKED_FOR_LANGUAGE, advice: "Passive voice is detected in English only." };
    if (sentences.length === 0) return { outcome: "not-checked", value: "No sentences yet", advice: "Prefer the active voice." };
    const passive = sentences.filter((sentence) => isPassive(sentence.text)).length;
    const share = (passive / sentences.length) * 100;
    const value = `${percent(share)} of sentences (${passive} of ${sentences.length})`;
    if (share > PASSIVE_SHARE.max) return { outcome: "fail", value, advice: `Rewrite passive sentences in the active voice: at most ${PASSIVE_SHARE.good} %.` };
    if (share > PASSIVE_SHARE.good) return { outcome: "warning", value, advice: `Slightly too much passive voice: aim for at most ${PASSIVE_SHARE.good} %.` };
    return { outcome: "pass", value, advice: "Mostly active voice: direct and easy to follow." };
  },
  "reading-ease": ({ sentences, rules, wordCount }) => {
    if (!rules) return LANGUAGE_UNKNOWN;
    const ease = rules.readingEase;
    if (!ease) return { outcome: "not-checked", value: NOT_CHECKED_FOR_LANGUAGE, advice: "No Flesch reading-ease formula is published for this language." };
    if (sentences.length === 0 || wordCount === 0) return { outcome: "not-checked", value: "No text yet", advice: "Aim for a score of 60 or more." };
    let syllables = 0;
    let words = 0;
    for (const sentence of sentences) {
      for (const word of sentence.words) {
        syllables += ease.syllables(word);
        words += 1;
      }
    }
    const score = Math.max(0, Math.min(100, ease.formula(words / sentences.length, syllables / words)));
    const band = score >= 80 ? "easy" : score >= 60 ? "fairly easy to plain" : score >= 50 ? "fairly difficult" : score >= 30 ? "difficult" : "very difficult";
    const value = `${score.toFixed(0)} (${band}; ${rules.name}, ${ease.source})`;
    if (score >= READING_EASE.good) return { outcome: "pass", value, advice: "Most readers follow this easily." };
    if (score >= READING_EASE.acceptable) return { outcome: "warning", value, advice: "Use shorter sentences and simpler words to reach 60." };
    return { outcome: "fail", value, advice: "Hard to read: shorten sentences and prefer short, common words." };
  },
};

export interface ArticleAnalysis {
  checks: ArticleCheck[];
  wordCount: number;
}

/** Every check of `input`, in ARTICLE_CHECKS order. */
export function analyzeArticle(input: ArticleInput, context: AnalysisContext): ArticleAnalysis {
  const prepared = prepare(input, context);
  return {
    wordCount: prepared.wordCount,
    checks: ARTICLE_CHECKS.map(({ id, group, label }) => ({ id, group, label, ...CHECKS[id](prepared) })),
  };
}
