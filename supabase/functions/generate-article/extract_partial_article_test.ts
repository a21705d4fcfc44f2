import assert from "node:assert/strict";
import {
  extractPartialArticle,
  GENERATED_ARTICLE_FIELDS,
  generatedArticleJsonSchema,
  generatedArticleSchema,
} from "../_shared/contracts/article.ts";
import { ARTICLE_OUTPUT_CONTRACT } from "../_shared/ai/article_prompt.ts";

const article = {
  title: 'Brewing "Perfect" Coffee',
  content: '<p>Line one</p>\n<h2>Café crème ☕ and 😀</h2>\n<p>Path: C:\\beans\\arabica\t"quoted"</p>',
  excerpt: "How to brew.",
  category: "Food",
  tags: "coffee, brewing",
  meta_description: "Brew perfect coffee at home.",
  focus_keyword: "perfect coffee",
  slug: "brewing-perfect-coffee",
};

Deno.test("extractPartialArticle: every prefix of real JSON gives prefixes of the final values, never throwing", () => {
  for (const json of [JSON.stringify(article), JSON.stringify(article, null, 2), asciiOnlyJson(article)]) {
    let previous: Record<string, string> = {};
    for (let end = 0; end <= json.length; end++) {
      const partial = extractPartialArticle(json.slice(0, end)) as Record<string, string>;
      for (const [field, value] of Object.entries(partial)) {
        const final = article[field as keyof typeof article];
        assert.ok(final.startsWith(value), `${field} at ${end}: ${JSON.stringify(value)}`);
        assert.ok(value.length >= (previous[field]?.length ?? 0), `${field} never shrinks (at ${end})`);
      }
      previous = partial;
    }
    assert.deepEqual(extractPartialArticle(json), article);
  }
});

Deno.test("extractPartialArticle: an unterminated string is returned as far as it goes", () => {
  assert.deepEqual(extractPartialArticle('{"title":"Hello wor'), { title: "Hello wor" });
  assert.deepEqual(extractPartialArticle('{"title":"Done","content":"<p>Fir'), { title: "Done", content: "<p>Fir" });
  assert.deepEqual(extractPartialArticle('{"title":"Done","cont'), { title: "Done" });
  assert.deepEqual(extractPartialArticle('{"title":"Done",'), { title: "Done" });
  assert.deepEqual(extractPartialArticle('{"title":'), {});
  assert.deepEqual(extractPartialArticle('{"title":"'), { title: "" });
});

Deno.test("extractPartialArticle: escapes cut in half are held back, complete ones decoded", () => {
  assert.deepEqual(extractPartialArticle('{"title":"Say \\'), { title: "Say " });
  assert.deepEqual(extractPartialArticle('{"title":"Say \\"hi\\" \\n'), { title: 'Say "hi" \n' });
  assert.deepEqual(extractPartialArticle('{"title":"Caf\\u00'), { title: "Caf" });
  assert.deepEqual(extractPartialArticle('{"title":"Caf\\u00e9'), { title: "Café" });
  assert.deepEqual(extractPartialArticle('{"title":"a\\/b\\\\c\\td'), { title: "a/b\\c\td" });
  // A surrogate pair written as two escapes: the first half alone is not shown.
  assert.deepEqual(extractPartialArticle('{"title":"Smile \\ud83d'), { title: "Smile " });
  assert.deepEqual(extractPartialArticle('{"title":"Smile \\ud83d\\ude00'), { title: "Smile 😀" });
});

Deno.test("extractPartialArticle: tolerates fences, whitespace, unknown keys, lists and numbers", () => {
  const text =
    '```json\n{\n  "title" : "T",\n  "extra": {"nested": ["x", "}"]},\n  "tags": ["a", "b"],\n  "slug": 42,\n';
  assert.deepEqual(extractPartialArticle(text), { title: "T", tags: "a, b", slug: "42" });
  assert.deepEqual(extractPartialArticle('{"tags": ["a", "b'), {});
  assert.deepEqual(extractPartialArticle('{"slug": 42'), {}, "a number at the end may still grow");
  assert.deepEqual(extractPartialArticle('{"slug": null, "title": "T"}'), { title: "T" });
});

Deno.test("extractPartialArticle: text that is not an article object gives nothing", () => {
  assert.deepEqual(extractPartialArticle(""), {});
  assert.deepEqual(extractPartialArticle("I'm sorry, I can't"), {});
  assert.deepEqual(extractPartialArticle("{title: 'x'}"), {});
  assert.deepEqual(extractPartialArticle('{"title" "x"}'), {});
});

Deno.test("the structured-output schema lists exactly the validated fields, all required", () => {
  assert.deepEqual(Object.keys(generatedArticleJsonSchema.properties), [...GENERATED_ARTICLE_FIELDS]);
  assert.deepEqual(generatedArticleJsonSchema.required, [...GENERATED_ARTICLE_FIELDS]);
  assert.deepEqual(Object.keys(generatedArticleSchema.shape).sort(), [...GENERATED_ARTICLE_FIELDS].sort());
  assert.equal(generatedArticleJsonSchema.additionalProperties, false);
});

Deno.test("the model is asked for Content first, in the schema and in the prompt's contract alike", () => {
  assert.equal(GENERATED_ARTICLE_FIELDS[0], "content");
  const contractOrder = GENERATED_ARTICLE_FIELDS.map((field) => ARTICLE_OUTPUT_CONTRACT.indexOf(`- ${field}:`));
  assert.ok(contractOrder.every((at) => at >= 0), "the contract names every field");
  assert.deepEqual(contractOrder, [...contractOrder].sort((a, b) => a - b), "in the schema's order");
});

Deno.test("generatedArticleSchema trims, joins lists and requires a title and content", () => {
  const parsed = generatedArticleSchema.parse({
    ...article,
    title: "  T  ",
    tags: ["a ", " b", ""],
    category: ["Food"],
  });
  assert.equal(parsed.title, "T");
  assert.equal(parsed.tags, "a, b");
  assert.equal(parsed.category, "Food");
  assert.equal(generatedArticleSchema.safeParse({ ...article, title: " " }).success, false);
  assert.equal(generatedArticleSchema.safeParse({ ...article, content: undefined }).success, false);
});

/** JSON with every non-ASCII character escaped as \uXXXX, as some servers send it. */
function asciiOnlyJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
