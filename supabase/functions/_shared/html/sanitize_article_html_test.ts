import assert from "node:assert/strict";
import { sanitizeArticleHtml, textAsHtml } from "./sanitize_article_html.ts";

/** Whatever survives must carry no script: no script element, handler attribute or script URL. */
function assertInert(html: string) {
  assert.doesNotMatch(html, /<script|<iframe|<object|<embed|<svg|<math|<style|<form|<meta|<base|<link/i);
  assert.doesNotMatch(html, /\son[a-z]+\s*=/i, "no event-handler attribute");
  assert.doesNotMatch(html, /(?:href|src|cite)\s*=\s*"\s*(?:javascript|vbscript|data):/i, "no script URL");
}

Deno.test("sanitizeArticleHtml keeps ordinary article markup", () => {
  const html = '<h2>Why</h2><p>Some <strong>bold</strong>, <em>italic</em> and <a href="https://example.com/a?b=1&amp;c=2">a link</a>.</p>' +
    '<ul><li>One</li></ul><blockquote cite="https://example.com">Quote</blockquote>' +
    '<img src="https://example.com/a.png" alt="A chart" width="640" height="480">' +
    '<table><thead><tr><th scope="col">H</th></tr></thead><tbody><tr><td colspan="2">D</td></tr></tbody></table>';
  assert.equal(
    sanitizeArticleHtml(html),
    '<h2>Why</h2><p>Some <strong>bold</strong>, <em>italic</em> and <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">a link</a>.</p>' +
      '<ul><li>One</li></ul><blockquote cite="https://example.com">Quote</blockquote>' +
      '<img src="https://example.com/a.png" alt="A chart" width="640" height="480" />' +
      '<table><thead><tr><th scope="col">H</th></tr></thead><tbody><tr><td colspan="2">D</td></tr></tbody></table>',
  );
});

Deno.test("sanitizeArticleHtml removes the issue's payload: script, onerror and a javascript: link", () => {
  const clean = sanitizeArticleHtml(
    '<p>Hi</p><img src=x onerror=alert(1)><script>alert(document.cookie)</script><a href="javascript:alert(1)">x</a>',
  );
  assert.equal(clean, '<p>Hi</p><img src="x" /><a>x</a>');
});

for (
  const [name, html] of [
    ["event handlers on any element", '<p onclick="alert(1)" onmouseover="alert(2)">hi</p><body onload=alert(3)>'],
    ["obfuscated javascript: URLs", '<a href="  JaVaScRiPt:alert(1)">a</a><a href="java&#x09;script:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a>'],
    ["vbscript: and data: URLs", '<a href="vbscript:msgbox(1)">a</a><img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="data:text/html,<script>alert(1)</script>">d</a>'],
    ["SVG with script", '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ["SVG onload", "<svg onload=alert(1)></svg>"],
    ["mutation XSS through noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ["mutation XSS through a style in a table", "<table><style><img src=x onerror=alert(1)></style></table>"],
    ["a javascript: form action", '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>'],
    ["an iframe with srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["a data: URL document in an object", '<object data="data:text/html,<script>alert(1)</script>"></object>'],
    ["an embed", '<embed src="javascript:alert(1)">'],
    ["a meta refresh and a base", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//">'],
    ["a template and a math element", "<template><img src=x onerror=alert(1)></template><math><mi xlink:href=javascript:alert(1)>x</mi></math>"],
    ["comments and CDATA", "<!--<img src=x onerror=alert(1)>--><![CDATA[<script>alert(1)</script>]]>"],
    ["an unclosed attribute", '<img src="x" alt="a" onerror="alert(1)" title="'],
  ]
) {
  Deno.test(`sanitizeArticleHtml neutralises ${name}`, () => assertInert(sanitizeArticleHtml(html)));
}

Deno.test("sanitizeArticleHtml drops ids, classes, styles and data attributes, and replaces rel", () => {
  assert.equal(
    sanitizeArticleHtml(
      '<p id="x" class="y" style="position:fixed" data-a="1" aria-hidden="true" lang="en">t</p><a href="/p" rel="opener" target="_blank">l</a>',
    ),
    '<p lang="en">t</p><a href="/p" rel="noopener noreferrer">l</a>',
  );
});

Deno.test("sanitizeArticleHtml keeps the text of removed elements, but not of scripts and form controls", () => {
  assert.equal(
    sanitizeArticleHtml("<section><p>a</p></section><form><textarea>secret</textarea><button>b</button></form><style>x</style>"),
    "<p>a</p>b",
  );
});

Deno.test("sanitizeArticleHtml is stable: sanitising twice changes nothing", () => {
  const once = sanitizeArticleHtml('<p>a &amp; b &lt;c&gt; "q"</p><a href="https://e.com/?a=1&b=2">x</a><img src=x>');
  assert.equal(sanitizeArticleHtml(once), once);
});

Deno.test("textAsHtml escapes markup so WordPress shows the text as typed", () => {
  assert.equal(textAsHtml('Fish & Chips <script>alert(1)</script> "quoted"'), "Fish &amp; Chips &lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;");
  assert.equal(textAsHtml("Plain title"), "Plain title");
});
