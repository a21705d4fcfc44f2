import assert from "node:assert/strict";
import { articleSlug, isValidSlug, slugify, SLUG_MESSAGE, tidySlug } from "./slug.ts";

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
    ["Straße & Co.", "strasse-co"],
    ["日本語", ""],
  ];
  for (const [text, slug] of cases) {
    assert.equal(slugify(text), slug, text);
    if (slug) assert.equal(isValidSlug(slug), true);
  }
});

Deno.test("slugify transliterates accents, Cyrillic and Greek; German spells umlauts out", () => {
  const cases: [string, string, string][] = [
    ["Guía rápida del café en España", "es", "guia-rapida-del-cafe-en-espana"],
    ["Où dîner à Besançon ? Œufs et cætera", "fr", "ou-diner-a-besancon-oeufs-et-caetera"],
    ["Grüße aus Köln: Straßenbahn", "de", "gruesse-aus-koeln-strassenbahn"],
    ["Grüße aus Köln", "es", "grusse-aus-koln"],
    ["Привет, мир: щи и борщ", "ru", "privet-mir-shchi-i-borshch"],
    ["Київ і Львів", "uk", "kyiv-i-lviv"],
    ["Καλημέρα Ελλάδα", "el", "kalimera-ellada"],
    ["Łódź i Gdańsk", "pl", "lodz-i-gdansk"],
    ["東京のラーメン 2026", "ja", "2026"],
    ["東京のラーメン", "ja", ""],
  ];
  for (const [text, locale, slug] of cases) {
    assert.equal(slugify(text, locale), slug, `${locale}: ${text}`);
    if (slug) assert.equal(isValidSlug(slug), true, slug);
  }
});

Deno.test("articleSlug: the model's slug made valid, else the title's, else a stable fallback", () => {
  assert.equal(articleSlug("guía-del-café", "Guía del café", "es"), "guia-del-cafe");
  assert.equal(articleSlug("", "Guía del café", "es"), "guia-del-cafe");
  assert.equal(articleSlug("ラーメン", "Ramen in Tokyo", "ja"), "ramen-in-tokyo");
  const fallback = articleSlug("東京のラーメン", "東京のラーメン", "ja");
  assert.match(fallback, /^post-[a-z0-9]+$/);
  assert.equal(isValidSlug(fallback), true);
  assert.equal(articleSlug("東京", "東京のラーメン", "ja"), fallback, "stable for the same title");
  assert.notEqual(articleSlug("", "大阪のたこ焼き", "ja"), fallback);
});
