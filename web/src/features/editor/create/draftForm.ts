import { useEffect, useState, type ChangeEvent } from "react";
import * as z from "zod/mini";
import {
  ARTICLE_IDEA_MAX_LENGTH,
  EXISTING_ARTICLE_MAX_LENGTH,
} from "@contracts/article";
import type { GeneratedDraft } from "@contracts/article_save";
import {
  ARTICLE_LIMITS,
  tooLongMessage,
} from "@contracts/text_limits";
import {
  ARTICLE_MESSAGES,
  articleContent,
  articleExcerpt,
  articleTitle,
  requiredCommaList,
  requiredText,
  SEO_FIELD_LIMITS,
  tagLimits,
  type ArticleTextInForm,
} from "../../articles/index";
import type { GeneratedArticle } from "../data/articleDrafts";
import { fieldElement } from "../../../lib/focusField";
import { showsText, withoutUnfinishedTag } from "./partialHtml";
import { splitCommaList } from "../../../lib/tagList";

const trimmed = z.string().check(z.trim());

/** The AI section: what to write from, which assistant writes it, and in which language. */
export const aiRequestSchema = z
  .object({
    idea: trimmed.check(
      z.maxLength(ARTICLE_IDEA_MAX_LENGTH, `Keep the article idea under ${ARTICLE_IDEA_MAX_LENGTH} characters`),
    ),
    existingArticle: trimmed.check(
      z.maxLength(
        EXISTING_ARTICLE_MAX_LENGTH,
        `Keep the existing article under ${EXISTING_ARTICLE_MAX_LENGTH} characters`,
      ),
    ),
    assistantId: z.string().check(z.trim(), z.minLength(1, ARTICLE_MESSAGES.assistant)),
    /** The article's language; "" keeps the assistant's. */
    locale: z.string(),
  })
  .check(
    z.refine((request) => request.idea !== "" || request.existingArticle !== "", {
      message: ARTICLE_MESSAGES.ideaOrArticle,
      path: ["idea"],
    }),
  );

/** A new article's form: one category (spec §2), the tags comma separated. */
export type DraftValues = Omit<ArticleTextInForm, "categories"> & { category: string };

export const createArticleSchema = z.object({
  title: articleTitle,
  content: articleContent,
  excerpt: articleExcerpt,
  category: requiredText(
    ARTICLE_MESSAGES.category,
    ARTICLE_LIMITS.categories.itemLength,
    tooLongMessage("Category", ARTICLE_LIMITS.categories.itemLength),
  ),
  tags: requiredCommaList(ARTICLE_MESSAGES.tags, tagLimits),
  metaDescription: requiredText(ARTICLE_MESSAGES.metaDescription, ...SEO_FIELD_LIMITS.metaDescription),
  focusKeyword: requiredText(ARTICLE_MESSAGES.focusKeyword, ...SEO_FIELD_LIMITS.focusKeyword),
  slug: requiredText(ARTICLE_MESSAGES.slug, ...SEO_FIELD_LIMITS.slug),
});

export const EMPTY_DRAFT: DraftValues = {
  title: "",
  content: "",
  excerpt: "",
  category: "",
  tags: "",
  metaDescription: "",
  focusKeyword: "",
  slug: "",
};

/** The form fields an AI article (or the part of it written so far) fills. */
export function draftFromGenerated(article: Partial<GeneratedArticle>): Partial<DraftValues> {
  const fields: Partial<DraftValues> = {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    category: article.category,
    tags: article.tags,
    metaDescription: article.meta_description,
    focusKeyword: article.focus_keyword,
    slug: article.slug,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * A finished AI draft in the article's fields, mapped as Save maps the form
 * (one category, tags split at commas): save-article keeps it as the new
 * article's 'ai' revision.
 */
export function generatedDraftOf(article: GeneratedArticle): GeneratedDraft {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    metaDescription: article.meta_description,
    focusKeyword: article.focus_keyword,
    slug: article.slug,
    categories: article.category.trim() ? [article.category.trim()] : [],
    tags: splitCommaList(article.tags),
  };
}

/** The fields of an AI article still streaming in: like draftFromGenerated, without a tag cut off at the end of Content. */
export function draftFromPartial(article: Partial<GeneratedArticle>): Partial<DraftValues> {
  const fields = draftFromGenerated(article);
  if (fields.content !== undefined) fields.content = withoutUnfinishedTag(fields.content);
  return fields;
}

/** Whether a streamed draft has anything to show yet: markup alone (an opening "<p>") does not count. */
export function draftShowsText(fields: Partial<DraftValues>): boolean {
  return Object.entries(fields).some(([name, value]) => name === "content" ? showsText(value) : value.trim() !== "");
}

/** Whether any article field holds text (then an AI draft would replace something). */
export const hasArticleText = (values: DraftValues) => Object.values(values).some((value) => value.trim() !== "");

type FieldErrors = Partial<Record<keyof DraftValues, string>>;

/**
 * The article fields of Create New Post. Like `useForm`, but the AI draft can
 * also `fill` them as it streams in. Validated on save, then re-checked on
 * every change so messages clear as the user fixes them.
 */
export function useDraftForm() {
  const [values, setValues] = useState(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);

  const validate = (candidate: DraftValues) => {
    const result = createArticleSchema.safeParse(candidate);
    const next: FieldErrors = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const name = issue.path[0] as keyof DraftValues;
      next[name] ??= issue.message;
    }
    setErrors(next);
    return result;
  };

  useEffect(() => {
    if (checked) validate(values);
  }, [values, checked]);

  const field = <K extends keyof DraftValues>(name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });

  const fill = (fields: Partial<DraftValues>) => setValues((previous) => ({ ...previous, ...fields }));

  /** Validates for saving; on failure focuses the first invalid field of `form`. */
  const check = (form: HTMLFormElement) => {
    setChecked(true);
    const result = validate(values);
    if (!result.success) {
      const firstInvalid = result.error.issues[0]?.path[0];
      if (typeof firstInvalid === "string") fieldElement(form, firstInvalid)?.focus();
    }
    return result;
  };

  return { values, errors, field, fill, check };
}
