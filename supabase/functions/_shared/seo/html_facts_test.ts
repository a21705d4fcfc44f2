import assert from "node:assert/strict";
import { readHtmlFacts, readJsonLd } from "./html_facts.ts";

Deno.test("reads head facts: lang, titles, meta tags, canonical, hreflang, social tags", () => {
  const facts = readHtmlFacts(`<!doctype html><HTML LANG="de-AT"><head>
    <meta charset="UTF-8"><title> Grüße &amp; mehr </title>
    <meta name="Description" content="Eine Beschreibung">
    <meta name="robots" content="NoIndex, Follow"><meta name="googlebot" content="nosnippet">
    <meta name="viewport" content="width=device-width">
    <link rel="canonical" href="https://example.com/a"><link rel="alternate" hreflang="en" href="https://example.com/en/a">
    <meta property="og:title" content="OG"><meta property="og:title" content="second ignored"><meta name="twitter:card" content="summary">
    </head><body><p>x</p></body></html>`);
  assert.equal(facts.lang, "de-AT");
  assert.deepEqual(facts.titles, ["Grüße & mehr"]);
  assert.deepEqual(facts.metaDescriptions, ["Eine Beschreibung"]);
  assert.deepEqual(facts.metaRobots, ["noindex, follow", "nosnippet"]);
  assert.equal(facts.viewport, "width=device-width");
  assert.equal(facts.charset, "utf-8");
  assert.deepEqual(facts.canonicals, ["https://example.com/a"]);
  assert.deepEqual(facts.hreflangs, [{ lang: "en", href: "https://example.com/en/a" }]);
  assert.deepEqual(facts.openGraph, { "og:title": "OG" });
  assert.deepEqual(facts.twitter, { "twitter:card": "summary" });
});

Deno.test("the charset of an http-equiv Content-Type meta is read", () => {
  assert.equal(readHtmlFacts(`<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">`).charset, "iso-8859-1");
});

Deno.test("body facts: headings, images, links and visible words only", () => {
  const facts = readHtmlFacts(`<html><head><title>T</title><style>p{color:red}</style></head><body>
    <h1>Main <em>topic</em></h1><p>One two three.</p>
    <script>var hidden = "not words at all";</script><noscript>no script words</noscript>
    <h2>Sub</h2><img src="/a.png" alt="An apple"><img src="/b.png"><img src="/c.png" alt="">
    <a href="/inner" rel="nofollow">Inner <b>link</b></a> <a name="anchor">no href</a>
    <svg><title>icon title</title><text>svg text</text></svg>
  </body></html>`);
  assert.deepEqual(facts.headings, [{ level: 1, text: "Main topic" }, { level: 2, text: "Sub" }]);
  assert.deepEqual(facts.images, [
    { src: "/a.png", alt: "An apple" },
    { src: "/b.png", alt: null },
    { src: "/c.png", alt: "" },
  ]);
  assert.deepEqual(facts.links, [{ href: "/inner", rel: "nofollow", text: "Inner link" }]);
  assert.equal(facts.words, 2 + 3 + 1 + 2 + 2);
  assert.equal(facts.textSample, "Main topic One two three. Sub Inner link no href");
  assert.deepEqual(facts.titles, ["T"]);
});

Deno.test("JSON-LD blocks: types found (nested and @graph), syntax errors reported", () => {
  const facts = readHtmlFacts(`<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":["Article","NewsArticle"],"author":{"@type":"Person"}}]}</script>
    <script type="application/ld+json">{"@type": "Recipe",}</script><script>{"@type":"NotJsonLd"}</script>`);
  assert.equal(facts.jsonLd.length, 2);
  assert.deepEqual(facts.jsonLd[0], { types: ["WebSite", "Article", "NewsArticle", "Person"], error: null });
  assert.equal(facts.jsonLd[1].types.length, 0);
  assert.ok(facts.jsonLd[1].error);
  assert.deepEqual(readJsonLd("[]"), { types: [], error: null });
});

Deno.test("sub-resources are collected for the mixed-content check", () => {
  const facts = readHtmlFacts(`<link rel="stylesheet" href="http://cdn.example/a.css"><script src="/app.js"></script><img src="http://x/y.png" alt="y"><iframe src="https://v.example/e"></iframe>`);
  assert.deepEqual(facts.resources, ["http://cdn.example/a.css", "/app.js", "http://x/y.png", "https://v.example/e"]);
});

Deno.test("hostile pages: unclosed tags and huge attribute values are clipped, not kept whole", () => {
  const long = "x".repeat(100_000);
  const facts = readHtmlFacts(`<title>${long}<meta name="description" content="${long}"><h1>${long}`);
  assert.ok(facts.titles[0].length <= 500);
  assert.ok(facts.headings.length <= 1);
});
