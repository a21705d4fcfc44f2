import assert from "node:assert/strict";
import { isAllowed, parseRobotsTxt, patternMatches, rulesFor } from "./robots_txt.ts";

const allowed = (text: string, path: string, agent = "googlebot") =>
  isAllowed(parseRobotsTxt(text), agent, new URL(path, "https://example.com"));

Deno.test("groups: a crawler obeys its own group, else *; agent lines before rules share a group", () => {
  const robots = parseRobotsTxt(`User-agent: *
Disallow: /private/

User-agent: Googlebot
User-agent: Bingbot
Disallow: /no-google/
Crawl-delay: 10

Sitemap: https://example.com/sitemap.xml`);
  assert.deepEqual(rulesFor(robots, "Googlebot"), [{ allow: false, pattern: "/no-google/" }]);
  assert.deepEqual(rulesFor(robots, "bingbot"), [{ allow: false, pattern: "/no-google/" }]);
  assert.deepEqual(rulesFor(robots, "otherbot"), [{ allow: false, pattern: "/private/" }]);
  assert.deepEqual(robots.sitemaps, ["https://example.com/sitemap.xml"]);
  // Googlebot has its own group, so the * group's rule does not apply to it.
  assert.equal(isAllowed(robots, "googlebot", new URL("https://example.com/private/x")).allowed, true);
});

Deno.test("groups naming the same agent are merged (RFC 9309 §2.2.1)", () => {
  const robots = parseRobotsTxt("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nDisallow: /z\n");
  assert.deepEqual(rulesFor(robots, "a").map((rule) => rule.pattern), ["/x", "/z"]);
});

Deno.test("longest match wins, allow wins a tie, empty disallow allows everything", () => {
  const text = "User-agent: *\nDisallow: /shop/\nAllow: /shop/public/\nDisallow: /same\nAllow: /same\n";
  assert.deepEqual(allowed(text, "/shop/cart"), { allowed: false, rule: "Disallow: /shop/" });
  assert.deepEqual(allowed(text, "/shop/public/a"), { allowed: true, rule: "Allow: /shop/public/" });
  assert.equal(allowed(text, "/same").allowed, true);
  assert.deepEqual(allowed("User-agent: *\nDisallow:\n", "/anything"), { allowed: true, rule: null });
  assert.equal(allowed("User-agent: *\nDisallow: /\n", "/robots.txt").allowed, true);
});

Deno.test("wildcards and end anchors; queries and percent-encoding compared alike", () => {
  assert.ok(patternMatches("/*.pdf$", "/files/report.pdf"));
  assert.ok(!patternMatches("/*.pdf$", "/files/report.pdf?download=1"));
  assert.ok(patternMatches("/search?q=", "/search?q=shoes"));
  assert.ok(patternMatches("/ümlaut", "/%C3%BCmlaut"));
  assert.ok(patternMatches("/a%2fb", "/a%2Fb"));
  assert.equal(allowed("User-agent: *\nDisallow: /*?sessionid=\n", "/page?sessionid=1").allowed, false);
});

Deno.test("comments, odd spacing and case in field names are tolerated; no matching group allows all", () => {
  const text = "# hello\nUSER-AGENT : *   # all\n  disallow :   /tmp/  # temp\n";
  assert.equal(allowed(text, "/tmp/a").allowed, false);
  assert.equal(allowed("User-agent: otherbot\nDisallow: /\n", "/a").allowed, true);
  assert.equal(allowed("", "/a").allowed, true);
});
