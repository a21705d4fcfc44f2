import assert from "node:assert/strict";
import type { GuardedResponse } from "../../net/ssrf.ts";
import { basicAuthorization, decodeEntities, errorFromResponse, plainText, restUrl } from "./rest.ts";

Deno.test("restUrl builds routes under pretty and plain REST roots", () => {
  assert.equal(restUrl("https://example.com/wp-json/", "wp/v2/posts"), "https://example.com/wp-json/wp/v2/posts");
  assert.equal(restUrl("https://example.com/wp-json", "/wp/v2/posts/12"), "https://example.com/wp-json/wp/v2/posts/12");
  assert.equal(
    restUrl("https://example.com/blog/index.php/wp-json/", "wp/v2/users/me", { context: "edit" }),
    "https://example.com/blog/index.php/wp-json/wp/v2/users/me?context=edit",
  );
  assert.equal(
    restUrl("https://example.com/?rest_route=/", "wp/v2/users/me", { context: "edit", skipped: undefined }),
    "https://example.com/?rest_route=/wp/v2/users/me&context=edit",
  );
  assert.equal(restUrl("https://example.com/?rest_route=/", ""), "https://example.com/?rest_route=/");
  assert.equal(
    restUrl("https://example.com/wp-json/", "wp/v2/tags", { search: "a&b=c" }),
    "https://example.com/wp-json/wp/v2/tags?search=a%26b%3Dc",
  );
});

Deno.test("basicAuthorization encodes UTF-8 user names", () => {
  assert.equal(
    basicAuthorization({ username: "editor", applicationPassword: "abcd efgh" }),
    `Basic ${btoa("editor:abcd efgh")}`,
  );
  const encoded = basicAuthorization({ username: "zoë", applicationPassword: "x" }).slice("Basic ".length);
  assert.deepEqual(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)), new TextEncoder().encode("zoë:x"));
});

Deno.test("WordPress errors keep code, plain message and data", () => {
  const response = (status: number, text: string): GuardedResponse => ({
    status,
    ok: false,
    headers: new Headers(),
    url: "https://example.com/wp-json/wp/v2/tags",
    redirected: false,
    body: new TextEncoder().encode(text),
    text: () => text,
    json: () => JSON.parse(text),
  });
  const exists = errorFromResponse(response(
    400,
    JSON.stringify({
      code: "term_exists",
      message: "A term with the name provided already exists in this taxonomy.",
      data: { status: 400, term_id: 7 },
    }),
  ));
  assert.equal(exists.code, "term_exists");
  assert.equal(exists.data.term_id, 7);
  const html = errorFromResponse(response(502, "<html>Bad gateway</html>"));
  assert.equal(html.code, "http_error");
  assert.equal(html.message, "The site answered HTTP 502");
  assert.equal(
    plainText("<strong>Error:</strong> The username <strong>x</strong> is not registered."),
    "Error: The username x is not registered.",
  );
  assert.equal(decodeEntities("Tips &amp; Tricks &#8217;24 &#x2014; &bogus;"), "Tips & Tricks \u201924 \u2014 &bogus;");
});
