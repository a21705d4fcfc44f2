import assert from "node:assert/strict";
import { isHttpUrl, withDefaultScheme } from "./web_address.ts";

Deno.test("withDefaultScheme adds https:// only to an address typed without a scheme", () => {
  const cases: [string, string][] = [
    ["example.com", "https://example.com"],
    [" www.example.com/blog ", "https://www.example.com/blog"],
    ["localhost:8080", "https://localhost:8080"],
    ["127.0.0.1:8080/wp", "https://127.0.0.1:8080/wp"],
    ["//example.com", "https://example.com"],
    ["http://example.com", "http://example.com"],
    ["HTTPS://Example.com", "HTTPS://Example.com"],
    ["ftp://example.com", "ftp://example.com"],
    ["javascript:alert(1)", "javascript:alert(1)"],
    ["mailto:ada@example.com", "mailto:ada@example.com"],
    ["", ""],
  ];
  for (const [typed, completed] of cases) assert.equal(withDefaultScheme(typed), completed, typed);
});

Deno.test("isHttpUrl: http(s) with a host and no credentials", () => {
  for (const url of ["https://example.com", "http://127.0.0.1:8080/wp", "https://example.com/a?b=c#d"]) {
    assert.equal(isHttpUrl(url), true, url);
  }
  for (const url of ["ftp://example.com", "javascript:alert(1)", "http://", "https://ada:pw@example.com", "example.com"]) {
    assert.equal(isHttpUrl(url), false, url);
  }
});
