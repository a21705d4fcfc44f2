import { describe, expect, it } from "vitest";
import { decodeEntities, readArticle } from "./articleText";
import { containsKeyword, countPhrase, fold, keywordWords, slugContainsKeyword } from "./keyword";
import { detectLanguage, languageRules } from "./languages";
import { isPassive } from "./passiveVoice";
import { splitSentences } from "./sentences";

describe("readArticle", () => {
  it("reads the editor's blocks, links and images", () => {
    const article = readArticle(
      '<h2>Pots &amp; soil</h2><p>First <a href="/a">link <b>here</b></a>.</p><ul><li><p>One</p></li><li><p>Two</p></li></ul>' +
        '<blockquote><p>Quoted</p></blockquote><p><img src="x.png" alt="An &quot;x&quot;"><img src=\'y.png\'></p>',
    );
    expect(article.blocks).toEqual([
      { kind: "heading", level: 2, text: "Pots & soil" },
      { kind: "paragraph", text: "First link here." },
      { kind: "paragraph", text: "One" },
      { kind: "paragraph", text: "Two" },
      { kind: "paragraph", text: "Quoted" },
    ]);
    expect(article.links).toEqual([{ href: "/a", text: "link here" }]);
    expect(article.images).toEqual([
      { src: "x.png", alt: 'An "x"' },
      { src: "y.png", alt: null },
    ]);
  });

  it("takes plain text as paragraphs by line, and skips scripts", () => {
    expect(readArticle("Line one\nLine two").blocks).toEqual([
      { kind: "paragraph", text: "Line one" },
      { kind: "paragraph", text: "Line two" },
    ]);
    expect(readArticle("<p>a</p><script>var x = '<p>no</p>';</script>").blocks).toEqual([{ kind: "paragraph", text: "a" }]);
  });

  it("decodes entities", () => {
    expect(decodeEntities("&lt;b&gt; &#39;x&#x27; &nbsp;&amp;&unknown;")).toBe("<b> 'x' \u00a0&&unknown;");
  });
});

describe("sentences", () => {
  it("split at sentence ends, not at abbreviations or decimals", () => {
    expect(splitSentences("It costs 3.5 euros. Dr. Smith agrees, e.g. for pots! Really? Yes… «Quoted.» Done")).toEqual([
      "It costs 3.5 euros.",
      "Dr. Smith agrees, e.g. for pots!",
      "Really?",
      "Yes…",
      "«Quoted.»",
      "Done",
    ]);
    expect(splitSentences("東京に行きました。楽しかったです！")).toEqual(["東京に行きました。", "楽しかったです！"]);
  });
});

describe("keywords", () => {
  it("fold case and accents", () => {
    expect(fold("Crème BRÛLÉE")).toBe("creme brulee");
    expect(keywordWords("  Balcony   Tomatoes ")).toEqual(["balcony", "tomatoes"]);
  });

  it("find all words in any order, whole words only, and count the exact phrase", () => {
    expect(containsKeyword("Tomatoes for your balcony", ["balcony", "tomatoes"])).toBe(true);
    expect(containsKeyword("Tomato on a balcony", ["balcony", "tomatoes"])).toBe(false);
    expect(countPhrase(["balcony", "tomatoes", "and", "balcony", "tomatoes"], ["balcony", "tomatoes"])).toBe(2);
    expect(countPhrase(["a", "a", "a"], ["a", "a"])).toBe(1);
  });

  it("find a keyword in slugs as WordPress and slug libraries write them", () => {
    expect(slugContainsKeyword("grow-balcony-tomatoes", "Balcony Tomatoes")).toBe(true);
    expect(slugContainsKeyword("schone-grusse", "schöne grüße")).toBe(true);
    expect(slugContainsKeyword("schoene-gruesse", "schöne grüße")).toBe(true);
    expect(slugContainsKeyword("well-known-facts", "well-known")).toBe(true);
    expect(slugContainsKeyword("tomatoes", "balcony tomatoes")).toBe(false);
  });
});

describe("passive voice (English)", () => {
  it.each([
    ["The report was written by the committee.", true],
    ["The pots are often watered in the morning.", true],
    ["Mistakes were made.", true],
    ["The fruit is not picked until it is red.", true],
    ["We wrote the report.", false],
    ["I need more seed.", false],
    ["She is a gardener.", false],
    ["It was red and the bed was made of wood.", true],
  ])("%j → %s", (sentence, passive) => {
    expect(isPassive(sentence)).toBe(passive);
  });
});

describe("languages", () => {
  it("detects the language of a few sentences (ISO 639-1 where known), not of a word", async () => {
    expect(await detectLanguage("The quick brown fox jumps over the lazy dog while the children play in the garden.")).toBe("en");
    expect(await detectLanguage("Der schnelle braune Fuchs springt über den faulen Hund, während die Kinder im Garten spielen.")).toBe("de");
    expect(await detectLanguage("El rápido zorro marrón salta sobre el perro perezoso mientras los niños juegan en el jardín.")).toBe("es");
    expect(await detectLanguage("Быстрая коричневая лиса прыгает через ленивую собаку, пока дети играют в саду.")).toBe("ru");
    expect(await detectLanguage("Tomatoes")).toBeNull();
  });

  it("knows each formula language's rules and names others", () => {
    expect(languageRules("en")).toMatchObject({ name: "English", passiveVoice: true, longSentenceWords: 20 });
    expect(languageRules("deu")).toMatchObject({ code: "de", name: "German", passiveVoice: false });
    expect(languageRules("ru").longSentenceWords).toBe(15);
    expect(languageRules("ja")).toMatchObject({ name: "Japanese", unspaced: true });
    expect(languageRules("ja").readingEase).toBeUndefined();
    expect(languageRules("sv").name).toBe("Swedish");
    expect(languageRules("sv").readingEase).toBeUndefined();
  });

  it("count syllables per language", () => {
    const count = (code: string, word: string) => languageRules(code).readingEase!.syllables(word);
    expect(count("en", "tomatoes")).toBe(3);
    expect(count("de", "Gartenarbeit")).toBe(4);
    expect(count("es", "poema")).toBe(3);
    expect(count("fr", "jardine")).toBe(2);
    expect(count("it", "giardino")).toBe(3);
    expect(count("ru", "собака")).toBe(3);
  });
});
