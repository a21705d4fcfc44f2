import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "../../../supabase/functions/_shared/html/sanitize_article_html";
import { sanitizeHtml } from "./sanitizeHtml";

/**
 * The preview (DOMPurify in the browser) and the server (sanitize-html,
 * before storing and publishing) apply one allow-list. Here both run over
 * the same inputs and their results, parsed as a browser parses them, must
 * be the same document.
 */
function asBrowserSees(html: string): string {
  const container = document.createElement("div");
  container.innerHTML = html;
  return container.innerHTML;
}

const INPUTS: Record<string, string> = {
  "an AI-written article":
    "<h2>Why it matters</h2><p>Intro with <strong>bold</strong>, <em>emphasis</em>, <code>code</code> and " +
    '<a href="https://example.com/guide?x=1&amp;y=2">a link</a>.</p><h3>Steps</h3><ol start="2"><li>One</li>' +
    '<li value="5">Two</li></ol><ul><li>Item</li></ul><blockquote cite="https://example.com/q"><p>Quote</p></blockquote>' +
    '<figure><img src="https://cdn.example.com/a.png" alt="A chart" width="640" height="480"><figcaption>Fig</figcaption></figure>' +
    '<table><caption>Data</caption><thead><tr><th scope="col" abbr="N">Name</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">x</td></tr></tbody></table>' +
    '<p lang="fr" dir="rtl" title="t">Bonjour <abbr title="as soon as possible">ASAP</abbr> <time datetime="2026-11-22">today</time>' +
    '<del cite="/why" datetime="2026-01-01">old</del><ins>new</ins><sub>2</sub><sup>3</sup><mark>m</mark></p>' +
    "<details open><summary>More</summary><p>Hidden</p></details><hr><pre>  pre\n  text</pre>",
  "a pasted WordPress post":
    '<!-- wp:paragraph --><p class="has-text-align-center" id="intro" style="color:red" data-x="1">Hello</p><!-- /wp:paragraph -->' +
    '<div class="wp-block-group"><span aria-label="x">Span</span></div><a href="/relative" target="_blank" rel="opener">rel</a>' +
    '<a href="#top">top</a><a href="mailto:me@example.com">mail</a><a href="tel:+123">call</a><a href="//cdn.example.com/x">proto</a>',
  "the issue's payload": '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
  "event handlers": '<p onclick="alert(1)" onmouseover="alert(2)">hi</p><div onload=alert(3)>d</div>',
  "obfuscated script URLs":
    '<a href="  JaVaScRiPt:alert(1)">a</a><a href="java&#x09;script:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a>' +
    '<a href="vbscript:x">v</a><img src="data:image/png;base64,iVBORw0KGgo="><blockquote cite="javascript:alert(1)">q</blockquote>',
  "frames, plugins and forms":
    '<p>before</p><iframe src="https://evil.example">inner</iframe><object data="x.swf">o</object><embed src="x">' +
    '<form action="https://evil.example"><input name="password"><textarea>t</textarea><select><option>o</option>' +
    "</select><button>Send</button></form><p>after</p>",
  "styles and templates": '<style>body{display:none}</style><template><p>t</p></template><p style="position:fixed">s</p>',
  "svg and math": '<svg onload=alert(1)><a xlink:href="javascript:alert(1)"><text>x</text></a></svg><math><mi>x</mi></math>',
  "unknown and sectioning elements": "<section><article><header>H</header><custom-el>c</custom-el><font>f</font></article></section>",
  "meta, base and link": '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="/x"><link rel="stylesheet" href="x.css"><p>p</p>',
  "plain text with entities": 'Just words &amp; more &lt;not a tag&gt; and "quotes" and \u00e9\u00e8 \u2014 emoji \u{1F600}',
  "attribute values with URL-like text": '<p lang="javascript:x" title="javascript:ok">t</p><td headers="a b">x</td><ol type="a" reversed><li>r</li></ol>',
};

describe("the server sanitiser and the preview apply the same allow-list", () => {
  it.each(Object.entries(INPUTS))("%s", (_name, html) => {
    expect(asBrowserSees(sanitizeArticleHtml(html))).toBe(asBrowserSees(sanitizeHtml(html)));
  });

  it("content the server stored comes through the preview unchanged", () => {
    for (const html of Object.values(INPUTS)) {
      const stored = sanitizeArticleHtml(html);
      expect(asBrowserSees(sanitizeHtml(stored))).toBe(asBrowserSees(stored));
    }
  });
});
