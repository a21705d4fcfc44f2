/**
 * Every audit check against pages with a known defect: each test names the
 * check, the page (or response) that breaks it, and the verdict and
 * measured value expected.
 */
import assert from "node:assert/strict";
import {
  type AuditFacts,
  AUDIT_CHECK_IDS,
  classifyLinks,
  type FetchedPage,
  type LinkProbe,
  runAuditCheck,
  runAuditChecks,
} from "./audit_checks.ts";
import { readHtmlFacts } from "./html_facts.ts";
import { parseRobotsTxt } from "./robots_txt.ts";
import { parseSitemap } from "./sitemap.ts";

const PAGE_URL = "https://blog.example/posts/balcony-tomatoes";
const WORDS_400 = Array.from({ length: 400 }, (_, index) => `word${index}`).join(" ");

/** A page that passes every check; `head`/`body` replace its parts. */
function page({ head, body, lang = ' lang="en"' }: { head?: string; body?: string; lang?: string } = {}) {
  return `<!doctype html><html${lang}><head>${head ?? `
    <meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>How to Grow Tomatoes on a Balcony in Ten Easy Steps</title>
    <meta name="description" content="${"A guide to growing tomatoes on a balcony, from choosing a variety to the harvest. ".repeat(1).trim()} Short and practical.">
    <link rel="canonical" href="${PAGE_URL}">
    <meta property="og:title" content="T"><meta property="og:type" content="article"><meta property="og:image" content="https://blog.example/i.jpg"><meta property="og:url" content="${PAGE_URL}"><meta property="og:description" content="D">
    <meta name="twitter:card" content="summary_large_image">
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting"}</script>`}</head>
    <body>${body ?? `<h1>Balcony tomatoes</h1><p>${WORDS_400}</p><h2>Pots</h2><h3>Size</h3><h2>Water</h2>
    <img src="/a.jpg" alt="Tomatoes"><a href="/posts/other">other post</a><a href="https://gardening.example/guide">a guide</a>`}</body></html>`;
}

const ROBOTS = parseRobotsTxt("User-agent: *\nDisallow: /private/\nSitemap: https://blog.example/sitemap.xml\n");
const SITEMAP = parseSitemap(`<urlset><url><loc>${PAGE_URL}</loc></url><url><loc>https://blog.example/</loc></url></urlset>`)!;

function facts(
  html = page(),
  overrides: { page?: Partial<FetchedPage>; robots?: AuditFacts["robots"]; sitemap?: AuditFacts["sitemap"]; links?: LinkProbe[] } = {},
): AuditFacts {
  return {
    page: {
      requestedUrl: PAGE_URL,
      finalUrl: PAGE_URL,
      status: 200,
      redirects: [],
      responseMs: 240,
      headers: new Headers({
        "content-type": "text/html; charset=UTF-8",
        "content-encoding": "br",
        "content-length": "4100",
        "cache-control": "public, max-age=600",
      }),
      htmlBytes: 18_000,
      ...overrides.page,
    },
    html: readHtmlFacts(html),
    robots: overrides.robots ?? { state: "found", url: "https://blog.example/robots.txt", robots: ROBOTS },
    sitemap: overrides.sitemap ??
      { state: "found", url: "https://blog.example/sitemap.xml", source: "robots.txt", sitemap: SITEMAP },
    links: overrides.links ?? [
      { url: "https://blog.example/posts/other", internal: true, outcome: "ok", status: 200, detail: "200" },
    ],
  };
}

function expectCheck(id: string, input: AuditFacts, status: "pass" | "warning" | "fail", value?: RegExp) {
  const check = runAuditCheck(id, input);
  assert.equal(check.status, status, `${id}: ${check.value}`);
  if (value) assert.match(check.value, value);
  assert.ok(check.why.length > 30, `${id} says why it matters`);
}

Deno.test("the audit runs at least 25 distinct checks, all passing on a clean page", () => {
  assert.ok(AUDIT_CHECK_IDS.length >= 25, `${AUDIT_CHECK_IDS.length} checks`);
  assert.equal(new Set(AUDIT_CHECK_IDS).size, AUDIT_CHECK_IDS.length);
  const checks = runAuditChecks(facts());
  const notPassing = checks.filter((check) => check.status !== "pass").map((check) => `${check.id}: ${check.value}`);
  assert.deepEqual(notPassing, []);
  assert.deepEqual(new Set(checks.map((check) => check.group)), new Set(["crawling", "speed", "content", "links", "sharing"]));
});

Deno.test("status: 200 passes, another 2xx is a warning", () => {
  expectCheck("status", facts(), "pass", /^200 OK$/);
  expectCheck("status", facts(page(), { page: { status: 203 } }), "warning", /203/);
});

Deno.test("redirects: none, one permanent, one temporary, a chain of two, of three", () => {
  expectCheck("redirects", facts(), "pass", /None/);
  const hop = (url: string, status: number) => ({ url, status });
  expectCheck("redirects", facts(page(), { page: { redirects: [hop("http://blog.example/p", 301)] } }), "pass", /1 redirect: http:\/\/blog\.example\/p \(301\) → https/);
  expectCheck("redirects", facts(page(), { page: { redirects: [hop("https://blog.example/p", 302)] } }), "warning", /temporary/);
  expectCheck("redirects", facts(page(), { page: { redirects: [hop("a", 301), hop("b", 301)] } }), "warning", /2 redirects/);
  expectCheck("redirects", facts(page(), { page: { redirects: [hop("a", 301), hop("b", 301), hop("c", 301)] } }), "fail", /3 redirects/);
});

Deno.test("https: served over https, or redirected there, passes; plain http fails", () => {
  expectCheck("https", facts(), "pass", /^Served over HTTPS$/);
  expectCheck("https", facts(page(), { page: { requestedUrl: "http://blog.example/posts/balcony-tomatoes" } }), "pass", /http redirects to https/);
  expectCheck("https", facts(page(), { page: { finalUrl: "http://blog.example/x" } }), "fail", /plain http/);
});

Deno.test("indexable: noindex in meta or X-Robots-Tag fails, nofollow warns", () => {
  expectCheck("indexable", facts(), "pass", /no robots meta tag/);
  expectCheck("indexable", facts(page({ head: '<meta name="robots" content="noindex,follow">' })), "fail", /noindex: meta robots “noindex,follow”/);
  expectCheck("indexable", facts(page(), { page: { headers: new Headers({ "x-robots-tag": "none" }) } }), "fail", /X-Robots-Tag “none”/);
  expectCheck("indexable", facts(page({ head: '<meta name="googlebot" content="nofollow">' })), "warning", /nofollow/);
  expectCheck("indexable", facts(page({ head: '<meta name="robots" content="index, follow">' })), "pass", /Indexable: meta robots/);
});

Deno.test("robots.txt: found passes, missing (404) warns, server error or unreadable fails", () => {
  expectCheck("robots-txt", facts(), "pass", /1 user-agent group, 1 Sitemap line/);
  expectCheck("robots-txt", facts(page(), { robots: { state: "missing", url: "https://blog.example/robots.txt", status: 404 } }), "warning", /answered 404/);
  expectCheck("robots-txt", facts(page(), { robots: { state: "unavailable", url: "https://blog.example/robots.txt", reason: "answered 503 Service Unavailable" } }), "fail", /503/);
});

Deno.test("robots.txt rules: a page under a Disallow fails, names the rule", () => {
  expectCheck("robots-allows-page", facts(), "pass", /no rule matches/);
  expectCheck("robots-allows-page", facts(page(), { page: { finalUrl: "https://blog.example/private/a" } }), "fail", /Disallow: \/private\//);
  expectCheck("robots-allows-page", facts(page(), { robots: { state: "missing", url: "x", status: 404 } }), "pass", /no robots.txt/);
  expectCheck("robots-allows-page", facts(page(), { robots: { state: "unavailable", url: "x", reason: "timeout" } }), "warning", /Unknown/);
});

Deno.test("sitemap: named in robots.txt and listing the page passes; missing, unlisted or unreadable do not", () => {
  expectCheck("sitemap", facts(), "pass", /named in robots.txt.*2 URLs; this page is listed/);
  expectCheck("sitemap", facts(page(), { sitemap: { state: "missing", tried: ["https://blog.example/sitemap.xml"] } }), "warning", /None found \(tried/);
  expectCheck(
    "sitemap",
    facts(page(), { sitemap: { state: "found", url: "https://blog.example/sitemap.xml", source: "conventional", sitemap: SITEMAP } }),
    "warning",
    /not named in robots.txt/,
  );
  expectCheck(
    "sitemap",
    facts(page(), { sitemap: { state: "found", url: "u", source: "robots.txt", sitemap: { kind: "urlset", entries: 0, locations: [] } } }),
    "warning",
    /empty/,
  );
  expectCheck("sitemap", facts(page(), { sitemap: { state: "unreadable", url: "u", source: "robots.txt", reason: "answered 404 Not Found" } }), "fail", /404/);
  expectCheck(
    "sitemap",
    facts(page(), { sitemap: { state: "found", url: "u", source: "robots.txt", sitemap: { kind: "index", entries: 4, locations: [] } } }),
    "pass",
    /index .* 4 sitemaps/,
  );
});

Deno.test("canonical: missing warns; several, relative or another page do not pass", () => {
  const withCanonical = (links: string) => page({ head: `<title>t</title>${links}` });
  expectCheck("canonical", facts(), "pass", /this page/);
  expectCheck("canonical", facts(withCanonical("")), "warning", /No canonical/);
  expectCheck("canonical", facts(withCanonical(`<link rel="canonical" href="${PAGE_URL}"><link rel="canonical" href="/x">`)), "fail", /2 canonical links/);
  expectCheck("canonical", facts(withCanonical('<link rel="canonical" href="/posts/balcony-tomatoes">')), "fail", /Not an absolute URL/);
  expectCheck("canonical", facts(withCanonical('<link rel="canonical" href="https://blog.example/posts/other">')), "warning", /another page/);
  expectCheck("canonical", facts(withCanonical('<link rel="canonical" href="https://copy.example/p">')), "warning", /another site/);
});

Deno.test("response time: web.dev's TTFB bands (0.8 s, 1.8 s)", () => {
  expectCheck("response-time", facts(page(), { page: { responseMs: 800 } }), "pass", /800 ms/);
  expectCheck("response-time", facts(page(), { page: { responseMs: 1200 } }), "warning", /1\.20 s/);
  expectCheck("response-time", facts(page(), { page: { responseMs: 2500 } }), "fail", /2\.50 s/);
});

Deno.test("HTML size: up to 500 kB passes, past Googlebot's 2 MB fails", () => {
  expectCheck("page-weight", facts(), "pass", /18\.0 kB of HTML/);
  expectCheck("page-weight", facts(page(), { page: { htmlBytes: 900_000 } }), "warning", /900\.0 kB/);
  expectCheck("page-weight", facts(page(), { page: { htmlBytes: 2_400_000 } }), "fail", /2\.40 MB.*2 MB/);
});

Deno.test("compression: gzip/br pass with sizes; an uncompressed page fails unless tiny", () => {
  expectCheck("compression", facts(), "pass", /br \(4\.1 kB sent for 18\.0 kB\)/);
  expectCheck("compression", facts(page(), { page: { headers: new Headers() } }), "fail", /Not compressed: 18\.0 kB/);
  expectCheck("compression", facts(page(), { page: { headers: new Headers(), htmlBytes: 900 } }), "pass", /only 900 B/);
});

Deno.test("caching headers: none warns, no-store without validators warns", () => {
  expectCheck("cache-headers", facts(), "pass", /Cache-Control: public, max-age=600/);
  expectCheck("cache-headers", facts(page(), { page: { headers: new Headers() } }), "warning", /No Cache-Control/);
  expectCheck("cache-headers", facts(page(), { page: { headers: new Headers({ "cache-control": "no-store" }) } }), "warning", /never stored/);
  expectCheck("cache-headers", facts(page(), { page: { headers: new Headers({ etag: '"1"' }) } }), "pass", /ETag/);
});

Deno.test("title: missing or empty fails, several warn", () => {
  expectCheck("title", facts(), "pass", /How to Grow Tomatoes/);
  expectCheck("title", facts(page({ head: "" })), "fail", /No <title>/);
  expectCheck("title", facts(page({ head: "<title> </title>" })), "fail", /empty/);
  expectCheck("title", facts(page({ head: "<title>One</title><title>Two</title>" })), "warning", /2 <title> elements/);
});

Deno.test("title length: 30–60 characters pass, shorter or longer warn, counted in characters not bytes", () => {
  expectCheck("title-length", facts(), "pass", /^51 characters$/);
  expectCheck("title-length", facts(page({ head: "<title>Tomatoes</title>" })), "warning", /8 characters — short/);
  expectCheck("title-length", facts(page({ head: `<title>${"Ü".repeat(61)}</title>` })), "warning", /61 characters — may be cut off/);
  expectCheck("title-length", facts(page({ head: "" })), "fail", /No title/);
});

Deno.test("meta description: missing fails, several warn; length 70–160", () => {
  expectCheck("meta-description", facts(), "pass", /A guide to growing/);
  expectCheck("meta-description", facts(page({ head: "<title>t</title>" })), "fail", /No meta description/);
  expectCheck("meta-description", facts(page({ head: '<meta name="description" content="a"><meta name="description" content="b">' })), "warning", /2 meta descriptions/);
  expectCheck("meta-description-length", facts(), "pass", /^102 characters$/);
  expectCheck("meta-description-length", facts(page({ head: '<meta name="description" content="Too short.">' })), "warning", /10 characters — short/);
  expectCheck("meta-description-length", facts(page({ head: `<meta name="description" content="${"x".repeat(161)}">` })), "warning", /161 characters — likely cut off/);
  expectCheck("meta-description-length", facts(page({ head: "" })), "fail", /No meta description/);
});

Deno.test("H1: none fails, several warn, an empty one fails", () => {
  expectCheck("h1", facts(), "pass", /Balcony tomatoes/);
  expectCheck("h1", facts(page({ body: `<h2>x</h2><p>${WORDS_400}</p>` })), "fail", /No H1/);
  expectCheck("h1", facts(page({ body: "<h1>A</h1><h1>B</h1>" })), "warning", /2 H1s: “A”, “B”/);
  expectCheck("h1", facts(page({ body: "<h1> </h1>" })), "fail", /empty/);
});

Deno.test("heading order: a skipped level warns, naming where; no headings warns", () => {
  expectCheck("heading-order", facts(), "pass", /4 headings in order: H1 H2 H3 H2/);
  expectCheck("heading-order", facts(page({ body: "<h1>A</h1><h3>Deep</h3><h4>x</h4>" })), "warning", /H1 → H3 \(“Deep”\)/);
  expectCheck("heading-order", facts(page({ body: "<p>x</p>" })), "warning", /No headings/);
});

Deno.test("text length: 300 words pass, 100–299 thin, under 100 fails", () => {
  expectCheck("word-count", facts(), "pass");
  expectCheck("word-count", facts(page({ body: `<p>${WORDS_400.split(" ").slice(0, 150).join(" ")}</p>` })), "warning", /150 words — thin/);
  expectCheck("word-count", facts(page({ body: "<p>Hello world</p>" })), "fail", /2 words/);
});

Deno.test("character encoding: UTF-8 passes, another encoding or none warns", () => {
  expectCheck("charset", facts(), "pass", /UTF-8 \(Content-Type header\)/);
  expectCheck("charset", facts(page(), { page: { headers: new Headers({ "content-type": "text/html" }) } }), "pass", /UTF-8 \(<meta>\)/);
  expectCheck("charset", facts(page({ head: '<meta charset="windows-1252">' }), { page: { headers: new Headers() } }), "warning", /windows-1252/);
  expectCheck("charset", facts(page({ head: "" }), { page: { headers: new Headers() } }), "warning", /Not declared/);
});

Deno.test("links: internal and outbound counted (deduplicated, the page itself and mailto: ignored); none warns", () => {
  const body = `<a href="/a">1</a><a href="/a#x">dup</a><a href="https://www.blog.example/b">www is the same site</a>
    <a href="${PAGE_URL}">self</a><a href="mailto:x@y.z">mail</a><a href="#top">top</a><a href="https://other.example/">out</a>`;
  const classified = classifyLinks(readHtmlFacts(page({ body })), PAGE_URL);
  assert.deepEqual(classified, {
    internal: ["https://blog.example/a", "https://www.blog.example/b"],
    external: ["https://other.example/"],
    other: 2,
  });
  expectCheck("internal-links", facts(page({ body })), "pass", /2 internal links/);
  expectCheck("external-links", facts(page({ body })), "pass", /1 outbound link/);
  expectCheck("internal-links", facts(page({ body: '<a href="https://other.example/">x</a>' })), "warning", /No links to other pages/);
  expectCheck("external-links", facts(page({ body: '<a href="/a">x</a>' })), "warning", /No links to other sites/);
});

Deno.test("broken links: a 404 or an unresolvable host fails; refusals are not counted as broken", () => {
  const probe = (url: string, outcome: LinkProbe["outcome"], detail: string): LinkProbe => ({ url, internal: true, outcome, status: null, detail });
  expectCheck("broken-links", facts(), "pass", /1 checked, none broken/);
  expectCheck("broken-links", facts(page(), { links: [] }), "pass", /No links/);
  expectCheck(
    "broken-links",
    facts(page(), { links: [probe("https://blog.example/gone", "broken", "404 Not Found"), probe("https://x.example/", "unverified", "403 Forbidden: refused the check")] }),
    "fail",
    /1 of 2 checked broken: https:\/\/blog\.example\/gone \(404 Not Found\); 1 could not be verified/,
  );
  expectCheck("broken-links", facts(page(), { links: [probe("http://10.0.0.1/", "skipped", "a private address")] }), "warning", /0 checked/);
});

Deno.test("image alt: a missing alt attribute is flagged, an empty alt (decorative) is not", () => {
  expectCheck("image-alt", facts(), "pass", /All 1 image have alt text/);
  expectCheck("image-alt", facts(page({ body: '<img src="/d.png" alt="">' })), "pass");
  expectCheck("image-alt", facts(page({ body: '<img src="/a.png"><img src="/b.png" alt="b">' })), "fail", /1 of 2 images without alt: \/a\.png/);
  const many = Array.from({ length: 9 }, (_, i) => `<img src="/${i}.png" alt="${i}">`).join("") + '<img src="/x.png">';
  expectCheck("image-alt", facts(page({ body: many })), "warning", /1 of 10 images/);
  expectCheck("image-alt", facts(page({ body: "<p>no images</p>" })), "pass", /No images/);
});

Deno.test("mixed content: http resources on an https page fail", () => {
  expectCheck("mixed-content", facts(), "pass");
  expectCheck("mixed-content", facts(page({ body: '<img src="http://cdn.example/a.jpg" alt="a"><script src="http://cdn.example/a.js"></script>' })), "fail", /2 resources over http: http:\/\/cdn\.example\/a\.jpg/);
  expectCheck("mixed-content", facts(page(), { page: { finalUrl: "http://blog.example/p" } }), "warning", /plain http/);
});

Deno.test("viewport: missing fails; without device-width or with zoom disabled warns", () => {
  expectCheck("viewport", facts(), "pass", /width=device-width/);
  expectCheck("viewport", facts(page({ head: "<title>t</title>" })), "fail", /No viewport/);
  expectCheck("viewport", facts(page({ head: '<meta name="viewport" content="width=1024">' })), "warning", /without width=device-width/);
  expectCheck("viewport", facts(page({ head: '<meta name="viewport" content="width=device-width, user-scalable=no">' })), "warning", /zooming is disabled/);
});

Deno.test("lang: missing fails, an invalid tag warns", () => {
  expectCheck("lang", facts(), "pass", /^en$/);
  expectCheck("lang", facts(page({ lang: "" })), "fail", /No lang/);
  expectCheck("lang", facts(page({ lang: ' lang="english language"' })), "warning", /not a valid language tag/);
});

Deno.test("hreflang: unused passes; relative URLs, invalid codes, no self-reference, no x-default warn", () => {
  expectCheck("hreflang", facts(), "pass", /Not used/);
  const complete = `<link rel="alternate" hreflang="en" href="${PAGE_URL}"><link rel="alternate" hreflang="de" href="https://blog.example/de/p"><link rel="alternate" hreflang="x-default" href="${PAGE_URL}">`;
  expectCheck("hreflang", facts(page({ head: complete })), "pass", /en, de, x-default/);
  expectCheck("hreflang", facts(page({ head: '<link rel="alternate" hreflang="french" href="/fr/p">' })), "warning", /1 relative URL; invalid codes: french; this page does not list itself; no x-default/);
});

Deno.test("Open Graph: all four required tags pass, some or none warn", () => {
  expectCheck("open-graph", facts(), "pass", /All four required tags present \(5 og tags\)/);
  expectCheck("open-graph", facts(page({ head: '<meta property="og:title" content="t">' })), "warning", /Missing og:type, og:image, og:url/);
  expectCheck("open-graph", facts(page({ head: "" })), "warning", /No Open Graph/);
});

Deno.test("X card: twitter:card passes; without it, the Open Graph fallback is named", () => {
  expectCheck("twitter-card", facts(), "pass", /summary_large_image/);
  expectCheck("twitter-card", facts(page({ head: '<meta property="og:title" content="t"><meta property="og:description" content="d">' })), "warning", /may build a summary card from Open Graph/);
  expectCheck("twitter-card", facts(page({ head: "" })), "warning", /no Open Graph fallback/);
});

Deno.test("structured data: types listed; invalid JSON fails; none or no @type warns", () => {
  expectCheck("structured-data", facts(), "pass", /1 block, types: BlogPosting/);
  expectCheck("structured-data", facts(page({ head: '<script type="application/ld+json">{"@type": "Article",}</script>' })), "fail", /1 of 1 block not valid JSON/);
  expectCheck("structured-data", facts(page({ head: "" })), "warning", /No JSON-LD/);
  expectCheck("structured-data", facts(page({ head: '<script type="application/ld+json">{"name":"x"}</script>' })), "warning", /without an @type/);
});
