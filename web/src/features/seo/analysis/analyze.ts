/**
 * The analysis as the panel, bulk review and Publish run it: the language
 * resolved (the user's choice, or detected from the text), then every
 * check, then the score with the user's checks switched off left out.
 */
import { analyzeArticle, type ArticleAnalysis, type ArticleInput } from "./articleChecks";
import { readArticle } from "./articleText";
import { detectLanguage, languageRules } from "./languages";
import { seoScore } from "./score";

export interface AnalysisSettings {
  /** "auto" or a language code. */
  language: string;
  disabledChecks: readonly string[];
  siteHosts: readonly string[];
}

export interface ArticleReport extends ArticleAnalysis {
  /** The language the checks assumed; null when it could not be told. */
  language: { code: string; name: string; detected: boolean } | null;
  /** 0–100, or null when no enabled check applies. */
  score: number | null;
}

/** Mark and measure names in the Performance timeline (the benchmark reads them). */
export const RECOMPUTE_MEASURE = "inkpress:seo-recompute";

/** The whole recompute (language detection included) is measured as RECOMPUTE_MEASURE. */
export async function reportArticle(input: ArticleInput, settings: AnalysisSettings): Promise<ArticleReport> {
  const started = performance.now();
  let code: string | null = settings.language === "auto" ? null : settings.language;
  const detected = code === null;
  if (detected) {
    const text = readArticle(input.content).blocks.map((block) => block.text).join("\n");
    code = await detectLanguage(`${input.title}\n${text}`);
  }
  const analysis = analyzeArticle(input, { language: code, siteHosts: settings.siteHosts });
  performance.measure(RECOMPUTE_MEASURE, { start: started, end: performance.now() });
  const rules = code ? languageRules(code) : null;
  return {
    ...analysis,
    language: rules ? { code: rules.code, name: rules.name, detected } : null,
    score: seoScore(analysis.checks, new Set(settings.disabledChecks)),
  };
}
