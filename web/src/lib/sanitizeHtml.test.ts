import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitizeHtml";

/** The sanitised HTML parsed back into a document, to inspect what survived. */
function parsed(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = sanitizeHtml(html);
  return container;
}

function everyAttribute(root: HTMLElement): Attr[] {
  return [...root.querySelectorAll("*")].flatMap((element) => [...element.attributes]);
}

describe("sanitizeHtml", () => {
  it("keeps ordinary article markup", () => {
    const html =
      "<h2>Why</h2><p>Some <strong>bold</strong> and <em>italic</em> text.</p><ul><li>One</li></ul>" +
      '<blockquote>Quote</blockquote><img src="https://example.com/a.png" alt="A chart">';
    const root = parsed(html);
    expect(root.querySelector("h2")?.textContent).toBe("Why");
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect(root.querySelector("li")?.textContent).toBe("One");
    expect(root.querySelector("img")?.getAttribute("src")).toBe("https://example.com/a.png");
    expect(root.querySelector("img")?.getAttribute("alt")).toBe("A chart");
  });

  it("removes the issue's hostile payload: script, onerror and a javascript: link", () => {
    const root = parsed('<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>');
    expect(root.querySelector("script")).toBeNull();
    expect(root.querySelector("img")?.hasAttribute("onerror")).toBe(false);
    expect(root.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/javascript:/i);
    expect(root.innerHTML).not.toMatch(/alert\(1\)<\/script>|onerror|javascript:/i);
  });

  it.each([
    ["event handlers on any element", '<p onclick="alert(1)" onmouseover="alert(2)">hi</p><body onload=alert(3)>'],
    ["obfuscated javascript: URLs", '<a href="  JaVaScRiPt:alert(1)">a</a><a href="java&#x09;script:alert(1)">b</a>'],
    ["SVG with script", '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ["SVG onload", "<svg onload=alert(1)></svg>"],
    ["mutation XSS through noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ["a javascript: form action", '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>'],
    ["an iframe with srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["a data: URL document in an object", '<object data="data:text/html,<script>alert(1)</script>"></object>'],
    ["an embed", '<embed src="javascript:alert(1)">'],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ])("neutralises %s", (_name, html) => {
    const root = parsed(html);
    expect(root.querySelector("script, iframe, object, embed, form, button, svg, meta")).toBeNull();
    for (const attribute of everyAttribute(root)) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.value).not.toMatch(/javascript:/i);
    }
  });

  it("removes frames, plugins, forms and form controls but keeps their text content", () => {
    const root = parsed(
      '<p>before</p><iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x">' +
        '<form action="https://evil.example"><input name="password"><textarea>t</textarea><select><option>o</option>' +
        "</select><button>Send</button></form><p>after</p>",
    );
    expect(root.querySelector("iframe, object, embed, form, input, textarea, select, button")).toBeNull();
    expect(root.textContent).toContain("before");
    expect(root.textContent).toContain("after");
  });

  it("removes styles that could restyle or overlay the app", () => {
    const root = parsed('<style>body{display:none}</style><p style="position:fixed;inset:0">text</p>');
    expect(root.querySelector("style")).toBeNull();
    expect(root.querySelector("p")?.hasAttribute("style")).toBe(false);
  });

  it("gives every link rel=noopener noreferrer, replacing what the content said", () => {
    const root = parsed('<a href="https://example.com" target="_blank" rel="opener">site</a><a href="/local">here</a>');
    const links = [...root.querySelectorAll("a")];
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(links[0].getAttribute("href")).toBe("https://example.com");
  });

  it("leaves plain text as text and empty input empty", () => {
    expect(parsed("Just words & more").textContent).toBe("Just words & more");
    expect(sanitizeHtml("")).toBe("");
  });
});
