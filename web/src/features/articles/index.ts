export { LazyArticlePreviewModal } from "./LazyArticlePreviewModal";
export { ARTICLE_MESSAGES, SEO_FIELD_LIMITS, articleContent, articleExcerpt, articleTitle, categoryLimits, commaList, optionalText, requiredCommaList, requiredText, tagLimits } from "./articleValidation";
export { ARTICLE_STATUSES, ArticleConflictError, createArticle, getArticle, listScheduleTargets, saveArticle, toArticle, updateArticle } from "./data/articles";
export type { Article, ArticleChanges, ArticleStatus, ArticleText, ArticleTextInForm, ScheduleTarget } from "./data/articles";
