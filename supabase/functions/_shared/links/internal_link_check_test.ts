import assert from "node:assert/strict";
import { homePath, hrefsIn, internalLinks, linkKey, remoteIdOf, unknownLinkWarning, urlVariants } from "./internal_link_check.ts";

const ROOT = "https://www.garden.example/wp-json/";

Deno.test("internal links: links to the site's host, www or not, relative or absolute, each once", () => {
  const html = [
    '<p>See <a href="https://garden.example/compost/">compost</a>,',
    '<a href="http://www.garden.example/compost#turning">turning</a> (the same post),',
    '<a href="/raised-beds/">raised beds</a>, <a href="mulching/">mulching</a>,',
    '<a href="https://garden.example/?p=12&amp;utm_source=x">an old link</a>,',
    '<a href="https://other.example/compost/">another site</a>, <a href="#top">top</a>,',
    '<a href="mailto:me@garden.example">mail</a>, <a href="https://garden.example/">home</a>,',
    '<a href="https://garden.example/wp-content/uploads/plan.pdf">a file</a>,',
    '<a href="https://garden.example/feed/">feed</a>, <a href="javascript:alert(1)">x</a>,',
    '<a title="no href">none</a></p>',
  ].join(" ");
  assert.deepEqual(internalLinks(html, ROOT).map((url) => url.href), [
    "https://garden.example/compost/",
    "https://www.garden.example/raised-beds/",
    "https://www.garden.example/mulching/",
    "https://garden.example/?p=12&utm_source=x",
  ]);
});

Deno.test("internal links: a site in a folder has its home there; plain permalink roots work too", () => {
  assert.equal(homePath("https://example.com/blog/wp-json/"), "/blog/");
  assert.equal(homePath("https://example.com/blog/index.php/wp-json/"), "/blog/");
  assert.equal(homePath("https://example.com/?rest_route=/"), "/");
  const html = '<a href="https://example.com/blog/">home</a> <a href="https://example.com/blog/post/">post</a>';
  assert.deepEqual(internalLinks(html, "https://example.com/blog/wp-json/").map((url) => url.pathname), ["/blog/post/"]);
});

Deno.test("internal links: keys ignore scheme, www, trailing slash, fragment, utm and query order", () => {
  const key = (href: string) => linkKey(new URL(href));
  assert.equal(key("https://www.Garden.example/Compost/"), key("http://garden.example/compost"));
  assert.equal(key("https://garden.example/?b=2&a=1&utm_medium=mail"), key("https://garden.example/?a=1&b=2"));
  assert.notEqual(key("https://garden.example/compost/"), key("https://garden.example/compost-2/"));
  assert.deepEqual(remoteIdOf(new URL("https://garden.example/?p=12")), { remoteType: "post", remoteId: 12 });
  assert.deepEqual(remoteIdOf(new URL("https://garden.example/?page_id=7")), { remoteType: "page", remoteId: 7 });
  assert.equal(remoteIdOf(new URL("https://garden.example/compost/")), null);
});

Deno.test("internal links: the spellings of a URL the index may hold", () => {
  assert.deepEqual(urlVariants(new URL("https://www.garden.example/compost/")).sort(), [
    "http://garden.example/compost",
    "http://garden.example/compost/",
    "http://www.garden.example/compost",
    "http://www.garden.example/compost/",
    "https://garden.example/compost",
    "https://garden.example/compost/",
    "https://www.garden.example/compost",
    "https://www.garden.example/compost/",
  ]);
  assert.ok(urlVariants(new URL("https://garden.example/?p=3")).includes("http://www.garden.example/?p=3"));
});

Deno.test("internal links: hrefs are read from quoted, single-quoted and bare attributes, entities decoded", () => {
  assert.deepEqual(hrefsIn(`<a class="x" href="/a?x=1&amp;y=2">a</a><A HREF='/b'>b</A><a href=/c>c</a>`), [
    "/a?x=1&y=2",
    "/b",
    "/c",
  ]);
  assert.match(unknownLinkWarning("https://garden.example/nope/"), /^The link to https:\/\/garden\.example\/nope\/ points at this site/);
});
