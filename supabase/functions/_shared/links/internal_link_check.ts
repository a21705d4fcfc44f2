/**
 * The link check of publishing: every link in the article that points at the
 * site it is published to (same host, `www.` or not; relative links too)
 * should point at a post or page in that site's content index. Those that do
 * not — a mistyped slug, a post deleted since, a link a model made up — are
 * reported as warnings in the publish result. They do not stop the publish:
 * the index may simply be behind the site (a post published on WordPress a
 * minute ago), and a broken link is for the author to judge, not a reason to
 * keep the article off the site.
 *
 * Not checked: the site's home page, files and WordPress's own paths
 * (`/wp-content/`, `/wp-admin/`, `/wp-json/`, `/feed/`, anything with a file
 * extension), and links to other hosts.
 */
import type { CallerClient } from "../platform/caller.ts";

/** At most this many distinct internal links are checked per publish. */
export const MAX_CHECKED_LINKS = 50;
/** URLs per lookup: they travel in the request's query string. */
const URLS_PER_LOOKUP = 48;

const SKIPPED_PATH = /^\/(?:wp-content|wp-admin|wp-includes|wp-json|feed)(?:\/|$)|\/feed\/?$|\.[a-z0-9]{2,5}$/i;

const hostKey = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "").replace(/\.$/, "");

/** The site's home path from its REST root: `https://x.com/blog/wp-json/` → `/blog/`. */
export function homePath(restRoot: string): string {
  const { pathname } = new URL(restRoot);
  const home = pathname.replace(/(?:index\.php\/)?wp-json\/?$/, "");
  return home.endsWith("/") ? home : `${home}/`;
}

/**
 * The same address whatever the scheme, `www.`, trailing slash, fragment or
 * order of the query: what two links must share to point at the same page.
 */
export function linkKey(url: URL): string {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const query = [...url.searchParams].filter(([name]) => !/^utm_/i.test(name)).sort(([a], [b]) => a.localeCompare(b));
  const search = new URLSearchParams(query).toString();
  return `${hostKey(url)}${path.toLowerCase()}${search ? `?${search}` : ""}`;
}

/** The decoded value of every href in the HTML (the article's HTML is sanitised: attributes are quoted). */
export function hrefsIn(html: string): string[] {
  const hrefs: string[] = [];
  for (const tag of html.matchAll(/<a\b[^>]*>/gi)) {
    const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag[0]);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    if (value !== undefined) hrefs.push(value.replace(/&amp;/g, "&").replace(/&#0*38;/g, "&").trim());
  }
  return hrefs;
}

/**
 * The distinct links of `html` that point at the site of `restRoot`, as
 * absolute URLs (fragments dropped), in the order they first appear.
 */
export function internalLinks(html: string, restRoot: string): URL[] {
  const root = new URL(restRoot);
  const home = homePath(restRoot);
  const seen = new Set<string>();
  const links: URL[] = [];
  for (const href of hrefsIn(html)) {
    if (!href || href.startsWith("#") || /^(?:mailto|tel):/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, new URL(home, root));
    } catch {
      continue;
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || hostKey(url) !== hostKey(root)) continue;
    url.hash = "";
    const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
    if ((path === home && !url.search) || SKIPPED_PATH.test(url.pathname)) continue;
    const key = linkKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(url);
    if (links.length === MAX_CHECKED_LINKS) break;
  }
  return links;
}

/** Where WordPress's plain links name a post or page by id: `?p=12`, `?page_id=7`. */
export function remoteIdOf(url: URL): { remoteType: "post" | "page"; remoteId: number } | null {
  for (const [name, remoteType] of [["p", "post"], ["page_id", "page"]] as const) {
    const id = Number(url.searchParams.get(name));
    if (Number.isSafeInteger(id) && id > 0) return { remoteType, remoteId: id };
  }
  return null;
}

/** The spellings of `url` the index may hold: with and without trailing slash, http(s), `www.`. */
export function urlVariants(url: URL): string[] {
  const variants = new Set<string>();
  const host = url.host.replace(/^www\./i, "");
  const path = url.pathname.replace(/\/+$/, "");
  for (const scheme of ["https:", "http:"]) {
    for (const prefix of ["", "www."]) {
      for (const ending of ["", "/"]) {
        variants.add(`${scheme}//${prefix}${host}${path}${ending || (path ? "" : "/")}${url.search}`);
      }
    }
  }
  return [...variants];
}

export function unknownLinkWarning(url: string): string {
  return `The link to ${url} points at this site but at no post or page in its content index. ` +
    "Check it, or refresh the site's content on the WordPress Sites page if the post is new.";
}

export type CheckInternalLinks = (userId: string, siteId: string, restRoot: string, html: string) => Promise<string[]>;

/**
 * Warnings for the internal links of `html` that are not in the site's
 * content index, read as the caller: row-level security limits the lookups
 * to the caller's own index.
 */
export function internalLinkChecker(caller: CallerClient): CheckInternalLinks {
  return async (_userId, siteId, restRoot, html) => {
    const links = internalLinks(html, restRoot);
    if (links.length === 0) return [];
    const byId = links.map(remoteIdOf).filter((id) => id !== null);
    const variants = links.flatMap(urlVariants);
    const lookups = Array.from(
      { length: Math.ceil(variants.length / URLS_PER_LOOKUP) },
      (_, i) =>
        caller
          .from("site_content")
          .select("url")
          .eq("site_id", siteId)
          .in("url", variants.slice(i * URLS_PER_LOOKUP, (i + 1) * URLS_PER_LOOKUP)),
    );
    const [byRemoteId, ...byUrl] = await Promise.all([
      byId.length
        ? caller
          .from("site_content")
          .select("remote_type, remote_id")
          .eq("site_id", siteId)
          .in("remote_id", byId.map((id) => id.remoteId))
        : Promise.resolve({ data: [] as { remote_type: string; remote_id: number }[], error: null }),
      ...lookups,
    ]);
    for (const answer of [byRemoteId, ...byUrl]) {
      if (answer.error) throw new Error(`checking internal links: ${answer.error.message}`);
    }
    const known = new Set(byUrl.flatMap((answer) => answer.data ?? []).map((row) => linkKey(new URL(row.url))));
    const knownIds = new Set((byRemoteId.data ?? []).map((row) => `${row.remote_type}:${row.remote_id}`));
    return links
      .filter((url) => {
        const id = remoteIdOf(url);
        return !known.has(linkKey(url)) && !(id && knownIds.has(`${id.remoteType}:${id.remoteId}`));
      })
      .map((url) => unknownLinkWarning(url.href));
  };
}
