import type OpenAI from "openai";

type ChatCompletionMessageParam = OpenAI.Chat.ChatCompletionMessageParam;

/** Used when an assistant has no instructions of its own. */
export const DEFAULT_ASSISTANT_INSTRUCTIONS = "You are an experienced blog writer and SEO editor.";

/**
 * Appended to every assistant's instructions. Structured output enforces the
 * shape; this states what each field must contain.
 */
export const ARTICLE_OUTPUT_CONTRACT = [
  "Answer with one JSON object and nothing else. Its fields, all strings, in this order:",
  "- content: the complete article as clean semantic HTML (h2, h3, p, ul, ol, li, strong, em, a, blockquote),",
  "  without html, head, body or h1 elements, scripts or styles;",
  "- title: the article title, plain text;",
  "- excerpt: a one or two sentence summary, plain text;",
  "- category: one category name;",
  "- tags: three to eight tags as one comma-separated string;",
  "- meta_description: plain text, at most 160 characters, containing the focus keyword;",
  "- focus_keyword: the one key phrase the article should rank for;",
  "- slug: lowercase words joined by hyphens.",
  "Write in the language of the user's text.",
].join("\n");

export interface ArticleSource {
  idea?: string | null;
  existingArticle?: string | null;
}

/** System: the assistant's instructions plus the output contract. User: the idea and/or the pasted article. */
export function buildArticleMessages(instructions: string, source: ArticleSource): ChatCompletionMessageParam[] {
  return [
    {
      role: "system",
      content: `${instructions.trim() || DEFAULT_ASSISTANT_INSTRUCTIONS}\n\n${ARTICLE_OUTPUT_CONTRACT}`,
    },
    { role: "user", content: userRequest(source) },
  ];
}

function userRequest({ idea, existingArticle }: ArticleSource): string {
  if (existingArticle && idea) {
    return `Improve my existing article, following this idea: ${idea}\n\nThe article:\n\n${existingArticle}`;
  }
  if (existingArticle) {
    return `Improve my existing article and fill in its SEO fields.\n\nThe article:\n\n${existingArticle}`;
  }
  return `Write an article based on this idea: ${idea ?? ""}`;
}
