/**
 * Link suggestions for the article editor: for each target (an entry of the
 * content index, ranked by internal_link_targets()), the best phrase of the
 * article's own text to make the link's anchor, e.g. "raised beds" → the post
 * "Building raised garden beds". Pure functions over the article HTML, shared
 * by the browser (the editor) and Deno (the benchmark); imports nothing.
 *
 * A phrase qualifies when it is 1–6 words of running text (never inside a
 * link, heading, code or preformatted block), starts and ends with a content
 * word, holds at most two stop words, and every content word of it is a word
 * of the target's title, categories, tags or excerpt (compared after light
 * English stemming: "beds" = "bed", "composting" = "compost"). It scores the
 * content words it shares with the title (1 each), with a category or tag
 * (0.5 each) and with the excerpt only (0.4 each), plus 1 when it is a whole
 * category or tag and 3 when it is the whole title. A one-word phrase must be
 * a whole tag (categories are too broad to anchor alone); a word found only
 * in the excerpt must stand, in the phrase, next to a word it stands next to
 * in the excerpt ("bedtime routine"), so that stray words of a long excerpt
 * ("keep", "take") neither make a phrase nor stretch one.
 *
 * Each target gets its best phrase (then the longer, then the earliest); a
 * stretch of text anchors one link at most, and when two targets want the
 * same words, the better phrase takes them and the other target looks again.
 * Suggestions come in the targets' order (their relevance), and targets the
 * article already links to are left out.
 */

export interface SuggestionTarget {
  url: string;
  title: string;
  categories: readonly string[];
  tags: readonly string[];
  excerpt?: string;
}

export interface LinkSuggestion<Target extends SuggestionTarget = SuggestionTarget> {
  target: Target;
  /** The phrase as it reads in the article. */
  anchorText: string;
  /** Where the phrase is in the HTML: [start, end) offsets of its first and past its last character. */
  start: number;
  end: number;
}

const MAX_PHRASE_WORDS = 6;
const MAX_STOP_WORDS = 2;

const STOP_WORDS = new Set(
  ("a an and are as at be but by for from has have how i if in into is it its of on or our so than that the their " +
    "them then there these they this to up was we were what when where which while who why will with you your " +
    "do does can not no all any more most some such only own same too very just also about after before over under " +
    "out off again once here other each few both my me he she his her him").split(" "),
);

/** Elements whose text never anchors a new link. */
const SKIPPED_ELEMENTS = new Set(["a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "script", "style", "figcaption"]);
/** Elements that end a run of text (a phrase never spans two paragraphs or list items). */
const BLOCK_ELEMENTS = new Set([
  "p", "div", "li", "ul", "ol", "blockquote", "br", "hr", "table", "tr", "td", "th", "section", "article",
  "figure", "img", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", rsquo: "\u2019", lsquo: "\u2018", ldquo: "\u201c",
  rdquo: "\u201d", hellip: "\u2026", mdash: "\u2014", ndash: "\u2013",
};

/** A word of the article: its stem, and where it is in the HTML. */
interface Word {
  stem: string;
  stop: boolean;
  start: number;
  end: number;
}

/**
 * The runs of linkable text of `html` as words with their HTML offsets. Runs
 * end at block elements and at anything skipped; entities count as the
 * characters they stand for.
 */
export function linkableRuns(html: string): Word[][] {
  const runs: Word[][] = [];
  let run: Word[] = [];
  const skipped: string[] = [];
  let word = "";
  let wordStart = -1;
  let wordEnd = -1;

  const endWord = () => {
    if (word) {
      const lower = word.toLowerCase();
      run.push({ stem: stem(lower), stop: STOP_WORDS.has(lower), start: wordStart, end: wordEnd });
    }
    word = "";
    wordStart = -1;
  };
  const endRun = () => {
    endWord();
    if (run.length) runs.push(run);
    run = [];
  };

  let i = 0;
  while (i < html.length) {
    const char = html[i];
    if (char === "<") {
      const close = html.indexOf(">", i);
      const tag = html.slice(i, close < 0 ? html.length : close + 1);
      const match = /^<\s*(\/?)\s*([a-z][a-z0-9]*)/i.exec(tag);
      if (match) {
        const name = match[2].toLowerCase();
        const closing = match[1] === "/";
        const selfClosing = /\/\s*>$/.test(tag) || name === "br" || name === "img" || name === "hr";
        if (SKIPPED_ELEMENTS.has(name) || BLOCK_ELEMENTS.has(name)) endRun();
        else endWord();
        if (SKIPPED_ELEMENTS.has(name) && !selfClosing) {
          if (closing) {
            const at = skipped.lastIndexOf(name);
            if (at >= 0) skipped.splice(at, 1);
          } else {
            skipped.push(name);
          }
        }
      }
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    let text = char;
    let length = 1;
    if (char === "&") {
      const entity = /^&(#x[0-9a-f]+|#\d+|[a-z]+);/i.exec(html.slice(i, i + 12));
      if (entity) {
        const body = entity[1];
        text = body[0] === "#"
          ? String.fromCodePoint(
            Number.parseInt(body.slice(body[1].toLowerCase() === "x" ? 2 : 1), body[1].toLowerCase() === "x" ? 16 : 10) ||
              32,
          )
          : NAMED_ENTITIES[body.toLowerCase()] ?? " ";
        length = entity[0].length;
      }
    }
    if (skipped.length === 0 && /[\p{L}\p{N}]/u.test(text)) {
      if (!word) wordStart = i;
      word += text;
      wordEnd = i + length;
    } else if (skipped.length === 0 && (text === "'" || text === "\u2019" || text === "-") && word && /[\p{L}\p{N}]/u.test(html[i + length] ?? "")) {
      // Inside a word: "gardener's", "no-dig".
      word += text === "-" ? "-" : "'";
      wordEnd = i + length;
    } else if (skipped.length === 0 && /\s/.test(text)) {
      endWord();
    } else {
      // Punctuation ends a phrase as well as a word.
      endRun();
    }
    i += length;
  }
  endRun();
  return runs;
}

/** A light English stemmer: enough that "beds", "bed" and "composting", "compost" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['\u2019]s$/, "").replace(/['\u2019]/g, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ches|shes|sses|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

function words(text: string): { stem: string; stop: boolean }[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu) ?? []).map((word) => ({
    stem: stem(word),
    stop: STOP_WORDS.has(word),
  }));
}

interface TargetVocabulary {
  title: Set<string>;
  titleKey: string;
  terms: Set<string>;
  /** Categories and tags, each as its content-word stems joined. */
  termKeys: Set<string>;
  tagKeys: Set<string>;
  excerpt: Set<string>;
  /** Two content words side by side in the excerpt, "a b". */
  excerptPairs: Set<string>;
}

function vocabularyOf(target: SuggestionTarget): TargetVocabulary {
  const content = (text: string) => words(text).filter((word) => !word.stop).map((word) => word.stem);
  const titleStems = content(target.title);
  const terms = [...target.categories, ...target.tags].map(content).filter((stems) => stems.length > 0);
  return {
    title: new Set(titleStems),
    titleKey: titleStems.join(" "),
    terms: new Set(terms.flat()),
    termKeys: new Set(terms.map((stems) => stems.join(" "))),
    tagKeys: new Set(target.tags.map((tag) => content(tag).join(" "))),
    ...excerptVocabulary(target.excerpt ?? ""),
  };
}

function excerptVocabulary(excerpt: string): Pick<TargetVocabulary, "excerpt" | "excerptPairs"> {
  const all = words(excerpt);
  const pairs = new Set<string>();
  for (let i = 1; i < all.length; i++) {
    if (!all[i - 1].stop && !all[i].stop) pairs.add(`${all[i - 1].stem} ${all[i].stem}`);
  }
  return { excerpt: new Set(all.filter((word) => !word.stop).map((word) => word.stem)), excerptPairs: pairs };
}

interface Candidate {
  score: number;
  words: number;
  start: number;
  end: number;
  /** Index of the run and of its first and last word. */
  run: number;
  from: number;
  to: number;
}

function bestPhrase(runs: Word[][], vocabulary: TargetVocabulary, used: boolean[][]): Candidate | null {
  let best: Candidate | null = null;
  runs.forEach((run, r) => {
    for (let from = 0; from < run.length; from++) {
      if (run[from].stop || used[r][from]) continue;
      let stops = 0;
      for (let to = from; to < run.length && to - from < MAX_PHRASE_WORDS; to++) {
        const word = run[to];
        if (used[r][to]) break;
        if (word.stop) {
          if (++stops > MAX_STOP_WORDS) break;
          continue;
        }
        const inTitle = vocabulary.title.has(word.stem);
        const inTerms = vocabulary.terms.has(word.stem);
        if (!inTitle && !inTerms && !vocabulary.excerpt.has(word.stem)) break;
        const phrase = run.slice(from, to + 1).filter((w) => !w.stop).map((w) => w.stem);
        const key = phrase.join(" ");
        const wholeTerm = vocabulary.termKeys.has(key);
        if (phrase.length === 1 && !vocabulary.tagKeys.has(key)) continue;
        if (!excerptWordsPaired(run.slice(from, to + 1), vocabulary)) continue;
        let score = 0;
        for (const s of new Set(phrase)) {
          const title = vocabulary.title.has(s);
          const term = vocabulary.terms.has(s);
          score += title || term ? (title ? 1 : 0) + (term ? 0.5 : 0) : 0.4;
        }
        if (wholeTerm) score += 1;
        if (key === vocabulary.titleKey) score += 3;
        const words = to - from + 1;
        if (!best || score > best.score || (score === best.score && words > best.words)) {
          best = { score, words, start: run[from].start, end: word.end, run: r, from, to };
        }
      }
    }
  });
  return best;
}

/** Whether every word of the phrase found only in the excerpt has a neighbour it neighbours in the excerpt too. */
function excerptWordsPaired(phrase: readonly Word[], vocabulary: TargetVocabulary): boolean {
  const named = (word: Word) => vocabulary.title.has(word.stem) || vocabulary.terms.has(word.stem);
  return phrase.every((word, i) => {
    if (word.stop || named(word)) return true;
    const before = phrase[i - 1];
    const after = phrase[i + 1];
    return (before && !before.stop && vocabulary.excerptPairs.has(`${before.stem} ${word.stem}`)) ||
      (after && !after.stop && vocabulary.excerptPairs.has(`${word.stem} ${after.stem}`));
  });
}

const linkedUrlKey = (url: string) => url.replace(/^https?:\/\/(?:www\.)?/i, "").replace(/[?#].*$/, "").replace(/\/+$/, "").toLowerCase();

/** The hrefs the HTML already links to, as keys (scheme, www and trailing slash aside). */
function linkedUrls(html: string): Set<string> {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    urls.add(linkedUrlKey((match[1] ?? match[2]).replace(/&amp;/g, "&")));
  }
  return urls;
}

/**
 * Up to `limit` suggestions for the article `html`, in the order of
 * `targets` (best first); see the file comment for what qualifies.
 */
export function suggestLinks<Target extends SuggestionTarget>(
  html: string,
  targets: readonly Target[],
  limit = 5,
): LinkSuggestion<Target>[] {
  const runs = linkableRuns(html);
  const used = runs.map((run) => run.map(() => false));
  const linked = linkedUrls(html);
  const seen = new Set<string>();
  const open: { rank: number; target: Target; vocabulary: TargetVocabulary }[] = [];
  targets.forEach((target, rank) => {
    const key = linkedUrlKey(target.url);
    if (linked.has(key) || seen.has(key)) return;
    seen.add(key);
    open.push({ rank, target, vocabulary: vocabularyOf(target) });
  });

  // The best phrase of all takes its words first; the others look again without them.
  const found: { rank: number; suggestion: LinkSuggestion<Target> }[] = [];
  while (open.length > 0) {
    let winner: { index: number; phrase: Candidate } | null = null;
    for (let index = open.length - 1; index >= 0; index--) {
      const phrase = bestPhrase(runs, open[index].vocabulary, used);
      if (!phrase) {
        open.splice(index, 1);
        if (winner) winner.index--;
        continue;
      }
      if (!winner || phrase.score >= winner.phrase.score) winner = { index, phrase };
    }
    if (!winner) break;
    const { target, rank } = open[winner.index];
    const { phrase } = winner;
    open.splice(winner.index, 1);
    for (let w = phrase.from; w <= phrase.to; w++) used[phrase.run][w] = true;
    found.push({
      rank,
      suggestion: { target, anchorText: anchorTextAt(html, phrase.start, phrase.end), start: phrase.start, end: phrase.end },
    });
  }
  return found.sort((a, b) => a.rank - b.rank).slice(0, limit).map(({ suggestion }) => suggestion);
}

/** The text of html[start, end) as it reads (tags dropped, entities decoded). */
function anchorTextAt(html: string, start: number, end: number): string {
  return html
    .slice(start, end)
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) =>
      body[0] === "#"
        ? String.fromCodePoint(Number.parseInt(body.slice(body[1].toLowerCase() === "x" ? 2 : 1), body[1].toLowerCase() === "x" ? 16 : 10) || 32)
        : NAMED_ENTITIES[body.toLowerCase()] ?? entity)
    .replace(/\s+/g, " ");
}

/** What the article HTML policy (@contracts/html_policy.ts) writes on every link, so saving leaves the link as inserted. */
const LINK_REL = "noopener noreferrer";

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The HTML with the suggestion's phrase made a link to its target. When the
 * phrase spans inline elements (`<strong>`), the link wraps them whole (the
 * phrase's edges move out over the tags right next to them); null when no
 * well-formed way is found, or when the HTML changed so that the phrase is no
 * longer where the suggestion found it.
 */
export function insertLink(html: string, suggestion: Pick<LinkSuggestion, "start" | "end" | "anchorText" | "target">): string | null {
  const { start, end } = suggestion;
  if (start < 0 || end > html.length || start >= end) return null;
  if (anchorTextAt(html, start, end) !== suggestion.anchorText) return null;
  // A phrase that starts inside <strong> or ends inside <em> takes the element's tags in with it.
  const outerStart = start - (/(?:<[a-z][a-z0-9]*(?:\s[^>]*)?>)+$/i.exec(html.slice(0, start))?.[0].length ?? 0);
  const outerEnd = end + (/^(?:<\/[a-z][a-z0-9]*\s*>)+/i.exec(html.slice(end))?.[0].length ?? 0);
  for (const [from, to] of [[start, end], [outerStart, end], [start, outerEnd], [outerStart, outerEnd]]) {
    const inner = html.slice(from, to);
    if (balanced(inner)) {
      return `${html.slice(0, from)}<a href="${escapeAttribute(suggestion.target.url)}" rel="${LINK_REL}">${inner}</a>${
        html.slice(to)
      }`;
    }
  }
  return null;
}

/** Whether every element opened in `html` closes in it, and nothing closes that did not open. */
function balanced(html: string): boolean {
  const opened: string[] = [];
  for (const tag of html.matchAll(/<\s*(\/?)\s*([a-z][a-z0-9]*)[^>]*>/gi)) {
    const name = tag[2].toLowerCase();
    if (tag[1]) {
      if (opened.pop() !== name) return false;
    } else if (!/\/\s*>$/.test(tag[0]) && name !== "br" && name !== "img") {
      opened.push(name);
    }
  }
  return opened.length === 0;
}
