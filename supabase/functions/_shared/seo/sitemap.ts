/**
 * XML sitemaps (sitemaps.org protocol 0.9): a `<urlset>` of `<url><loc>`
 * entries, or a `<sitemapindex>` of `<sitemap><loc>` entries pointing at
 * further sitemaps. Pure; tolerant of namespaces prefixes and whitespace.
 * Limits from the protocol: 50,000 URLs and 50 MB (uncompressed) per file.
 */
import { Parser } from "htmlparser2";

export const SITEMAP_MAX_URLS = 50_000;

/**
 * Where crawlers look for a sitemap when robots.txt names none: the
 * protocol's conventional `/sitemap.xml`, `/sitemap_index.xml` (Yoast SEO,
 * Rank Math) and `/wp-sitemap.xml` (WordPress core since 5.5).
 */
export const CONVENTIONAL_SITEMAP_PATHS = ["/sitemap.xml", "/sitemap_index.xml", "/wp-sitemap.xml"] as const;

export interface SitemapFacts {
  kind: "urlset" | "index";
  /** Number of `<loc>` entries. */
  entries: number;
  /** The first entries' locations (at most 50,000 kept). */
  locations: string[];
}

/** The sitemap in `xml`, or null when it is neither a urlset nor a sitemap index. */
export function parseSitemap(xml: string): SitemapFacts | null {
  let kind: SitemapFacts["kind"] | null = null;
  let entries = 0;
  const locations: string[] = [];
  let loc: string[] | null = null;
  const local = (name: string) => name.slice(name.indexOf(":") + 1).toLowerCase();

  const parser = new Parser(
    {
      onopentag(name) {
        const tag = local(name);
        if (kind === null && tag === "urlset") kind = "urlset";
        if (kind === null && tag === "sitemapindex") kind = "index";
        if (tag === "loc" && kind !== null) loc = [];
      },
      ontext(text) {
        loc?.push(text);
      },
      onclosetag(name) {
        if (local(name) === "loc" && loc) {
          entries += 1;
          if (locations.length < SITEMAP_MAX_URLS) locations.push(loc.join("").trim());
          loc = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return kind === null ? null : { kind, entries, locations };
}

/** The same page for sitemap purposes: scheme, host, path (trailing slash ignored) and query. */
export function samePage(a: string, b: string): boolean {
  try {
    const key = (text: string) => {
      const url = new URL(text);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "") || "/"}${url.search}`;
    };
    return key(a) === key(b);
  } catch {
    return false;
  }
}
