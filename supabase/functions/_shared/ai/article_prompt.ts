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
  /** What the user asked for besides the idea (a bulk batch's CSV columns). */
  brief?: ArticleBrief;
  /**
   * Further material for the model, each block appended to the request as a
   * paragraph of its own (for example the user's own pages to link to). The
   * caller states in each block what it is and what to do with it.
   */
  context?: readonly string[];
}

export interface ArticleBrief {
  focusKeyword?: string | null;
  categories?: readonly string[];
  tags?: readonly string[];
}

/**
 * System: the assistant's instructions plus the output contract. User: the
 * idea and/or the pasted article, then the brief and the context, if any.
 */
export function buildArticleMessages(instructions: string, source: ArticleSource): ChatCompletionMessageParam[] {
  const request = [userRequest(source), ...briefLines(source.brief ?? {}), ...(source.context ?? [])]
    .filter((block) => block.trim())
    .join("\n\n");
  return [
    {
      role: "system",
      content: `${instructions.trim() || DEFAULT_ASSISTANT_INSTRUCTIONS}\n\n${ARTICLE_OUTPUT_CONTRACT}`,
    },
    { role: "user", content: request },
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

function briefLines({ focusKeyword, categories = [], tags = [] }: ArticleBrief): string[] {
  return [
    focusKeyword?.trim()
      ? `Focus keyword: ${focusKeyword.trim()} (use it as the focus_keyword, in the title, the first paragraph and the meta description).`
      : "",
    categories.length ? `Category: ${categories.join(", ")}.` : "",
    tags.length ? `Tags: ${tags.join(", ")}.` : "",
  ];
}
