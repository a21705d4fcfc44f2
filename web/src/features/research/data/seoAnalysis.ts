import { seoAnalysisSchema, type SeoAnalysis } from "@contracts/seo";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { SeoAnalysis };

export const SEO_FAILURE_MESSAGE = "Failed to complete SEO analysis. Please try again.";

/**
 * An AI-estimated SEO analysis of a website (the `seo-analysis` function;
 * the site itself is never fetched). Throws an Error carrying the server's
 * message, else the spec's failure message.
 */
export async function requestSeoAnalysis(url: string): Promise<SeoAnalysis> {
  const { data, error } = await supabase.functions.invoke("seo-analysis", { body: { url } });
  if (error) throw await requestFailure(error, SEO_FAILURE_MESSAGE);
  const parsed = seoAnalysisSchema.safeParse(data);
  if (!parsed.success) throw new Error(SEO_FAILURE_MESSAGE);
  return parsed.data;
}
