export { listArticleTemplates } from "./data/articleTemplates";
export type { ArticleTemplate } from "./data/articleTemplates";
