import { describe, expect, it } from "vitest";
import { completeUrl, isSafeImageUrl, isSafeLinkUrl } from "./safeUrl";

describe("editor URLs", () => {
  it("links: http(s), mailto:, tel: and relative addresses only", () => {
    for (const url of ["https://example.com", "http://x.test/a?b#c", "mailto:a@b.c", "tel:+123", "/about", "#top", "page.html"]) {
      expect(isSafeLinkUrl(url), url).toBe(true);
    }
    for (const url of ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:x", ""]) {
      expect(isSafeLinkUrl(url), url).toBe(false);
    }
  });

  it("images: http(s) and relative addresses only", () => {
    expect(isSafeImageUrl("https://cdn.example/a.png")).toBe(true);
    expect(isSafeImageUrl("/uploads/a.png")).toBe(true);
    expect(isSafeImageUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(isSafeImageUrl("mailto:a@b.c")).toBe(false);
  });

  it("completes an address typed without a scheme, and refuses an unsafe one", () => {
    expect(completeUrl(" example.com/guide ", isSafeLinkUrl)).toBe("https://example.com/guide");
    expect(completeUrl("localhost:8080/x", isSafeLinkUrl)).toBe("https://localhost:8080/x");
    expect(completeUrl("http://example.com", isSafeLinkUrl)).toBe("http://example.com");
    expect(completeUrl("mailto:me@example.com", isSafeLinkUrl)).toBe("mailto:me@example.com");
    expect(completeUrl("/relative", isSafeLinkUrl)).toBe("/relative");
    expect(completeUrl("javascript:alert(1)", isSafeLinkUrl)).toBeNull();
    expect(completeUrl("   ", isSafeLinkUrl)).toBeNull();
  });
});
