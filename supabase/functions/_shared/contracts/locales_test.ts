import assert from "node:assert/strict";
import { DEFAULT_LOCALE, languageLabel, LOCALE_TAGS, LOCALES, localeOfDetected, resolveLocale } from "./locales.ts";

Deno.test("at least 30 languages, each tag once, English the default", () => {
  assert.ok(new Set(LOCALES.map((locale) => locale.tag.split("-")[0])).size >= 30);
  assert.equal(new Set(LOCALE_TAGS).size, LOCALE_TAGS.length);
  assert.equal(DEFAULT_LOCALE, "en");
  for (const locale of LOCALES) {
    assert.match(locale.tag, /^[a-z]{2,3}(?:-[A-Z]{2}|-[0-9]{3})?$/, locale.tag);
    assert.ok(locale.detects.length > 0, locale.tag);
  }
});

Deno.test("the database's domain offers exactly the same tags", async () => {
  const sql = await Deno.readTextFile(new URL("../../../migrations/20261214000100_locales.sql", import.meta.url));
  const domain = sql.slice(sql.indexOf("create domain public.locale_tag"), sql.indexOf("comment on domain"));
  const tags = [...domain.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  assert.deepEqual(tags, [...LOCALE_TAGS]);
});

Deno.test("resolveLocale: the article's, else the assistant's, else the site's, else English", () => {
  assert.equal(resolveLocale({ article: "es", assistant: "de", site: "fr" }), "es");
  assert.equal(resolveLocale({ article: null, assistant: "de", site: "fr" }), "de");
  assert.equal(resolveLocale({ assistant: null, site: "fr" }), "fr");
  assert.equal(resolveLocale({}), "en");
  assert.equal(resolveLocale({ article: "xx-YY", assistant: "pt-BR" }), "pt-BR", "an unknown tag is skipped");
});

Deno.test("names: the English name and the tag; detected codes map to a locale", () => {
  assert.equal(languageLabel("es"), "Spanish (es)");
  assert.equal(languageLabel("zh-TW"), "Chinese (Traditional) (zh-TW)");
  assert.equal(languageLabel(undefined), "English (en)");
  assert.equal(localeOfDetected("deu")?.tag, "de");
  assert.equal(localeOfDetected("spa")?.tag, "es");
  assert.equal(localeOfDetected("xyz"), undefined);
});
