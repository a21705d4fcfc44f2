/**
 * The audit's measured checks: pure functions from what was fetched
 * (`AuditFacts`) to pass / warning / fail with the measured value and why
 * it matters. Thresholds and their sources are listed in docs/seo.md; the
 * ones that are conventions rather than search-engine rules say so in
 * their `why`.
 */
import type { AuditCheck, AuditCheckStatus, AuditGroup } from "../contracts/seo.ts";
import type { HtmlFacts } from "./html_facts.ts";
import { isAllowed, type RobotsTxt } from "./robots_txt.ts";
import { samePage, type SitemapFacts } from "./sitemap.ts";

export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Each redirect on the way: where from, with which status. */
  redirects: { url: string; status: number }[];
  /** Request to the final response's headers, redirects included. */
  responseMs: number;
  headers: Headers;
  /** Size of the HTML as decoded. */
  htmlBytes: number;
}

export type RobotsOutcome =
  | { state: "found"; url: string; robots: RobotsTxt }
  | { state: "missing"; url: string; status: number }
  | { state: "unavailable"; url: string; reason: string };

export type SitemapOutcome =
  | { state: "found"; url: string; source: "robots.txt" | "conventional"; sitemap: SitemapFacts }
  | { state: "unreadable"; url: string; source: "robots.txt" | "conventional"; reason: string }
  | { state: "missing"; tried: string[] };

/** One link of the sample checked for breakage. */
export interface LinkProbe {
  url: string;
  internal: boolean;
  /** ok: answered below 400; broken: 404/410/5xx or does not resolve; unverified: refused the check (401/403/429) or timed out; skipped: a private address the audit may not reach. */
  outcome: "ok" | "broken" | "unverified" | "skipped";
  status: number | null;
  detail: string;
}

export interface AuditFacts {
  page: FetchedPage;
  html: HtmlFacts;
  robots: RobotsOutcome;
  sitemap: SitemapOutcome;
  links: LinkProbe[];
}

/** The product token whose robots.txt rules the audit applies (Google's web crawler). */
export const CRAWLER_TOKEN = "googlebot";

type Verdict = { status: AuditCheckStatus; value: string };
type CheckDefinition = {
  id: string;
  group: AuditGroup;
  label: string;
  why: string;
  run(facts: AuditFacts): Verdict;
};

const pass = (value: string): Verdict => ({ status: "pass", value });
const warning = (value: string): Verdict => ({ status: "warning", value });
const fail = (value: string): Verdict => ({ status: "fail", value });

// ---------------------------------------------------------------- formatting

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

const quote = (text: string, max = 80) => `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const chars = (text: string) => [...text].length;

// ---------------------------------------------------------------- links

/** Hosts that are the same site: equal, or equal once a leading "www." is dropped. */
export function sameSite(a: string, b: string): boolean {
  const strip = (host: string) => host.toLowerCase().replace(/^www\./, "");
  return strip(a) === strip(b);
}

export interface ClassifiedLinks {
  internal: string[];
  external: string[];
  /** Links that are not http(s) addresses (mailto:, tel:, javascript:, fragments only). */
  other: number;
}

/** The page's links resolved against its address, deduplicated, split into internal and external. */
export function classifyLinks(html: HtmlFacts, pageUrl: string): ClassifiedLinks {
  const page = new URL(pageUrl);
  const internal = new Set<string>();
  const external = new Set<string>();
  let other = 0;
  for (const link of html.links) {
    if (link.href === "" || link.href.startsWith("#")) {
      other += 1;
      continue;
    }
    let url: URL;
    try {
      url = new URL(link.href, page);
    } catch {
      other += 1;
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      other += 1;
      continue;
    }
    url.hash = "";
    if (samePage(url.href, page.href)) continue;
    (sameSite(url.hostname, page.hostname) ? internal : external).add(url.href);
  }
  return { internal: [...internal], external: [...external], other };
}

// ---------------------------------------------------------------- the checks

const STATUS_TEXT: Record<number, string> = { 200: "OK", 203: "Non-Authoritative Information", 206: "Partial Content" };

const CHECKS: CheckDefinition[] = [
  // ── Crawling and indexing
  {
    id: "status",
    group: "crawling",
    label: "HTTP status",
    why: "Search engines index only pages that answer 200 OK; an error status removes a page from results.",
    run: ({ page }) => {
      const text = `${page.status}${STATUS_TEXT[page.status] ? ` ${STATUS_TEXT[page.status]}` : ""}`;
      return page.status === 200 ? pass(text) : page.status < 300 ? warning(text) : fail(text);
    },
  },
  {
    id: "redirects",
    group: "crawling",
    label: "Redirects",
    why:
      "Every redirect costs a round trip before the page starts loading; chains of redirects slow visitors and crawlers (Lighthouse flags more than one). Temporary redirects (302, 307) tell search engines the old address is still the real one.",
    run: ({ page }) => {
      const hops = page.redirects;
      if (hops.length === 0) return pass("None: the address answered directly");
      const chain = [...hops.map((hop) => `${hop.url} (${hop.status})`), page.finalUrl].join(" → ");
      const value = `${plural(hops.length, "redirect")}: ${chain}`;
      if (hops.length >= 3) return fail(value);
      if (hops.length === 2) return warning(value);
      return hops[0].status === 301 || hops[0].status === 308 ? pass(value) : warning(`${value} — a temporary redirect`);
    },
  },
  {
    id: "https",
    group: "crawling",
    label: "HTTPS",
    why: "Browsers mark plain-http pages “Not secure”, and Google uses HTTPS as a ranking signal.",
    run: ({ page }) => {
      const final = new URL(page.finalUrl);
      if (final.protocol === "https:") {
        return pass(
          new URL(page.requestedUrl).protocol === "http:" ? "Served over HTTPS (http redirects to https)" : "Served over HTTPS",
        );
      }
      return fail("Served over plain http");
    },
  },
  {
    id: "indexable",
    group: "crawling",
    label: "Indexing allowed (robots meta and X-Robots-Tag)",
    why: "A noindex in a robots meta tag or an X-Robots-Tag header keeps the page out of search results entirely; nofollow stops link signals from passing.",
    run: ({ page, html }) => {
      const header = (page.headers.get("x-robots-tag") ?? "").toLowerCase();
      const directives = [...html.metaRobots, header].join(",").split(/[,\s]+/).filter(Boolean);
      const sources = [
        ...html.metaRobots.map((content) => `meta robots ${quote(content)}`),
        ...(header ? [`X-Robots-Tag ${quote(header)}`] : []),
      ];
      if (directives.includes("noindex") || directives.includes("none")) return fail(`noindex: ${sources.join("; ")}`);
      if (directives.includes("nofollow")) return warning(`nofollow: ${sources.join("; ")}`);
      return pass(sources.length ? `Indexable: ${sources.join("; ")}` : "Indexable: no robots meta tag or X-Robots-Tag header");
    },
  },
  {
    id: "robots-txt",
    group: "crawling",
    label: "robots.txt",
    why:
      "robots.txt tells crawlers what they may fetch and where the sitemap is. A missing file (404) allows everything; a server error makes Google treat the whole site as disallowed until it can read the file again.",
    run: ({ robots }) => {
      if (robots.state === "found") {
        const groups = robots.robots.groups.size;
        return pass(`Found at ${robots.url}: ${plural(groups, "user-agent group")}, ${plural(robots.robots.sitemaps.length, "Sitemap line")}`);
      }
      if (robots.state === "missing") return warning(`None at ${robots.url} (answered ${robots.status})`);
      return fail(`Could not be read at ${robots.url}: ${robots.reason}`);
    },
  },
  {
    id: "robots-allows-page",
    group: "crawling",
    label: "Page allowed by robots.txt",
    why: "A page disallowed in robots.txt is not crawled: search engines cannot read its content, and it shows without a description if it is listed at all.",
    run: ({ robots, page }) => {
      if (robots.state === "missing") return pass("Allowed: there is no robots.txt");
      if (robots.state === "unavailable") return warning("Unknown: robots.txt could not be read");
      const verdict = isAllowed(robots.robots, CRAWLER_TOKEN, new URL(page.finalUrl));
      if (verdict.allowed) return pass(verdict.rule ? `Allowed for Googlebot by “${verdict.rule}”` : "Allowed for Googlebot: no rule matches");
      return fail(`Disallowed for Googlebot by “${verdict.rule}”`);
    },
  },
  {
    id: "sitemap",
    group: "crawling",
    label: "XML sitemap",
    why: "A sitemap lists the pages you want found, so crawlers discover new and changed posts sooner. Name it in robots.txt with a Sitemap: line.",
    run: ({ sitemap, page }) => {
      if (sitemap.state === "missing") return warning(`None found (tried ${sitemap.tried.join(", ")})`);
      const where = sitemap.source === "robots.txt" ? "named in robots.txt" : "at a conventional address, not named in robots.txt";
      if (sitemap.state === "unreadable") return fail(`${sitemap.url} (${where}) could not be read: ${sitemap.reason}`);
      const { kind, entries, locations } = sitemap.sitemap;
      if (kind === "index") return pass(`Sitemap index at ${sitemap.url} (${where}) listing ${plural(entries, "sitemap")}`);
      const listed = locations.some((location) => samePage(location, page.finalUrl));
      const value = `${sitemap.url} (${where}) with ${plural(entries, "URL")}; this page is ${listed ? "" : "not "}listed`;
      if (entries > 50_000) return fail(`${value} — more than the 50,000 a sitemap may hold`);
      if (entries === 0) return warning(`${value} — the sitemap is empty`);
      return sitemap.source === "robots.txt" ? pass(value) : warning(value);
    },
  },
  {
    id: "canonical",
    group: "crawling",
    label: "Canonical URL",
    why: "rel=canonical names the address search engines should index when the same content is reachable at several (tracking parameters, http/https, trailing slashes). More than one, or an invalid one, is ignored.",
    run: ({ html, page }) => {
      if (html.canonicals.length === 0) return warning("No canonical link");
      if (html.canonicals.length > 1) return fail(`${html.canonicals.length} canonical links: ${html.canonicals.join(", ")}`);
      const href = html.canonicals[0];
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return fail(`Not an absolute URL: ${quote(href)}`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return fail(`Not a web address: ${quote(href)}`);
      if (samePage(url.href, page.finalUrl)) return pass(`${url.href} (this page)`);
      if (!sameSite(url.hostname, new URL(page.finalUrl).hostname)) return warning(`${url.href} — another site`);
      return warning(`${url.href} — another page: this one asks not to be indexed in its own right`);
    },
  },
  // ── Speed and delivery
  {
    id: "response-time",
    group: "speed",
    label: "Server response time",
    why: "Time from the request to the first response headers (redirects included). web.dev rates up to 0.8 s as good and over 1.8 s as poor; every later step of loading waits for it.",
    run: ({ page }) => {
      const value = formatMs(page.responseMs);
      if (page.responseMs <= 800) return pass(value);
      return page.responseMs <= 1800 ? warning(value) : fail(value);
    },
  },
  {
    id: "page-weight",
    group: "speed",
    label: "HTML size",
    why: "Googlebot reads only the first 2 MB of an HTML file and ignores the rest; the median page's HTML is about 30 kB. Heavy HTML (inline images, scripts, styles) also slows the first render.",
    run: ({ page }) => {
      const value = `${formatBytes(page.htmlBytes)} of HTML`;
      if (page.htmlBytes <= 500_000) return pass(value);
      return page.htmlBytes <= 2_000_000 ? warning(value) : fail(`${value} — past Googlebot's 2 MB`);
    },
  },
  {
    id: "compression",
    group: "speed",
    label: "Text compression",
    why: "gzip, Brotli or zstd typically shrink HTML by 70–90 %, so the page arrives sooner, especially on mobile networks.",
    run: ({ page }) => {
      const encoding = (page.headers.get("content-encoding") ?? "").toLowerCase().trim();
      const sent = page.headers.get("content-length");
      const size = sent ? ` (${formatBytes(Number(sent))} sent for ${formatBytes(page.htmlBytes)})` : "";
      if (/\b(br|gzip|zstd|deflate)\b/.test(encoding)) return pass(`${encoding}${size}`);
      if (page.htmlBytes < 1400) return pass(`Not compressed, but only ${formatBytes(page.htmlBytes)}`);
      return fail(`Not compressed: ${formatBytes(page.htmlBytes)} sent as is`);
    },
  },
  {
    id: "cache-headers",
    group: "speed",
    label: "Caching headers",
    why: "Cache-Control, ETag or Last-Modified let browsers and CDNs reuse or cheaply revalidate the page instead of downloading it again.",
    run: ({ page }) => {
      const cacheControl = page.headers.get("cache-control");
      const validators = ["etag", "last-modified"].filter((name) => page.headers.has(name));
      const found = [...(cacheControl ? [`Cache-Control: ${cacheControl}`] : []), ...validators.map((name) => name === "etag" ? "ETag" : "Last-Modified")];
      if (found.length === 0) return warning("No Cache-Control, ETag or Last-Modified header");
      if (/\bno-store\b/i.test(cacheControl ?? "") && validators.length === 0) return warning(`${found.join("; ")} — never stored`);
      return pass(found.join("; "));
    },
  },
  // ── Content and headings
  {
    id: "title",
    group: "content",
    label: "Title",
    why: "The title is the clickable headline in search results and the browser tab; Google may rewrite a missing or unhelpful one.",
    run: ({ html }) => {
      const titles = html.titles.filter((title) => title.trim());
      if (titles.length === 0) return fail(html.titles.length ? "An empty <title>" : "No <title>");
      if (html.titles.length > 1) return warning(`${html.titles.length} <title> elements; the first: ${quote(titles[0])}`);
      return pass(quote(titles[0], 120));
    },
  },
  {
    id: "title-length",
    group: "content",
    label: "Title length",
    why: "Search results cut titles to the device width (about 600 px, 50–60 characters); the 30–60 character range is a convention of SEO tools, not a Google rule. Very short titles waste the space.",
    run: ({ html }) => {
      const title = html.titles.find((candidate) => candidate.trim());
      if (!title) return fail("No title to measure");
      const length = chars(title);
      const value = `${length} characters`;
      if (length < 30) return warning(`${value} — short`);
      if (length > 60) return warning(`${value} — may be cut off in results`);
      return pass(value);
    },
  },
  {
    id: "meta-description",
    group: "content",
    label: "Meta description",
    why: "Google often shows the meta description as the snippet under the title when it describes the page well; without one it picks text from the page.",
    run: ({ html }) => {
      const filled = html.metaDescriptions.filter((text) => text.trim());
      if (filled.length === 0) return fail(html.metaDescriptions.length ? "An empty meta description" : "No meta description");
      if (html.metaDescriptions.length > 1) return warning(`${html.metaDescriptions.length} meta descriptions; the first: ${quote(filled[0])}`);
      return pass(quote(filled[0], 160));
    },
  },
  {
    id: "meta-description-length",
    group: "content",
    label: "Meta description length",
    why: "Snippets are cut to the device width, roughly 150–160 characters; under about 70 the description says little. These are tool conventions (Yoast: 120–156), not Google limits.",
    run: ({ html }) => {
      const text = html.metaDescriptions.find((candidate) => candidate.trim());
      if (!text) return fail("No meta description to measure");
      const length = chars(text);
      const value = `${length} characters`;
      if (length < 70) return warning(`${value} — short`);
      if (length > 160) return warning(`${value} — likely cut off`);
      return pass(value);
    },
  },
  {
    id: "h1",
    group: "content",
    label: "One H1 heading",
    why: "The H1 tells readers and search engines what the page is about. Google copes with several, but one clear H1 is the common advice (Yoast, Rank Math).",
    run: ({ html }) => {
      const h1s = html.headings.filter((heading) => heading.level === 1);
      if (h1s.length === 0) return fail("No H1");
      if (h1s.length > 1) return warning(`${h1s.length} H1s: ${h1s.slice(0, 3).map((h) => quote(h.text, 40)).join(", ")}`);
      return h1s[0].text.trim() ? pass(quote(h1s[0].text, 120)) : fail("An empty H1");
    },
  },
  {
    id: "heading-order",
    group: "content",
    label: "Heading order",
    why: "Headings that step down one level at a time (H2 under H1, H3 under H2) give the page an outline screen readers and search engines can follow.",
    run: ({ html }) => {
      if (html.headings.length === 0) return warning("No headings");
      const skips: string[] = [];
      let previous = 0;
      for (const heading of html.headings) {
        if (previous > 0 && heading.level > previous + 1) skips.push(`H${previous} → H${heading.level} (${quote(heading.text, 30)})`);
        previous = heading.level;
      }
      const outline = html.headings.slice(0, 12).map((heading) => `H${heading.level}`).join(" ");
      if (skips.length) return warning(`Skipped levels: ${skips.slice(0, 3).join("; ")}`);
      return pass(`${plural(html.headings.length, "heading")} in order: ${outline}${html.headings.length > 12 ? " …" : ""}`);
    },
  },
  {
    id: "word-count",
    group: "content",
    label: "Text length",
    why: "Pages with little text rarely answer a searcher's question well; 300 words is the usual minimum for a post (Yoast).",
    run: ({ html }) => {
      const value = plural(html.words, "word");
      if (html.words >= 300) return pass(value);
      return html.words >= 100 ? warning(`${value} — thin`) : fail(`${value} — very little text`);
    },
  },
  {
    id: "charset",
    group: "content",
    label: "Character encoding",
    why: "Declaring the encoding (UTF-8) in the Content-Type header or a <meta charset> keeps accented and non-Latin characters from turning into garbage.",
    run: ({ page, html }) => {
      const header = /charset\s*=\s*["']?([\w.:-]+)/i.exec(page.headers.get("content-type") ?? "")?.[1]?.toLowerCase();
      const declared = header ?? html.charset;
      if (!declared) return warning("Not declared");
      const where = header ? "Content-Type header" : "<meta>";
      return declared === "utf-8" || declared === "utf8" ? pass(`UTF-8 (${where})`) : warning(`${declared} (${where}) — UTF-8 is recommended`);
    },
  },
  // ── Links and images
  {
    id: "internal-links",
    group: "links",
    label: "Internal links",
    why: "Links to your own pages help readers keep reading and let crawlers find and weigh the rest of the site.",
    run: ({ html, page }) => {
      const { internal } = classifyLinks(html, page.finalUrl);
      return internal.length > 0 ? pass(plural(internal.length, "internal link")) : warning("No links to other pages of the site");
    },
  },
  {
    id: "external-links",
    group: "links",
    label: "Outbound links",
    why: "Linking to good sources backs up what the page says; a page with none looks less connected to its topic.",
    run: ({ html, page }) => {
      const { external } = classifyLinks(html, page.finalUrl);
      return external.length > 0 ? pass(plural(external.length, "outbound link")) : warning("No links to other sites");
    },
  },
  {
    id: "broken-links",
    group: "links",
    label: "Broken links (sample)",
    why: "Links to missing pages frustrate readers and waste crawl budget. A sample of the page's links is checked; a link that refuses automated checks (401, 403, 429) is not counted as broken.",
    run: ({ links }) => {
      if (links.length === 0) return pass("No links to check");
      const broken = links.filter((link) => link.outcome === "broken");
      const unverified = links.filter((link) => link.outcome === "unverified" || link.outcome === "skipped");
      const checked = links.length - links.filter((link) => link.outcome === "skipped").length;
      const notes = unverified.length ? `; ${unverified.length} could not be verified` : "";
      if (broken.length) {
        const list = broken.slice(0, 5).map((link) => `${link.url} (${link.detail})`).join("; ");
        return fail(`${broken.length} of ${checked} checked broken: ${list}${notes}`);
      }
      return (checked === 0 ? warning : pass)(`${checked} checked, none broken${notes}`);
    },
  },
  {
    id: "image-alt",
    group: "links",
    label: "Image alt text",
    why: "Alt text describes an image to screen-reader users and to image search. Decorative images may have an empty alt (alt=\"\"), but the attribute must be there.",
    run: ({ html }) => {
      if (html.images.length === 0) return pass("No images");
      const missing = html.images.filter((image) => image.alt === null);
      if (missing.length === 0) return pass(`All ${plural(html.images.length, "image")} have alt text`);
      const value = `${missing.length} of ${plural(html.images.length, "image")} without alt: ${missing.slice(0, 3).map((image) => image.src || "(no src)").join(", ")}`;
      return missing.length / html.images.length >= 0.25 ? fail(value) : warning(value);
    },
  },
  {
    id: "mixed-content",
    group: "links",
    label: "Mixed content",
    why: "An https page that loads images, scripts or styles over plain http gets them blocked or flagged by browsers.",
    run: ({ html, page }) => {
      if (new URL(page.finalUrl).protocol !== "https:") return warning("Not checked: the page itself is plain http");
      const insecure = html.resources.filter((src) => /^http:\/\//i.test(src));
      if (insecure.length === 0) return pass("Every resource is https or relative");
      return fail(`${plural(insecure.length, "resource")} over http: ${insecure.slice(0, 3).join(", ")}`);
    },
  },
  // ── Mobile, languages and sharing
  {
    id: "viewport",
    group: "sharing",
    label: "Mobile viewport",
    why: "Without <meta name=\"viewport\" content=\"width=device-width\"> phones show a shrunken desktop page; Google indexes the mobile version of pages.",
    run: ({ html }) => {
      if (!html.viewport) return fail("No viewport meta tag");
      if (!/width\s*=\s*device-width/i.test(html.viewport)) return warning(`${quote(html.viewport)} — without width=device-width`);
      if (/user-scalable\s*=\s*(no|0)\b/i.test(html.viewport)) return warning(`${quote(html.viewport)} — zooming is disabled`);
      return pass(quote(html.viewport));
    },
  },
  {
    id: "lang",
    group: "sharing",
    label: "Page language (lang)",
    why: "<html lang> tells screen readers how to pronounce the text and browsers which language to offer translation from.",
    run: ({ html }) => {
      if (html.lang === null || html.lang.trim() === "") return fail("No lang attribute on <html>");
      return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(html.lang) ? pass(html.lang) : warning(`${quote(html.lang)} — not a valid language tag`);
    },
  },
  {
    id: "hreflang",
    group: "sharing",
    label: "Language versions (hreflang)",
    why: "hreflang links point search engines to each translation of a page. Each version must list itself and the others with absolute URLs, ideally with an x-default; only sites with translations need them.",
    run: ({ html, page }) => {
      if (html.hreflangs.length === 0) return pass("Not used (only needed for translated versions)");
      const problems: string[] = [];
      const relative = html.hreflangs.filter((entry) => !/^https?:\/\//i.test(entry.href));
      if (relative.length) problems.push(`${plural(relative.length, "relative URL")}`);
      const invalid = html.hreflangs.filter((entry) => entry.lang.toLowerCase() !== "x-default" && !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(entry.lang));
      if (invalid.length) problems.push(`invalid codes: ${invalid.map((entry) => entry.lang).join(", ")}`);
      const self = html.hreflangs.some((entry) => {
        try {
          return samePage(new URL(entry.href, page.finalUrl).href, page.finalUrl);
        } catch {
          return false;
        }
      });
      if (!self) problems.push("this page does not list itself");
      if (!html.hreflangs.some((entry) => entry.lang.toLowerCase() === "x-default")) problems.push("no x-default");
      const langs = html.hreflangs.map((entry) => entry.lang).join(", ");
      return problems.length ? warning(`${langs} — ${problems.join("; ")}`) : pass(langs);
    },
  },
  {
    id: "open-graph",
    group: "sharing",
    label: "Open Graph tags",
    why: "og:title, og:type, og:image and og:url (the four the Open Graph protocol requires) decide how the page looks when shared on Facebook, LinkedIn and messengers.",
    run: ({ html }) => {
      const required = ["og:title", "og:type", "og:image", "og:url"];
      const missing = required.filter((name) => !html.openGraph[name]?.trim());
      const present = Object.keys(html.openGraph).length;
      if (missing.length === 0) return pass(`All four required tags present (${plural(present, "og tag")})`);
      if (missing.length === required.length) return warning("No Open Graph tags");
      return warning(`Missing ${missing.join(", ")}`);
    },
  },
  {
    id: "twitter-card",
    group: "sharing",
    label: "X (Twitter) card",
    why: "twitter:card chooses how links to the page look on X; without it X may fall back to a small summary built from the Open Graph tags.",
    run: ({ html }) => {
      const card = html.twitter["twitter:card"]?.trim();
      if (card) return pass(`twitter:card ${quote(card)}`);
      const fallback = ["og:title", "og:description"].every((name) => html.openGraph[name]?.trim());
      return warning(fallback ? "No twitter:card; X may build a summary card from Open Graph" : "No twitter:card and no Open Graph fallback");
    },
  },
  {
    id: "structured-data",
    group: "sharing",
    label: "Structured data (JSON-LD)",
    why: "schema.org markup in JSON-LD (Article, BlogPosting, Organization, BreadcrumbList…) makes a page eligible for rich results. A block that is not valid JSON is ignored whole.",
    run: ({ html }) => {
      if (html.jsonLd.length === 0) return warning("No JSON-LD blocks");
      const broken = html.jsonLd.filter((block) => block.error !== null);
      const types = [...new Set(html.jsonLd.flatMap((block) => block.types))];
      const typeText = types.length ? `types: ${types.slice(0, 10).join(", ")}` : "no @type";
      if (broken.length) return fail(`${broken.length} of ${plural(html.jsonLd.length, "block")} not valid JSON (${broken[0].error}); ${typeText}`);
      return types.length ? pass(`${plural(html.jsonLd.length, "block")}, ${typeText}`) : warning(`${plural(html.jsonLd.length, "block")} without an @type`);
    },
  },
];

/** The ids of every check, in report order. */
export const AUDIT_CHECK_IDS = CHECKS.map((check) => check.id);

/** Every check over `facts`, in report order. */
export function runAuditChecks(facts: AuditFacts): AuditCheck[] {
  return CHECKS.map(({ id, group, label, why, run }) => ({ id, group, label, why, ...run(facts) }));
}

/** One check over `facts` (tests). */
export function runAuditCheck(id: string, facts: AuditFacts): AuditCheck {
  const check = CHECKS.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no audit check ${id}`);
  return { id, group: check.group, label: check.label, why: check.why, ...check.run(facts) };
}
