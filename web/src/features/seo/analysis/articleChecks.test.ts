/**
 * Each of the editor's checks against an article that passes it and one
 * that does not, the languages without a readability formula, and the
 * score.
 */
import { describe, expect, it } from "vitest";
import { analyzeArticle, type ArticleCheckId, type ArticleInput, NOT_CHECKED_FOR_LANGUAGE } from "./articleChecks";
import { ARTICLE_CHECKS } from "./catalog";
import { seoScore, scoreBand } from "./score";

const SENTENCE = "Tomatoes grow well on a sunny balcony in a deep pot.";
const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

/** A well-made English article about balcony tomatoes (about 330 words, every SEO check green). */
function goodArticle(overrides: Partial<ArticleInput> = {}): ArticleInput {
  const body = Array.from({ length: 5 }, (_, section) =>
    `<h2>${section === 0 ? "Balcony tomatoes for beginners" : `Step ${section}`}</h2>` +
    `<p>Balcony tomatoes need sun. ${Array.from({ length: 5 }, () => SENTENCE).join(" ")}</p>`).join("");
  return {
    title: "How to Grow Balcony Tomatoes in Pots: A Beginner's Guide",
    metaDescription:
      "Grow balcony tomatoes in pots: choose a compact variety, a deep pot and rich compost, water evenly, and pick ripe fruit all summer.",
    focusKeyword: "balcony tomatoes",
    slug: "grow-balcony-tomatoes",
    content:
      `<p>Balcony tomatoes are the easiest start for a new gardener. ${SENTENCE} Read on to learn how.</p>` +
      body +
      `<p>See <a href="/compost">our compost guide</a> and the <a href="https://rhs.example/tomatoes">RHS advice</a>.</p>` +
      `<img src="/t.jpg" alt="Ripe balcony tomatoes">`,
    ...overrides,
  };
}

const context = { language: "en", siteHosts: ["blog.example"] };

function check(id: ArticleCheckId, input: ArticleInput = goodArticle(), language: string | null = "en") {
  const found = analyzeArticle(input, { ...context, language }).checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

describe("the checks", () => {
  it("are at least 12, each with a label, and all pass on a well-made article", () => {
    expect(ARTICLE_CHECKS.length).toBeGreaterThanOrEqual(12);
    const { checks } = analyzeArticle(goodArticle(), context);
    expect(checks.map((c) => c.id)).toEqual(ARTICLE_CHECKS.map((c) => c.id));
    expect(checks.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.value}`)).toEqual([]);
  });

  it("focus keyword: none fails, more than four words warns", () => {
    expect(check("focus-keyword")).toMatchObject({ outcome: "pass", value: "“balcony tomatoes”, 2 words" });
    expect(check("focus-keyword", goodArticle({ focusKeyword: " " }))).toMatchObject({ outcome: "fail", value: "None set" });
    expect(check("focus-keyword", goodArticle({ focusKeyword: "how to grow tomatoes on balconies" })).outcome).toBe("warning");
  });

  it("keyword checks are not checked without a focus keyword", () => {
    for (const id of ["keyword-in-title", "keyword-in-introduction", "keyword-in-meta-description", "keyword-in-slug", "keyword-in-subheading", "keyword-density"] as const) {
      expect(check(id, goodArticle({ focusKeyword: "" }))).toMatchObject({ outcome: "not-checked", value: "No focus keyword yet" });
    }
  });

  it("keyword in title: all its words, any order, any case, accents optional; flips when added", () => {
    const without = goodArticle({ title: "How to Grow Tomatoes in Pots" });
    expect(check("keyword-in-title", without)).toMatchObject({ outcome: "fail", value: "Not in the title" });
    expect(check("keyword-in-title", { ...without, title: "Tomatoes for Your Balcony" }).outcome).toBe("pass");
    expect(check("keyword-in-title", goodArticle({ focusKeyword: "café culture", title: "Cafe Culture in Vienna" })).outcome).toBe("pass");
    expect(check("keyword-in-title", goodArticle({ title: "Balcony tomatoes" })).outcome).toBe("pass");
    // Whole words only: "tomato" is not "tomatoes".
    expect(check("keyword-in-title", goodArticle({ focusKeyword: "tomato" })).outcome).toBe("fail");
  });

  it("keyword in the first paragraph", () => {
    expect(check("keyword-in-introduction").outcome).toBe("pass");
    const moved = goodArticle({ content: "<p>Pots need sun.</p><p>Balcony tomatoes later.</p>" });
    expect(check("keyword-in-introduction", moved)).toMatchObject({ outcome: "fail", value: "Not in the first paragraph" });
    expect(check("keyword-in-introduction", goodArticle({ content: "" })).value).toBe("No text yet");
  });

  it("keyword in meta description", () => {
    expect(check("keyword-in-meta-description").outcome).toBe("pass");
    expect(check("keyword-in-meta-description", goodArticle({ metaDescription: "Grow tomatoes in pots." })).outcome).toBe("fail");
    expect(check("keyword-in-meta-description", goodArticle({ metaDescription: "" })).value).toBe("No meta description");
  });

  it("keyword in slug, transliterated and percent-decoded", () => {
    expect(check("keyword-in-slug").outcome).toBe("pass");
    expect(check("keyword-in-slug", goodArticle({ slug: "grow-tomatoes" }))).toMatchObject({ outcome: "warning", value: "Not in the slug “grow-tomatoes”" });
    expect(check("keyword-in-slug", goodArticle({ slug: "" })).outcome).toBe("fail");
    expect(check("keyword-in-slug", goodArticle({ focusKeyword: "Schöne Grüße", slug: "schoene-gruesse-aus-wien" })).outcome).toBe("pass");
    expect(check("keyword-in-slug", goodArticle({ focusKeyword: "crème brûlée", slug: "creme-brulee" })).outcome).toBe("pass");
    expect(check("keyword-in-slug", goodArticle({ focusKeyword: "привет мир", slug: "%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82-%D0%BC%D0%B8%D1%80" })).outcome).toBe("pass");
  });

  it("keyword in a subheading", () => {
    expect(check("keyword-in-subheading")).toMatchObject({ outcome: "pass", value: "In 1 of 5 subheadings" });
    expect(check("keyword-in-subheading", goodArticle({ content: "<h2>Pots</h2><p>Text.</p>" })).outcome).toBe("warning");
    expect(check("keyword-in-subheading", goodArticle({ content: "<p>Text.</p>" })).value).toBe("No subheadings");
  });

  it("keyword density: 0.5–3 % passes, stuffing fails, absence fails", () => {
    expect(check("keyword-density").outcome).toBe("pass");
    const stuffed = goodArticle({ content: `<p>${Array.from({ length: 20 }, () => `balcony tomatoes ${words(10)}`).join(" ")}</p>` });
    expect(check("keyword-density", stuffed)).toMatchObject({ outcome: "fail" });
    expect(check("keyword-density", stuffed).value).toMatch(/^8\.3 % \(20 times in 240 words\)$/);
    const rare = goodArticle({ content: `<p>balcony tomatoes ${words(400)}</p>` });
    expect(check("keyword-density", rare)).toMatchObject({ outcome: "warning", value: "0.2 % (1 time in 402 words)" });
    expect(check("keyword-density", goodArticle({ content: `<p>${words(200)}</p>` })).outcome).toBe("fail");
  });

  it("title length with a counter: 30–60 characters", () => {
    expect(check("title-length")).toMatchObject({ outcome: "pass", value: "56 / 60 characters", counter: { current: 56, min: 30, max: 60 } });
    expect(check("title-length", goodArticle({ title: "Tomatoes" })).outcome).toBe("warning");
    expect(check("title-length", goodArticle({ title: "x".repeat(61) })).value).toBe("61 / 60 characters");
    expect(check("title-length", goodArticle({ title: "" }))).toMatchObject({ outcome: "fail", value: "No title" });
  });

  it("meta description length with a counter: 120–156 characters", () => {
    expect(check("meta-description-length")).toMatchObject({ outcome: "pass", counter: { min: 120, max: 156 } });
    expect(check("meta-description-length", goodArticle({ metaDescription: "Short." })).outcome).toBe("warning");
    expect(check("meta-description-length", goodArticle({ metaDescription: "x".repeat(157) })).outcome).toBe("warning");
    expect(check("meta-description-length", goodArticle({ metaDescription: "" })).outcome).toBe("fail");
  });

  it("text length: 300 words pass, 250 warn, fewer fail", () => {
    expect(check("text-length", goodArticle({ content: `<p>${words(300)}</p>` }))).toMatchObject({ outcome: "pass", value: "300 words" });
    expect(check("text-length", goodArticle({ content: `<p>${words(260)}</p>` })).outcome).toBe("warning");
    expect(check("text-length", goodArticle({ content: `<p>${words(120)}</p>` })).outcome).toBe("fail");
  });

  it("internal links: relative or to the user's own sites; outbound: anything else", () => {
    const links = (hrefs: string[]) => goodArticle({ content: `<p>${hrefs.map((href) => `<a href="${href}">x</a>`).join(" ")}</p>` });
    expect(check("internal-links", links(["https://www.blog.example/post"]))).toMatchObject({ outcome: "pass", value: "1 internal link" });
    expect(check("internal-links", links(["https://other.example/"]))).toMatchObject({ outcome: "warning", value: "No internal links" });
    expect(check("outbound-links", links(["https://other.example/", "mailto:a@b.c", "#top"]))).toMatchObject({ outcome: "pass", value: "1 outbound link" });
    expect(check("outbound-links", links(["/inner"]))).toMatchObject({ outcome: "warning", value: "No outbound links" });
  });

  it("image alt text: missing or empty alt is flagged", () => {
    expect(check("image-alt").outcome).toBe("pass");
    expect(check("image-alt", goodArticle({ content: '<p>x</p><img src="a.jpg" alt="A"><img src="b.jpg">' }))).toMatchObject({ outcome: "warning", value: "1 of 2 images without alt text" });
    expect(check("image-alt", goodArticle({ content: '<img src="a.jpg" alt="">' })).outcome).toBe("fail");
    expect(check("image-alt", goodArticle({ content: "<p>No pictures</p>" })).value).toBe("No images");
  });

  it("subheading distribution: sections up to 300 words", () => {
    expect(check("subheading-distribution").outcome).toBe("pass");
    expect(check("subheading-distribution", goodArticle({ content: `<p>${words(320)}</p>` }))).toMatchObject({ outcome: "fail", value: "No subheadings in 320 words" });
    expect(check("subheading-distribution", goodArticle({ content: `<h2>A</h2><p>${words(320)}</p>` })).outcome).toBe("warning");
    expect(check("subheading-distribution", goodArticle({ content: `<h2>A</h2><p>${words(400)}</p>` })).outcome).toBe("fail");
    expect(check("subheading-distribution", goodArticle({ content: `<p>${words(100)}</p>` })).outcome).toBe("pass");
  });

  it("paragraph length: up to 150 words; over 200 fails", () => {
    expect(check("paragraph-length").outcome).toBe("pass");
    expect(check("paragraph-length", goodArticle({ content: `<p>${words(170)}</p>` }))).toMatchObject({ outcome: "warning", value: "1 paragraph over 150 words (longest 170)" });
    expect(check("paragraph-length", goodArticle({ content: `<ul><li><p>${words(210)}</p></li></ul>` })).outcome).toBe("fail");
  });

  it("sentence length: at most 25 % over 20 words (English), per-language limits", () => {
    expect(check("sentence-length")).toMatchObject({ outcome: "pass", value: "0.0 % of 34 sentences over 20 words" });
    const sentence = (count: number) => `Word ${words(count - 1)}.`;
    const long = `${sentence(22)} Short one. ${sentence(26)} Fine here.`;
    expect(check("sentence-length", goodArticle({ content: `<p>${long}</p>` })).value).toBe("50 % of 4 sentences over 20 words");
    expect(check("sentence-length", goodArticle({ content: `<p>${long}</p>` })).outcome).toBe("fail");
    // Spanish allows 25 words: the 22-word sentence is not long there.
    expect(check("sentence-length", goodArticle({ content: `<p>${long}</p>` }), "es").value).toBe("25 % of 4 sentences over 25 words");
  });

  it("passive voice: at most 10 % of sentences (English)", () => {
    expect(check("passive-voice").outcome).toBe("pass");
    const passive = "The seeds were sown in March. The pots are watered daily. The fruit was picked early. We eat them.";
    expect(check("passive-voice", goodArticle({ content: `<p>${passive}</p>` }))).toMatchObject({ outcome: "fail", value: "75 % of sentences (3 of 4)" });
  });

  it("Flesch reading ease: 60 and up passes, hard text fails; the formula is named", () => {
    expect(check("reading-ease").value).toMatch(/^\d+ \(.*; English, Flesch \(1948\)\)$/);
    expect(check("reading-ease").outcome).toBe("pass");
    const hard = "Notwithstanding considerable methodological heterogeneity, comprehensive longitudinal investigations consistently demonstrate substantial interdependencies between socioeconomic characteristics and horticultural participation.";
    expect(check("reading-ease", goodArticle({ content: `<p>${hard}</p>` })).outcome).toBe("fail");
  });

  it("readability in German, Spanish, French, Italian, Dutch, Portuguese and Russian uses each language's formula", () => {
    const texts: Record<string, [string, RegExp]> = {
      de: ["Der Hund läuft schnell über die Wiese. Die Kinder spielen im Garten.", /German, Amstad \(1978\)/],
      es: ["El perro corre por el parque. Los niños juegan en el jardín.", /Spanish, Fernández Huerta \(1959\)/],
      fr: ["Le chien court dans le parc. Les enfants jouent dans le jardin.", /French, Kandel & Moles \(1958\)/],
      it: ["Il cane corre nel parco. I bambini giocano nel giardino.", /Italian, Franchina & Vacca \(1986\)/],
      nl: ["De hond rent door het park. De kinderen spelen in de tuin.", /Dutch, Douma \(1960\)/],
      pt: ["O cão corre no parque. As crianças brincam no jardim.", /Portuguese, Martins et al\. \(1996\)/],
      ru: ["Собака бежит по парку. Дети играют в саду.", /Russian, Oborneva \(2006\)/],
    };
    for (const [language, [text, formula]] of Object.entries(texts)) {
      const ease = check("reading-ease", goodArticle({ content: `<p>${text}</p>` }), language);
      expect(ease.value, language).toMatch(formula);
      expect(ease.outcome, language).toBe("pass");
      expect(check("passive-voice", goodArticle({ content: `<p>${text}</p>` }), language)).toMatchObject({ outcome: "not-checked", value: NOT_CHECKED_FOR_LANGUAGE });
    }
  });

  it("a language without a formula says so; so does one not yet known", () => {
    const japanese = goodArticle({ content: "<p>東京の美味しいラーメン屋を紹介します。今日は三軒を回りました。</p>" });
    expect(check("reading-ease", japanese, "ja")).toMatchObject({ outcome: "not-checked", value: NOT_CHECKED_FOR_LANGUAGE });
    expect(check("passive-voice", japanese, "ja")).toMatchObject({ outcome: "not-checked", value: NOT_CHECKED_FOR_LANGUAGE });
    expect(check("reading-ease", goodArticle(), "sv").value).toBe(NOT_CHECKED_FOR_LANGUAGE);
    expect(check("sentence-length", japanese, "ja").outcome).toBe("pass");
    expect(check("reading-ease", goodArticle(), null)).toMatchObject({ outcome: "not-checked", value: "Language not known yet" });
  });
});

describe("the score", () => {
  const outcomes = (...list: ("pass" | "warning" | "fail" | "not-checked")[]) =>
    list.map((outcome, index) => ({ id: `c${index}`, outcome }));

  it("counts pass 1, warning ½, fail 0 over the checks that apply", () => {
    expect(seoScore(outcomes("pass", "pass", "warning", "fail"), new Set())).toBe(63);
    expect(seoScore(outcomes("pass", "not-checked"), new Set())).toBe(100);
    expect(seoScore(outcomes("not-checked"), new Set())).toBeNull();
  });

  it("leaves out checks switched off", () => {
    expect(seoScore(outcomes("pass", "fail"), new Set(["c1"]))).toBe(100);
    expect(seoScore(outcomes("pass", "fail"), new Set(["c0", "c1"]))).toBeNull();
  });

  it("is 100 for a well-made article and falls as checks fail", () => {
    const good = analyzeArticle(goodArticle(), context);
    expect(seoScore(good.checks, new Set())).toBe(100);
    const poor = analyzeArticle(goodArticle({ title: "", metaDescription: "", slug: "", content: "<p>Short.</p>" }), context);
    expect(seoScore(poor.checks, new Set())).toBe(44);
    expect(scoreBand(44)).toBe("poor");
  });

  it("has bands: good from 80, fair from 50", () => {
    expect([scoreBand(80), scoreBand(79), scoreBand(50), scoreBand(49)]).toEqual(["good", "fair", "fair", "poor"]);
  });
});
