import assert from "node:assert/strict";
import { parseSitemap, samePage } from "./sitemap.ts";

Deno.test("a urlset: entries counted and locations kept", () => {
  const sitemap = parseSitemap(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <url><loc> https://example.com/a </loc></url><url><loc>https://example.com/b?x=1&amp;y=2</loc></url></urlset>`);
  assert.deepEqual(sitemap, { kind: "urlset", entries: 2, locations: ["https://example.com/a", "https://example.com/b?x=1&y=2"] });
});

Deno.test("a sitemap index, with a namespace prefix", () => {
  const sitemap = parseSitemap(`<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://example.com/post-sitemap.xml</sm:loc></sm:sitemap></sm:sitemapindex>`);
  assert.equal(sitemap?.kind, "index");
  assert.equal(sitemap?.entries, 1);
});

Deno.test("not a sitemap: HTML, an RSS feed, nothing", () => {
  assert.equal(parseSitemap("<!doctype html><html><body>Not found</body></html>"), null);
  assert.equal(parseSitemap("<rss><channel><item><link>x</link></item></channel></rss>"), null);
  assert.equal(parseSitemap(""), null);
});

Deno.test("same page: trailing slash and fragment do not matter, scheme, host and query do", () => {
  assert.ok(samePage("https://example.com/a/", "https://example.com/a"));
  assert.ok(samePage("https://example.com/a#top", "https://example.com/a"));
  assert.ok(!samePage("http://example.com/a", "https://example.com/a"));
  assert.ok(!samePage("https://example.com/a?p=2", "https://example.com/a"));
  assert.ok(!samePage("not a url", "https://example.com/a"));
});
