/**
 * The fake OpenAI's articles in languages other than English. A real model
 * told "Write the whole article in Spanish (es)" answers in Spanish; the
 * fake does the same for the languages below (fixture texts written for it)
 * and answers in English for the others, as it has no text for them. The
 * scenario "language-drift" makes it answer in English whatever is asked,
 * the failure reported against real tools (Jetpack AI issues #31820, #33256,
 * #34953; WordPress/ai #351), so the language check is exercised.
 */

/** The tag the prompt's output requirement names: "… in Spanish (es): …" (article_prompt.ts's languageRequirement). */
export function requestedLanguageTag(promptText: string): string | undefined {
  return /Write the whole article in [^\n]*?\(([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\):/.exec(promptText)?.[1];
}

interface ArticleTexts {
  title: (topic: string) => string;
  paragraphs: (topic: string) => string[];
  excerpt: (topic: string) => string;
  category: string;
  tags: (topic: string) => string;
  metaDescription: (topic: string) => string;
}

/** Fixture texts: natural prose of a hundred words or more, enough for a language check to be sure. */
const TEXTS: Record<string, ArticleTexts> = {
  es: {
    title: (topic) => `${topic}: una guía práctica`,
    paragraphs: (topic) => [
      `<p>Todo el mundo habla de ${topic}, pero muy pocos lo explican paso a paso. Esta guía lo hace de una manera sencilla y clara, como una conversación en la mesa de un café.</p>`,
      `<h2>Por qué es importante</h2>`,
      `<p>Hacerlo bien ahorra tiempo, dinero y nervios. Aquí tienes lo que hacen de forma diferente las personas que mejor lo practican, y por qué sus resultados son mejores que los de los demás.</p>`,
      `<h2>Cómo empezar</h2>`,
      `<ol>\n<li>Define qué significa el éxito para ti.</li>\n<li>Empieza con algo pequeño y mide los resultados.</li>\n<li>Quédate con lo que funciona.</li>\n</ol>`,
      `<h3>Errores frecuentes</h3>`,
      `<ul>\n<li>Intentar hacerlo todo a la vez.</li>\n<li>No prestar atención a los datos.</li>\n</ul>`,
      `<blockquote>El progreso es mejor que la perfección.</blockquote>`,
      `<h2>Conclusión</h2>`,
      `<p>Con estos pasos, se convierte en un hábito y deja de ser una obligación. Empieza hoy mismo y verás la diferencia en pocas semanas.</p>`,
    ],
    excerpt: (topic) => `Una guía práctica, paso a paso, sobre ${topic}: por qué importa, cómo empezar y qué errores evitar.`,
    category: "Guías",
    tags: (topic) => `${topic}, guía, principiantes, consejos`,
    metaDescription: (topic) => `Aprende ${topic} paso a paso: por qué importa, cómo empezar y los errores más frecuentes que debes evitar.`,
  },
  de: {
    title: (topic) => `${topic}: ein praktischer Leitfaden`,
    paragraphs: (topic) => [
      `<p>Alle reden über ${topic}, aber nur wenige erklären es Schritt für Schritt. Dieser Leitfaden macht es einfach und verständlich, wie ein Gespräch am Küchentisch.</p>`,
      `<h2>Warum es wichtig ist</h2>`,
      `<p>Wer es richtig macht, spart Zeit, Geld und Nerven. Hier erfährst du, was die besten Praktiker anders machen und warum ihre Ergebnisse besser sind als die der anderen.</p>`,
      `<h2>Der Einstieg</h2>`,
      `<ol>\n<li>Lege fest, wie Erfolg für dich aussieht.</li>\n<li>Fang klein an und miss die Ergebnisse.</li>\n<li>Behalte, was funktioniert.</li>\n</ol>`,
      `<h3>Häufige Fehler</h3>`,
      `<ul>\n<li>Alles auf einmal machen wollen.</li>\n<li>Die Daten nicht beachten.</li>\n</ul>`,
      `<blockquote>Fortschritt ist wichtiger als Perfektion.</blockquote>`,
      `<h2>Fazit</h2>`,
      `<p>Mit diesen Schritten wird es zur Gewohnheit und nicht zur lästigen Pflicht. Fang noch heute an und du wirst den Unterschied schon nach wenigen Wochen sehen.</p>`,
    ],
    excerpt: (topic) => `Ein praktischer Leitfaden zu ${topic}: warum es wichtig ist, wie man anfängt und welche Fehler man vermeidet.`,
    category: "Ratgeber",
    tags: (topic) => `${topic}, Anleitung, Einsteiger, Tipps`,
    metaDescription: (topic) => `Lerne ${topic} Schritt für Schritt: warum es wichtig ist, wie du anfängst und welche Fehler du vermeiden solltest.`,
  },
  fr: {
    title: (topic) => `${topic} : un guide pratique`,
    paragraphs: (topic) => [
      `<p>Tout le monde parle de ${topic}, mais très peu de gens l'expliquent étape par étape. Ce guide le fait de façon simple et claire, comme une discussion à la terrasse d'un café.</p>`,
      `<h2>Pourquoi c'est important</h2>`,
      `<p>Bien le faire permet de gagner du temps, de l'argent et de la tranquillité. Voici ce que font différemment ceux qui le pratiquent le mieux, et pourquoi leurs résultats sont meilleurs que ceux des autres.</p>`,
      `<h2>Pour commencer</h2>`,
      `<ol>\n<li>Définissez ce que la réussite signifie pour vous.</li>\n<li>Commencez petit et mesurez les résultats.</li>\n<li>Gardez ce qui fonctionne.</li>\n</ol>`,
      `<h3>Les erreurs fréquentes</h3>`,
      `<ul>\n<li>Vouloir tout faire en même temps.</li>\n<li>Ne pas tenir compte des données.</li>\n</ul>`,
      `<blockquote>Le progrès vaut mieux que la perfection.</blockquote>`,
      `<h2>Conclusion</h2>`,
      `<p>Avec ces étapes, cela devient une habitude et non plus une corvée. Commencez dès aujourd'hui et vous verrez la différence en quelques semaines.</p>`,
    ],
    excerpt: (topic) => `Un guide pratique, étape par étape, sur ${topic} : pourquoi c'est important, comment commencer et quelles erreurs éviter.`,
    category: "Guides pratiques",
    tags: (topic) => `${topic}, guide, débutants, conseils`,
    metaDescription: (topic) => `Apprenez ${topic} étape par étape : pourquoi c'est important, comment commencer et les erreurs à éviter.`,
  },
};

export interface FakeArticleFields extends Record<string, string> {
  title: string;
  content: string;
}

/** The languages the fake writes in besides English. */
export const FAKE_ARTICLE_LANGUAGES = Object.keys(TEXTS);

/**
 * The article's field values in the requested language (by its primary
 * subtag: "es-MX" is written as "es"), or undefined for a language the fake
 * has no text for. `slugOf` makes the slug as a model would: from the title.
 */
export function articleInLanguage(
  tag: string,
  topic: string,
  slugOf: (title: string) => string,
): FakeArticleFields | undefined {
  const texts = TEXTS[tag.split("-")[0].toLowerCase()];
  if (!texts) return undefined;
  const title = texts.title(topic.charAt(0).toUpperCase() + topic.slice(1));
  return {
    title,
    content: texts.paragraphs(topic).join("\n"),
    excerpt: texts.excerpt(topic),
    category: texts.category,
    tags: texts.tags(topic),
    meta_description: texts.metaDescription(topic).slice(0, 160),
    focus_keyword: topic.toLowerCase(),
    slug: slugOf(title),
  };
}
