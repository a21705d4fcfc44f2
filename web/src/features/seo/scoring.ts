import { sessionState } from "../auth/index";
import type { ArticleInput } from "./analysis/articleChecks";
import type { ArticleReport } from "./analysis/analyze";
import { storeArticleScore } from "./data/articleScores";
import { ensureSeoSettings, ensureSiteHosts, seoState } from "./seoStore";

/**
 * The analysis code (checks, syllable counter, language detector) loads
 * with the first article analysed, not with the screens that show scores.
 */
const loadAnalysis = () => import("./analysis/analyze");

/**
 * The report of an article's fields with the user's current settings. An
 * article's own locale (a BCP-47 tag, e.g. "es-MX") names its language for
 * the checks (its primary subtag), instead of the settings' choice or
 * detection; checks without rules for it say "Not checked for this language".
 */
export async function reportOf(fields: ArticleInput, locale?: string): Promise<ArticleReport> {
  const [{ reportArticle }] = await Promise.all([loadAnalysis(), ensureSeoSettings(), ensureSiteHosts()]);
  const { settings, siteHosts } = seoState;
  const language = locale ? locale.split("-")[0].toLowerCase() : settings.language;
  return reportArticle(fields, { language, disabledChecks: settings.disabledChecks, siteHosts });
}

/**
 * Scores a saved article's text, in its own language when it has one (as
 * the editor's panel does), and stores the score for its card and bulk
 * review. Best effort: a failure leaves the article unscored (the card says
 * so) and is logged, never shown as an error of the save it follows.
 */
export async function scoreSavedArticle(
  articleId: string,
  fields: ArticleInput,
  locale?: string | null,
): Promise<number | null> {
  const userId = sessionState.user?.id;
  try {
    const { score } = await reportOf(fields, locale ?? undefined);
    if (score !== null && userId) await storeArticleScore(userId, articleId, score);
    return score;
  } catch (error) {
    console.error("Storing the SEO score failed", error);
    return null;
  }
}
