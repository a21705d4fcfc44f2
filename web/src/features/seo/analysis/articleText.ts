/**
 * The structure of an article's HTML as the checks need it: blocks of text
 * (paragraphs, list items, quotes, headings), links and images. The HTML is
 * the editor's own sanitised output, so a small tokenizer does; it runs
 * anywhere (no DOM), which keeps the analysis usable in a worker, a test or
 * the benchmark.
 */

export type Block = { kind: "heading"; level: number; text: string } | { kind: "paragraph"; text: string };

export interface ArticleStructure {
  blocks: Block[];
  links: { href: string; text: string }[];
  images: { src: string; alt: string | null }[];
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const BLOCK_TAGS = new Set(["p", "li", "blockquote", "pre", "td", "th", "figcaption", "dd", "dt", "div"]);
const HEADING = /^h([1-6])$/;
const SKIPPED = new Set(["script", "style", "template"]);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", "#39": "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+[0-9]*);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Reads the blocks, links and images of article HTML. Plain text (no tags) is one paragraph per line. */
export function readArticle(html: string): ArticleStructure {
  const blocks: Block[] = [];
  const links: ArticleStructure["links"] = [];
  const images: ArticleStructure["images"] = [];
  /** Text of the innermost open block, and of the open link. */
  const open: { tag: string; level: number | null; parts: string[] }[] = [];
  let link: { href: string; parts: string[] } | null = null;
  let skipping: string | null = null;
  let loose: string[] = [];

  const flushLoose = () => {
    for (const line of loose.join("").split(/\n{1,}/)) {
      const text = collapse(line);
      if (text) blocks.push({ kind: "paragraph", text });
    }
    loose = [];
  };
  const addText = (raw: string) => {
    if (skipping || !raw) return;
    const text = decodeEntities(raw);
    if (open.length) open[open.length - 1].parts.push(text);
    else loose.push(text);
    link?.parts.push(text);
  };
  const close = (index: number) => {
    // Closing a block also closes blocks left open inside it. A paragraph inside a list item or quote is a block of its own.
    while (open.length > index) {
      const block = open.pop()!;
      const text = collapse(block.parts.join(""));
      if (text) blocks.push(block.level === null ? { kind: "paragraph", text } : { kind: "heading", level: block.level, text });
    }
  };

  let position = 0;
  for (const match of html.matchAll(TAG)) {
    addText(html.slice(position, match.index));
    position = match.index! + match[0].length;
    const [, slash, rawName, rest] = match;
    const name = rawName.toLowerCase();
    if (skipping) {
      if (slash && name === skipping) skipping = null;
      continue;
    }
    if (SKIPPED.has(name) && !slash) {
      skipping = name;
      continue;
    }
    const heading = HEADING.exec(name);
    if (!slash && (BLOCK_TAGS.has(name) || heading)) {
      flushLoose();
      // A block opening inside a paragraph or heading ends it (browsers do the same for <p>).
      const parent = open[open.length - 1];
      if (parent && (parent.tag === "p" || parent.level !== null)) close(open.length - 1);
      open.push({ tag: name, level: heading ? Number(heading[1]) : null, parts: [] });
      continue;
    }
    if (slash && (BLOCK_TAGS.has(name) || heading)) {
      const index = open.findLastIndex((block) => block.tag === name);
      if (index >= 0) close(index);
      continue;
    }
    if (name === "br") {
      addText(" ");
      continue;
    }
    if (name === "a" && !slash) {
      link = { href: attributesOf(rest).get("href") ?? "", parts: [] };
      continue;
    }
    if (name === "a" && slash && link) {
      links.push({ href: link.href, text: collapse(link.parts.join("")) });
      link = null;
      continue;
    }
    if (name === "img" && !slash) {
      const attributes = attributesOf(rest);
      images.push({ src: attributes.get("src") ?? "", alt: attributes.has("alt") ? attributes.get("alt")! : null });
    }
  }
  addText(html.slice(position));
  close(0);
  flushLoose();
  if (link) links.push({ href: link.href, text: collapse(link.parts.join("")) });
  return { blocks, links, images };
}
