/**
 * What an HTML page says about itself, read once with htmlparser2's
 * streaming parser (the parser sanitize-html uses; it is forgiving the way
 * browsers are: unclosed tags, stray end tags, entities). Pure: the audit's
 * checks (audit_checks.ts) judge these facts; nothing here fetches.
 *
 * The page is untrusted: every value is text taken from it, clipped, and
 * never rendered as HTML anywhere.
 */
import { Parser } from "htmlparser2";
import { countWords } from "../contracts/text_words.ts";

export interface HeadingFact {
  level: number;
  text: string;
}

export interface ImageFact {
  src: string;
  /** null when the attribute is missing; "" is a deliberate empty alt (decorative image). */
  alt: string | null;
}

export interface LinkFact {
  /** The href as written. */
  href: string;
  rel: string;
  text: string;
}

export interface JsonLdFact {
  /** The `@type`s found in the block, nested `@graph` entries included. */
  types: string[];
  /** Why the block could not be read as JSON; null when it could. */
  error: string | null;
}

export interface HtmlFacts {
  /** The `lang` of `<html>`; null when missing. */
  lang: string | null;
  titles: string[];
  metaDescriptions: string[];
  /** `content` of `<meta name="robots">` and `<meta name="googlebot">`, lower-cased. */
  metaRobots: string[];
  viewport: string | null;
  /** From `<meta charset>` or `<meta http-equiv="content-type">`; null when neither. */
  charset: string | null;
  /** `href`s of `<link rel="canonical">`, as written. */
  canonicals: string[];
  hreflangs: { lang: string; href: string }[];
  /** `og:*` properties, the first value of each. */
  openGraph: Record<string, string>;
  /** `twitter:*` names, the first value of each. */
  twitter: Record<string, string>;
  headings: HeadingFact[];
  images: ImageFact[];
  links: LinkFact[];
  /** Words of visible text in `<body>` (a CJK character counts as a word). */
  words: number;
  /** The start of the visible text, whitespace collapsed, for the model. */
  textSample: string;
  jsonLd: JsonLdFact[];
  /** `src`/`href` of sub-resources (img, script, link rel=stylesheet, iframe…), for the mixed-content check. */
  resources: string[];
}

/** Text values are clipped: a hostile page must not inflate what we keep. */
const MAX_TEXT = 500;
const MAX_ITEMS = 2_000;
const SAMPLE_CHARS = 2_000;

/** Elements whose text is not visible page text. */
const HIDDEN = new Set([
  "head",
  "title",
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "canvas",
]);
const HEADING = /^h([1-6])$/;
const clip = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** `@type`s in a JSON-LD value: the node's own, and those of `@graph` and nested nodes. */
function jsonLdTypes(value: unknown, found: Set<string>, depth = 0): void {
  if (depth > 8 || found.size > 50) return;
  if (Array.isArray(value)) {
    for (const item of value) jsonLdTypes(item, found, depth + 1);
    return;
  }
  if (!value || typeof value !== "object") return;
  const node = value as Record<string, unknown>;
  const type = node["@type"];
  for (const name of Array.isArray(type) ? type : [type]) {
    if (typeof name === "string" && name.trim()) found.add(clip(name.trim(), 80));
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== "@type" && child && typeof child === "object") jsonLdTypes(child, found, depth + 1);
  }
}

export function readJsonLd(text: string): JsonLdFact {
  try {
    const found = new Set<string>();
    jsonLdTypes(JSON.parse(text), found);
    return { types: [...found], error: null };
  } catch (error) {
    return { types: [], error: clip(error instanceof Error ? error.message : String(error), 200) };
  }
}

function charsetOf(contentType: string): string | null {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType);
  return match ? match[1].toLowerCase() : null;
}

/** Reads the facts of `html`. */
export function readHtmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = {
    lang: null,
    titles: [],
    metaDescriptions: [],
    metaRobots: [],
    viewport: null,
    charset: null,
    canonicals: [],
    hreflangs: [],
    openGraph: {},
    twitter: {},
    headings: [],
    images: [],
    links: [],
    words: 0,
    textSample: "",
    jsonLd: [],
    resources: [],
  };
  const push = <T>(list: T[], item: T) => {
    if (list.length < MAX_ITEMS) list.push(item);
  };

  /** Open elements that hide their text, counted (they nest). */
  let hiddenDepth = 0;
  let inBody = false;
  let sawHtml = false;
  let sample = "";
  let words = 0;
  /** Text collected for the element being read (title, heading, link, JSON-LD script). */
  let title: string[] | null = null;
  let heading: { level: number; parts: string[] } | null = null;
  let link: { href: string; rel: string; parts: string[] } | null = null;
  let jsonLd: string[] | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const attr = (key: string) => attributes[key] ?? null;
        if (name === "html" && !sawHtml) {
          sawHtml = true;
          const lang = attr("lang") ?? attr("xml:lang");
          facts.lang = lang === null ? null : clip(lang.trim(), 40);
        }
        if (name === "body") inBody = true;
        if (name === "title" && !inBody && hiddenDepth <= 1) title = [];
        if (name === "meta") {
          const key = (attr("name") ?? attr("property") ?? "").trim().toLowerCase();
          const content = clip((attr("content") ?? "").trim());
          const httpEquiv = (attr("http-equiv") ?? "").toLowerCase();
          if (attr("charset") !== null) facts.charset ??= clip(attr("charset")!.trim().toLowerCase(), 40);
          else if (httpEquiv === "content-type") facts.charset ??= charsetOf(content);
          if (key === "description") push(facts.metaDescriptions, content);
          else if (key === "robots" || key === "googlebot") push(facts.metaRobots, content.toLowerCase());
          else if (key === "viewport") facts.viewport ??= content;
          else if (key.startsWith("og:")) facts.openGraph[key] ??= content;
          else if (key.startsWith("twitter:")) facts.twitter[key] ??= content;
        }
        if (name === "link") {
          const rels = (attr("rel") ?? "").toLowerCase().split(/\s+/);
          const href = (attr("href") ?? "").trim();
          if (rels.includes("canonical")) push(facts.canonicals, clip(href, 2048));
          if (rels.includes("alternate") && attr("hreflang") !== null) {
            push(facts.hreflangs, { lang: clip(attr("hreflang")!.trim(), 40), href: clip(href, 2048) });
          }
          if (rels.includes("stylesheet") || rels.includes("icon") || rels.includes("preload")) {
            if (href) push(facts.resources, clip(href, 2048));
          }
        }
        if (["img", "script", "iframe", "audio", "video", "source", "embed"].includes(name)) {
          const src = (attr("src") ?? "").trim();
          if (src) push(facts.resources, clip(src, 2048));
        }
        if (name === "script" && (attr("type") ?? "").trim().toLowerCase() === "application/ld+json") jsonLd = [];
        if (HIDDEN.has(name)) hiddenDepth += 1;
        if (hiddenDepth > 0) return;
        const level = HEADING.exec(name);
        if (level) heading = { level: Number(level[1]), parts: [] };
        if (name === "img") push(facts.images, { src: clip((attr("src") ?? "").trim(), 2048), alt: attr("alt") });
        if (name === "a" && attr("href") !== null) {
          link = { href: clip(attr("href")!.trim(), 2048), rel: (attr("rel") ?? "").toLowerCase(), parts: [] };
        }
      },
      ontext(text) {
        if (title) title.push(text);
        if (jsonLd) jsonLd.push(text);
        if (hiddenDepth > 0) return;
        heading?.parts.push(text);
        link?.parts.push(text);
        words += countWords(text);
        if (sample.length < SAMPLE_CHARS) sample += ` ${text}`;
      },
      onclosetag(name) {
        if (name === "title" && title) {
          facts.titles.push(clip(collapse(title.join(""))));
          title = null;
        }
        if (name === "script" && jsonLd) {
          if (facts.jsonLd.length < 50) facts.jsonLd.push(readJsonLd(jsonLd.join("")));
          jsonLd = null;
        }
        if (HIDDEN.has(name)) {
          hiddenDepth = Math.max(0, hiddenDepth - 1);
          return;
        }
        if (hiddenDepth > 0) return;
        if (heading && HEADING.test(name)) {
          push(facts.headings, { level: heading.level, text: clip(collapse(heading.parts.join(""))) });
          heading = null;
        }
        if (name === "a" && link) {
          push(facts.links, { href: link.href, rel: link.rel, text: clip(collapse(link.parts.join("")), 200) });
          link = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  facts.words = words;
  facts.textSample = clip(collapse(sample), SAMPLE_CHARS);
  return facts;
}
