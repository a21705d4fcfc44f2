import assert from "node:assert/strict";
import { isValidSlug, slugify, SLUG_MESSAGE, tidySlug } from "./slug.ts";

Deno.test("tidySlug: case, spaces, underscores and stray hyphens; nothing else", () => {
  const cases: [string, string][] = [
    ["my-first-post", "my-first-post"],
    ["  My First Post ", "my-first-post"],
    ["my_first__post", "my-first-post"],
    ["--my---post--", "my-post"],
    ["my post!!", "my-post!!"],
    ["Crème brûlée", "crème-brûlée"],
    ["", ""],
  ];
  for (const [typed, tidied] of cases) assert.equal(tidySlug(typed), tidied, typed);
});

Deno.test("isValidSlug: lowercase letters, digits and single inner hyphens", () => {
  for (const slug of ["post", "my-first-post", "10-tips", "a1-b2"]) assert.equal(isValidSlug(slug), true, slug);
  for (const slug of ["", "My-Post", "my post", "my-post!!", "-post", "post-", "my--post", "crème", "a/b", "a_b"]) {
    assert.equal(isValidSlug(slug), false, slug);
  }
  assert.equal(SLUG_MESSAGE, "Slug may contain only lowercase letters, numbers and hyphens");
});

Deno.test("slugify makes a valid slug from any text", () => {
  const cases: [string, string][] = [
    ["Crème brûlée: 10 tips!", "creme-brulee-10-tips"],
    ["  My First Post  ", "my-first-post"],
    ["my post!!", "my-post"],
    ["Straße & Co.", "stra-e-co"],
    ["日本語", ""],
  ];
  for (const [text, slug] of cases) {
    assert.equal(slugify(text), slug, text);
    if (slug) assert.equal(isValidSlug(slug), true);
  }
});
