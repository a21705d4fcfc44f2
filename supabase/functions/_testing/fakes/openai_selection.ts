/**
 * The fake OpenAI's answers to edit-selection's requests
 * (_shared/ai/selection_prompt.ts): a passage between `<passage>` lines, an
 * `Action:` line, a `Tone:` line for change-tone and the output-language
 * requirement "Write the edited passage in Spanish (es): …". A real model
 * asked so answers with the edited passage alone, in the passage's form (the
 * same HTML elements, or plain text), in the language required; the fake
 * does the same with a deterministic transform, so tests can tell each
 * action apart:
 * - rewrite: the first text begins "Put simply, ";
 * - shorten: each run of text keeps the first half of its words (and the spaces around it);
 * - expand: a sentence is added to the last run of text;
 * - change-tone: the first text begins with the tone's opener (TONE_OPENERS);
 * - translate: the passage's text becomes a fixture sentence in the language
 *   (in the passage's block element, when it is one) when the fake has one
 *   (es, de, fr), else it is answered unchanged, as an
 *   article is answered in English for a language without fixture texts
 *   (openai_article_languages.ts); scenario "language-drift" answers
 *   unchanged whatever is asked.
 * Tags are kept as they came (a text run is what lies between two tags).
 */

/** A request of edit-selection's, known by its passage delimiters and action line. */
export function isSelectionRequest(userText: string): boolean {
  return /^Action: [a-z-]+$/m.test(userText) &&
    /\n<passage>\n[\s\S]*\n<\/passage>$/.test(userText);
}

export const TONE_OPENERS: Readonly<Record<string, string>> = {
  neutral: "Note that ",
  friendly: "Here's the thing: ",
  professional: "In short, ",
  persuasive: "Make no mistake: ",
  playful: "Fun fact: ",
  authoritative: "The evidence is clear: ",
};

const TRANSLATIONS: Readonly<Record<string, string>> = {
  es: "Este es el pasaje seleccionado, escrito de nuevo en español para el artículo.",
  de: "Dies ist der ausgewählte Abschnitt, für den Artikel neu auf Deutsch geschrieben.",
  fr: "Voici le passage sélectionné, écrit de nouveau en français pour l'article.",
};

const EXPANSION = " Small, steady steps like this add up over time, and they are easier to keep.";

/** Applies `change` to the text runs of `html` (what lies outside tags), with each run's index and the count. */
function mapTextRuns(
  html: string,
  change: (text: string, index: number, count: number) => string,
): string {
  const parts = html.split(/(<[^>]*>)/);
  const runs = parts.map((part, index) => ({ part, index })).filter((
    { part },
  ) => !part.startsWith("<") && part.trim());
  runs.forEach(({ part, index }, order) => {
    parts[index] = change(part, order, runs.length);
  });
  return parts.join("");
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function withOpener(passage: string, opener: string): string {
  return mapTextRuns(
    passage,
    (
      text,
      index,
    ) => (index === 0
      ? text.replace(
        /^(\s*)(.*)$/s,
        (_, space, rest) => `${space}${opener}${lowerFirst(rest)}`,
      )
      : text),
  );
}

/** The edited passage, as described at the top of this file. */
export function selectionAnswer(userText: string, drift: boolean): string {
  const action = /^Action: ([a-z-]+)$/m.exec(userText)?.[1];
  const tone = /^Tone: ([a-z-]+)$/m.exec(userText)?.[1] ?? "neutral";
  const language = /Write the edited passage in [^\n]*?\(([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\):/
    .exec(userText)?.[1];
  const passage = /\n<passage>\n([\s\S]*)\n<\/passage>$/.exec(userText)?.[1] ??
    "";
  switch (action) {
    case "rewrite":
      return withOpener(passage, "Put simply, ");
    case "shorten":
      return mapTextRuns(passage, (text) => {
        const words = text.trim().split(/\s+/);
        const [, before, after] = /^(\s*)[\s\S]*?(\s*)$/.exec(text)!;
        return `${before}${words.slice(0, Math.ceil(words.length / 2)).join(" ")}${after}`;
      });
    case "expand":
      return mapTextRuns(
        passage,
        (
          text,
          index,
          count,
        ) => (index === count - 1 ? `${text.trimEnd()}${EXPANSION}` : text),
      );
    case "change-tone":
      return withOpener(passage, TONE_OPENERS[tone] ?? TONE_OPENERS.neutral);
    case "translate": {
      const sentence = !drift && language ? TRANSLATIONS[language.split("-")[0]] : undefined;
      if (!sentence) return passage;
      // One block's text becomes the sentence, in that block's element.
      const block = /^<(p|h2|h3|li|blockquote)\b[^>]*>[\s\S]*<\/\1>$/.exec(passage.trim())?.[1];
      return block ? `<${block}>${sentence}</${block}>` : sentence;
    }
    default:
      return passage;
  }
}
